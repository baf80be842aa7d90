import { sign, verify } from "hono/jwt";
import type { TokenPayload } from "../../schema/api/auth";

/** Bearer tokens live 30 days; the SPA refreshes them in their last 2 days (spec 4, Session). */
export const TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

export async function issueToken(userId: number, secret: string, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  const payload: TokenPayload = { id: userId, iat, exp: iat + TOKEN_LIFETIME_SECONDS };
  return sign(payload, secret, "HS256");
}

/** The token's payload, or null when the signature, shape or expiry is wrong. */
export async function readToken(token: string, secret: string): Promise<TokenPayload | null> {
  try {
    const payload = await verify(token, secret, "HS256");
    const { id, iat, exp } = payload as Partial<TokenPayload>;
    if (!Number.isInteger(id) || typeof iat !== "number" || typeof exp !== "number") return null;
    return { id: id!, iat, exp };
  } catch {
    // Expired, malformed or forged: all mean "not signed in".
    return null;
  }
}
