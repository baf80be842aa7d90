import type { TokenPayload } from "@schema/api/auth";

/** docs/product.md §4 "Session" and §9: refresh the token when it has less than 2 days left. */
export const tokenRefreshThresholdMs = 2 * 24 * 60 * 60 * 1000;

function decodeBase64Url(segment: string): string {
  const base64 = segment
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(segment.length / 4) * 4, "=");
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload { id, sid, iat, exp } (seconds) of a bearer token, or null when it cannot be read. */
export function readTokenPayload(token: string): TokenPayload | null {
  const payloadSegment = token.split(".")[1];
  if (!payloadSegment) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(payloadSegment));
    if (typeof payload !== "object" || payload === null) return null;
    const { id, sid, iat, exp } = payload as Record<string, unknown>;
    if (typeof id !== "number" || typeof exp !== "number") return null;
    return { id, sid: typeof sid === "string" ? sid : "", iat: typeof iat === "number" ? iat : 0, exp };
  } catch {
    // Not a token we issued: treated as no token at all.
    return null;
  }
}

/** Milliseconds until the token expires; negative once expired, null when unreadable. */
export function tokenTimeLeftMs(token: string, nowMs: number): number | null {
  const payload = readTokenPayload(token);
  return payload ? payload.exp * 1000 - nowMs : null;
}

/** docs/product.md §4: a token is expired when its exp is before now; an unreadable token counts as expired. */
export function isTokenExpired(token: string, nowMs: number): boolean {
  const timeLeft = tokenTimeLeftMs(token, nowMs);
  return timeLeft === null || timeLeft < 0;
}

/** A live token within 2 days of its expiry is due for a refresh. */
export function isTokenDueForRefresh(token: string, nowMs: number): boolean {
  const timeLeft = tokenTimeLeftMs(token, nowMs);
  return timeLeft !== null && timeLeft >= 0 && timeLeft < tokenRefreshThresholdMs;
}
