import { sign, verify } from "hono/jwt";
import type { TokenPayload } from "../../../schema/api/auth";
import { BoundedCache } from "../../core/bounded-cache";

/** Bearer tokens live 30 days; the SPA refreshes them in their last 2 days (docs/product.md §4, Session). */
export const TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/** A token for the user's signed-in session `sessionId` (worker/domain/identity/auth-sessions.ts stores it). */
export async function issueToken(
  userId: number,
  sessionId: string,
  secret: string,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  const payload: TokenPayload = { id: userId, sid: sessionId, iat, exp: iat + TOKEN_LIFETIME_SECONDS };
  return sign(payload, secret, "HS256");
}

/**
 * The verifying key of each secret, imported once per isolate: importing it on every request
 * showed in a CPU profile of GET /lesson/list/ under load. Keys are not tied
 * to a request, and there is one secret (two while it is being rotated).
 */
const verifyingKeys = new BoundedCache<string, Promise<CryptoKey>>({ maxSize: 4 });

function verifyingKey(secret: string): Promise<CryptoKey> {
  return verifyingKeys.getOrSet(secret, () =>
    crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["verify"],
    ),
  );
}

/**
 * Tokens whose signature checked out, by secret and token: a signed token never changes, so the
 * signature is checked once per isolate while its expiry is still checked on every use (the HMAC
 * check showed in a CPU profile of GET /lesson/list/ under load). Bounded: the least recently used leaves when full.
 */
const verifiedTokens = new BoundedCache<string, TokenPayload>({ maxSize: 2000 });

/** The token's payload, or null when the signature, shape or expiry is wrong. */
export async function readToken(
  token: string,
  secret: string,
  now = Date.now(),
): Promise<TokenPayload | null> {
  const key = `${secret}\u0000${token}`;
  const known = verifiedTokens.get(key);
  if (known) return known.exp > Math.floor(now / 1000) ? known : null;
  try {
    const payload = await verify(token, await verifyingKey(secret), "HS256");
    const { id, sid, iat, exp } = payload as Partial<TokenPayload>;
    // A token without a session (issued before sessions were stored) is no longer accepted.
    if (
      !Number.isInteger(id) ||
      typeof sid !== "string" ||
      !sid ||
      typeof iat !== "number" ||
      typeof exp !== "number"
    )
      return null;
    const verified = { id: id!, sid, iat, exp };
    verifiedTokens.set(key, verified);
    return verified;
  } catch {
    // Expired, malformed or forged: all mean "not signed in".
    return null;
  }
}
