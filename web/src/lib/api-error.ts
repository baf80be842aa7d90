import { isErrorCode } from "@schema/errors";
import { rememberApiMessage } from "../i18n/ar-EG";

/**
 * A failed API call: the catalogue code from the body (kept as sent, known or not), the HTTP
 * status (0 when the server could not be reached) and per-field validation codes.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(code: string, status: number, message?: string, fields: Record<string, string> = {}) {
    super(message || code);
    // The API's Arabic message of its code (schema/error-messages.ts): shown even before the catalogue arrives.
    if (message && isErrorCode(code)) rememberApiMessage(code, message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The code a failure without a readable body stands for. */
function codeForStatus(status: number): string {
  if (status === 401) return "unauthenticated";
  if (status === 403) return "forbidden";
  if (status === 404) return "not-found";
  if (status === 413) return "large-file-size";
  if (status === 429) return "too-many-requests";
  if (status === 502 || status === 503 || status === 504) return "service-unavailable";
  return "unexpected";
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === "string")
  );
}

/** Turns an error response (`{ code, message, fields? }` or anything else) into an ApiError. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  if (typeof body === "object" && body !== null && "code" in body && typeof body.code === "string") {
    const message = "message" in body && typeof body.message === "string" ? body.message : undefined;
    const fields = "fields" in body && isStringRecord(body.fields) ? body.fields : {};
    return new ApiError(body.code, status, message, fields);
  }
  return new ApiError(codeForStatus(status), status);
}

/** The catalogue code of any failure, for showing its Arabic message. */
export function errorCodeOf(error: unknown): string {
  return isApiError(error) ? error.code : "unexpected";
}
