import { ApiError, apiErrorFromBody } from "./api-error";
import { apiUrl, type QueryParams } from "./api-url";
import { takeEarly } from "./early-requests";
import { BOOKMARK_HEADER } from "@schema/api/common";

/**
 * The D1 bookmark of the last answer that carried one (only when the Worker runs with read
 * replication on: docs/capacity.md, step 3). Sent back with every request, so a read replica serves
 * this tab only once it holds what the tab's own earlier requests wrote. Kept in memory: a new tab
 * has none, and its first read goes to the primary.
 */
let bookmark: string | null = null;

/** Answers can come back out of order: the latest is kept (D1's bookmarks are fixed-width hex, so they sort as text). */
function keepBookmark(sent: string | null) {
  if (sent && (bookmark === null || sent > bookmark)) bookmark = sent;
}

/** For tests: forget the kept bookmark. */
export function resetBookmarkForTests() {
  bookmark = null;
}

export type FetchOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: QueryParams;
  token?: string | null;
  signal?: AbortSignal;
  /** Extra request headers (e.g. a form's Turnstile token). */
  headers?: Record<string, string>;
};

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    // A body that is not JSON (a proxy's error page): the status alone decides the code.
    return undefined;
  }
}

function toResult<T>(status: number, ok: boolean, text: string): T {
  const body = parseJson(text);
  if (!ok) throw apiErrorFromBody(status, body);
  if (body === undefined) throw new ApiError("unexpected", status);
  return body as T;
}

/** One call to the API, knowing nothing about the session: JSON in, JSON or ApiError out. */
export async function apiFetch<T>(
  path: string,
  { method = "GET", body, query, token, signal, headers: extra }: FetchOptions = {},
): Promise<T> {
  const headers = new Headers({ ...extra, Accept: "application/json" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (token && bookmark) headers.set(BOOKMARK_HEADER, bookmark);
  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) requestBody = body;
  else if (body !== undefined) {
    headers.set("Content-Type", "application/json");
    requestBody = JSON.stringify(body);
  }

  const url = apiUrl(path, query);
  // A first screen's GET the page already sent with this token (web/src/first-screen-requests.ts): its answer.
  const early = method === "GET" ? takeEarly(url, token ?? null) : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(url, { method, headers, body: requestBody, credentials: "include", signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError("service-unavailable", 0);
  }
  keepBookmark(response.headers.get(BOOKMARK_HEADER));
  return toResult<T>(response.status, response.ok, await response.text());
}

export type UploadOptions = {
  method?: "POST" | "PUT";
  query?: QueryParams;
  token?: string | null;
  signal?: AbortSignal;
  /** From 0 to 1 as the body is sent. */
  onProgress?: (fraction: number) => void;
};

/** A multipart upload that reports progress (fetch cannot) and can be aborted. */
export function apiUpload<T>(
  path: string,
  form: FormData,
  { method = "PUT", query, token, signal, onProgress }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, apiUrl(path, query));
    request.withCredentials = true;
    request.setRequestHeader("Accept", "application/json");
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    if (token && bookmark) request.setRequestHeader(BOOKMARK_HEADER, bookmark);
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      keepBookmark(request.getResponseHeader(BOOKMARK_HEADER));
      try {
        resolve(
          toResult<T>(request.status, request.status >= 200 && request.status < 300, request.responseText),
        );
      } catch (error) {
        reject(error);
      }
    });
    request.addEventListener("error", () => reject(new ApiError("service-unavailable", 0)));
    request.addEventListener("abort", () => reject(new DOMException("Upload aborted", "AbortError")));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}
