/**
 * Where the session lives in local storage (web/src/lib/session-store.ts). A module of its own, so
 * the first screen's early requests (web/src/lib/early-requests.ts) read the token without the store.
 */
export const sessionStorageKeys = {
  token: "dars.session.token",
  user: "dars.session.user",
  tutorMeta: "dars.session.tutorMeta",
} as const;
