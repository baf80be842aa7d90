import { apiUrl, type QueryParams } from "./api-url";
import { sessionStorageKeys } from "./session-keys";
import { isTokenExpired } from "./token";

/**
 * A first screen's GETs, sent with the stored token as soon as the page's first chunk runs
 * (web/src/first-screen-requests.ts), before React and the app are evaluated: on a phone that is
 * a few hundred milliseconds before the screen itself would ask (docs/performance.md). The API client
 * (web/src/lib/http.ts) takes an answer when it sends the same GET with the same token; one
 * nobody takes within half a minute is asked again.
 */
export type EarlyRequest = { path: string; query?: QueryParams };

type Sent = { token: string; at: number; response: Promise<Response> };

const sent = new Map<string, Sent>();
const KEPT_MS = 30_000;

/** Sends the GETs when a live token is stored (a visitor, or an expired session, sends nothing). */
export function sendEarly(requests: readonly EarlyRequest[], now: number = Date.now()): void {
  let token: string | null;
  try {
    token = localStorage.getItem(sessionStorageKeys.token);
  } catch {
    // Storage refused (a browser's privacy settings): the screen asks for its data itself.
    return;
  }
  if (token === null || isTokenExpired(token, now)) return;
  for (const { path, query } of requests) {
    const url = apiUrl(path, query);
    const response = fetch(url, {
      headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
      credentials: "include",
    });
    // A failure is the client's to handle when it takes the answer; one never taken is no error.
    response.catch(() => undefined);
    sent.set(url, { token, at: now, response });
  }
}

/** The answer to an early GET of `url` sent with `token`, taken once; none for another token or once too old. */
export function takeEarly(
  url: string,
  token: string | null,
  now: number = Date.now(),
): Promise<Response> | undefined {
  const early = sent.get(url);
  if (!early) return undefined;
  sent.delete(url);
  return early.token === token && now - early.at < KEPT_MS ? early.response : undefined;
}
