import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { SessionEndReason, SignedInSessionView } from "../../../schema/api/auth";
import { authSessions, socketTickets } from "../../../schema/db";
import { MINUTE_MS } from "../../../schema/time";
import { d1, statement } from "../../core/db";
import type { Db } from "../../core/context";

/**
 * Signed-in sessions (one per device sign-in). Every bearer token names its session (`sid`), and
 * the route's read of the signed-in user reads the session with it (worker/http/route.ts): an
 * ended session's token answers 401 on its next request and cannot be refreshed.
 */

/** A session's last-seen time is written again only when older than this (after the response). */
export const LAST_SEEN_REFRESH_MS = 5 * MINUTE_MS;

/** Socket tickets are good for this long, once. */
export const SOCKET_TICKET_LIFETIME_MS = MINUTE_MS;

/** Where a sign-in came from: the browser and system (User-Agent) and the request's country. */
export type SessionOrigin = { device: string; country: string | null };

const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const systems: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** "Chrome · Android" from a User-Agent header; what is not recognised is left out. */
export function describeDevice(userAgent: string | undefined | null): string {
  const ua = userAgent ?? "";
  const browser = browsers.find(([pattern]) => pattern.test(ua))?.[1];
  const system = systems.find(([pattern]) => pattern.test(ua))?.[1];
  const parts = [browser, system].filter(Boolean);
  return parts.length ? parts.join(" · ") : "—";
}

/** The origin of a request: Cloudflare's country (request.cf) and the User-Agent. */
export function sessionOrigin(request: Request): SessionOrigin {
  const cf = (request as Request & { cf?: { country?: unknown } }).cf;
  const country =
    typeof cf?.country === "string" && /^[A-Z]{2}$/.test(cf.country) && cf.country !== "XX"
      ? cf.country
      : null;
  return { device: describeDevice(request.headers.get("user-agent")).slice(0, 80), country };
}

/** A new session's id and the statement that stores it (for a batch, or awaited alone). */
export function openSession(db: Db, userId: number, origin: SessionOrigin, now = new Date()) {
  const id = crypto.randomUUID();
  const at = now.toISOString();
  const insert = db
    .insert(authSessions)
    .values({ id, userId, device: origin.device, country: origin.country, createdAt: at, lastSeenAt: at });
  return { id, insert };
}

/**
 * Ends the user's open sessions (all of them, or all but `keep`), as one statement for a batch; it
 * answers the ended sessions' ids, whose open sockets the caller then closes (worker/realtime/events.ts,
 * "ended-sessions"). Their socket tickets go with them when redeemed (the redemption reads the session).
 */
export function endSessionsStatement(
  db: Db,
  userId: number,
  reason: SessionEndReason,
  now = new Date(),
  keep?: string,
) {
  const open = and(eq(authSessions.userId, userId), isNull(authSessions.endedAt));
  return db
    .update(authSessions)
    .set({ endedAt: now.toISOString(), endReason: reason })
    .where(keep ? and(open, ne(authSessions.id, keep)) : open)
    .returning({ id: authSessions.id });
}

/** Ends one of the user's own sessions; false when it was not theirs or had already ended. */
export async function endSession(
  db: Db,
  userId: number,
  sessionId: string,
  reason: SessionEndReason,
  now = new Date(),
): Promise<boolean> {
  const ended = await db
    .update(authSessions)
    .set({ endedAt: now.toISOString(), endReason: reason })
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.endedAt)))
    .returning({ id: authSessions.id });
  return ended.length > 0;
}

/** The user's open sessions, most recently seen first; `current` marks the caller's own. */
export async function listSessions(
  db: Db,
  userId: number,
  currentId: string | null,
): Promise<SignedInSessionView[]> {
  const rows = await db
    .select({
      id: authSessions.id,
      device: authSessions.device,
      country: authSessions.country,
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.endedAt)))
    .orderBy(desc(authSessions.lastSeenAt))
    .limit(100);
  return rows.map((row) => ({ ...row, current: row.id === currentId }));
}

/** Moves a session's last-seen time forward (run after the response, at most every few minutes). */
export function touchSession(db: Db, sessionId: string, now = new Date()) {
  return db
    .update(authSessions)
    .set({ lastSeenAt: now.toISOString() })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.endedAt)));
}

/** Whether a session last seen at `lastSeenAt` should have that time written again now. */
export function isSeenStale(lastSeenAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(lastSeenAt) > LAST_SEEN_REFRESH_MS;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A single-use ticket for one socket (party + room name) of the signed-in session, good for
 * 60 seconds. Only its hash is stored; expired tickets are swept in the same batch.
 */
export async function issueSocketTicket(
  db: Db,
  input: { userId: number; sessionId: string; party: string; name: string },
  now = new Date(),
): Promise<{ ticket: string; expiresAt: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const ticket = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  const expiresAt = new Date(now.getTime() + SOCKET_TICKET_LIFETIME_MS).toISOString();
  await db.batch([
    db.delete(socketTickets).where(sql`${socketTickets.expiresAt} <= ${now.toISOString()}`),
    db.insert(socketTickets).values({
      id: await sha256Hex(ticket),
      userId: input.userId,
      sessionId: input.sessionId,
      party: input.party,
      name: input.name,
      expiresAt,
    }),
  ]);
  return { ticket, expiresAt };
}

/** Who a ticket admits: the user, their role and the sign-in session the ticket was issued to. */
export type TicketHolder = { id: number; role: number; sessionId: string };

/**
 * Redeems a ticket for the socket at /parties/<party>/<name>: one batch reads the holder (the
 * ticket unexpired, for this party and room, its session open, the account neither deleted nor
 * suspended) and deletes the ticket under the same conditions, so a ticket admits one socket at
 * most, even when two connections race with it. Null when it does not admit.
 */
export async function redeemSocketTicket(
  db: Db,
  ticket: string,
  party: string,
  name: string,
  now = new Date(),
): Promise<TicketHolder | null> {
  const id = await sha256Hex(ticket);
  const at = now.toISOString();
  const [holders, deleted] = await d1(db).batch([
    statement(
      db,
      sql`SELECT u.id AS id, u.role AS role, t.session_id AS sessionId
        FROM socket_tickets t
        JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL AND u.suspended_at IS NULL
        JOIN auth_sessions s ON s.id = t.session_id AND s.user_id = t.user_id AND s.ended_at IS NULL
        WHERE t.id = ${id} AND t.party = ${party} AND t.name = ${name} AND t.expires_at > ${at}`,
    ),
    statement(
      db,
      sql`DELETE FROM socket_tickets WHERE id = ${id} AND party = ${party} AND name = ${name} AND expires_at > ${at} RETURNING id`,
    ),
  ]);
  const holder = holders?.results[0] as TicketHolder | undefined;
  return holder && (deleted?.results.length ?? 0) > 0 ? holder : null;
}
