import { ar } from "../i18n/ar-EG";
import { toasts } from "../ui/toast-store";
import { ApiError, isApiError } from "./api-error";
import { debugLog } from "./debug-log";
import { apiFetch, apiUpload, type FetchOptions, type UploadOptions } from "./http";
import { session } from "./session";

export type RequestOptions = Omit<FetchOptions, "token" | "method"> & {
  /** Public calls (sign-in, registration, config) go without the token. */
  public?: boolean;
};

let onSessionEnded: () => void = () => {};

let onPendingDeletion: () => void = () => {};

/** Where to go when the API says the account waits for its deletion (set once by the router). */
export function handlePendingDeletion(handler: () => void) {
  onPendingDeletion = handler;
}

/** Where to go when the API says the session is no longer valid (set once by the router). */
export function handleSessionEnded(handler: () => void) {
  onSessionEnded = handler;
}

/** docs/product.md §4: private requests only with a live token; the due refresh starts in the background. */
function tokenForPrivateCall(): string {
  const token = session.liveToken();
  if (token === null) {
    endSession();
    throw new ApiError("unauthenticated", 401);
  }
  void session.refreshIfDue();
  return token;
}

function endSession() {
  const { token, logoutReason } = session.getState();
  // Already signed out, or suspended: a call that was on its way when that happened, or starts
  // after it, neither changes why the session ended nor moves the user off the screen that says so.
  if (token === null && logoutReason !== null) return;
  const wasSignedIn = token !== null;
  session.logout();
  if (wasSignedIn) toasts.show({ id: "session-ended", type: "info", title: ar.errors.sessionEnded });
  onSessionEnded();
}

/** 401 ends the session and goes to sign-in; account-suspended signs out to its screen; 403 tells the user it is not allowed. */
function reactToFailure(error: unknown, isPublic: boolean, what: string): never {
  if (isApiError(error)) {
    debugLog.add(
      error.status >= 500 || error.status === 0 ? "error" : "warn",
      `[api] ${what} → ${error.status} ${error.code}`,
    );
    if (error.status === 401 && !isPublic) endSession();
    else if (error.code === "account-suspended") {
      // An admin suspended the account: signed out here too, and the router shows why.
      session.logout("suspended");
      onSessionEnded();
    } else if (error.code === "account-pending-deletion") {
      // Signed in during the deletion's grace period: the screen that offers to restore the account.
      onPendingDeletion();
    } else if (error.status === 403)
      toasts.show({ id: "forbidden", type: "error", title: ar.errors.notAllowed });
  }
  throw error;
}

async function request<T>(
  method: FetchOptions["method"],
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const { public: isPublic = false, ...fetchOptions } = options;
  const token = isPublic ? null : tokenForPrivateCall();
  try {
    return await apiFetch<T>(path, { ...fetchOptions, method, token });
  } catch (error) {
    return reactToFailure(error, isPublic, `${method} ${path}`);
  }
}

/** The API at /api/v1 with the session's bearer token. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "body">) => request<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PUT", path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PATCH", path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>("DELETE", path, options),

  async upload<T>(path: string, form: FormData, options: Omit<UploadOptions, "token"> = {}): Promise<T> {
    const token = tokenForPrivateCall();
    try {
      return await apiUpload<T>(path, form, { ...options, token });
    } catch (error) {
      return reactToFailure(error, false, `${options.method ?? "PUT"} ${path}`);
    }
  },
};
