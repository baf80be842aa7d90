import type { AuthResponse } from "../../schema/api/user";
import { openSession, sessionOrigin } from "../domain/identity/auth-sessions";
import { issueToken } from "../domain/identity/token";
import { toUserView, type UserRow } from "../domain/identity/users";
import type { AppContext } from "./context";
import { fail } from "../core/failure";

/**
 * Registration and every sign-in answer the same shape: the user and a fresh bearer token. A
 * sign-in stores a new session for this device (worker/domain/identity/auth-sessions.ts) unless `sessionId`
 * names the caller's open one (a refresh keeps its session). A suspended account is refused.
 */
export async function signedIn(c: AppContext, user: UserRow, sessionId?: string): Promise<AuthResponse> {
  if (user.suspendedAt) fail("account-suspended");
  let sid = sessionId;
  if (!sid) {
    const session = openSession(c.get("db"), user.id, sessionOrigin(c.req.raw), c.get("now"));
    await session.insert;
    sid = session.id;
  }
  return { user: toUserView(user), token: await issueToken(user.id, sid, c.get("config").TOKEN_SECRET) };
}

/** The caller's address for rate limits (Cloudflare sets it; local runs share one bucket). */
export function clientAddress(c: AppContext): string {
  return c.req.header("cf-connecting-ip") ?? "local";
}
