import type { ErrorCode } from "../../schema/errors";

/**
 * A failure the API answers with a catalogue code. Thrown once where the rule is broken and
 * mapped to `{ code, message, fields? }` once, by the error mapper.
 */
export class Failure extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, ErrorCode>,
    /** Seconds the client should wait before trying again (sent as Retry-After). */
    readonly retryAfter?: number,
    /** Figures the answer carries beside the code (e.g. the amount behind deletion-blocked-by-balance). */
    readonly details?: Record<string, number>,
  ) {
    super(code);
    this.name = "Failure";
  }
}

export function fail(code: ErrorCode, fields?: Record<string, ErrorCode>): never {
  throw new Failure(code, fields);
}

/** `too-many-requests` with a Retry-After of whole seconds (at least 1). */
export function failTooMany(retryAfterSeconds: number): never {
  throw new Failure("too-many-requests", undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
}
