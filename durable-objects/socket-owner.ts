// Who opened a socket: the user and the sign-in session whose single-use ticket admitted it. The
// gate (worker/parties.ts) redeems the ticket and passes both to the object in these headers; each
// object keeps them in the connection's state (partyserver stores it in the socket's attachment,
// which survives hibernation), so ending a session can close exactly the sockets it opened.

/** The user id the gate read from the ticket. */
export const USER_HEADER = "x-dars-user-id";
/** The sign-in session (auth_sessions.id) the ticket was issued to. */
export const SESSION_HEADER = "x-dars-session-id";

/** What every object keeps with a socket (the session room adds its call state). */
export type SocketOwner = { userId: number; sessionId?: string };

/**
 * Close codes the SPA acts on (web/src/lib/realtime.ts): a session that ended (sign-out, a device
 * ended, a password change or reset, a role change) signs that browser out instead of reconnecting.
 * A suspension closes with its own codes and the reason "account-suspended".
 */
export const SESSION_ENDED_CLOSE = { code: 4004, reason: "signed-out" } as const;

/** The owner the gate named, read from the upgrade request. */
export function ownerOf(request: Request): SocketOwner {
  const sessionId = request.headers.get(SESSION_HEADER);
  return {
    userId: Number(request.headers.get(USER_HEADER)),
    ...(sessionId ? { sessionId } : {}),
  };
}

/**
 * Whether a socket belongs to one of these ended sessions of the user (`null`: all of the user's
 * sessions ended, e.g. a role change). A socket opened before sockets kept their session is closed
 * too: it reconnects with a new ticket if its session is still open.
 */
export function ownedBy(
  state: SocketOwner | null | undefined,
  userId: number,
  sessionIds: readonly string[] | null,
): boolean {
  if (!state || state.userId !== userId) return false;
  return sessionIds === null || state.sessionId === undefined || sessionIds.includes(state.sessionId);
}

/** How long an object remembers an ended session: a socket ticket's whole life (60 s). */
const REMEMBER_MS = 60_000;

/**
 * The sessions this object was told ended, for a minute: a socket whose ticket was redeemed just
 * before its session ended can reach the object just after the close went out, and is refused then.
 * Kept in memory: the race it closes happens while the object is awake.
 */
export class EndedSessions {
  #ended = new Map<string, number>();

  add(sessionIds: readonly string[], now = Date.now()): void {
    this.#prune(now);
    for (const id of sessionIds) this.#ended.set(id, now);
  }

  has(sessionId: string | undefined, now = Date.now()): boolean {
    if (sessionId === undefined || this.#ended.size === 0) return false;
    this.#prune(now);
    return this.#ended.has(sessionId);
  }

  #prune(now: number): void {
    for (const [id, at] of this.#ended) if (now - at > REMEMBER_MS) this.#ended.delete(id);
  }
}
