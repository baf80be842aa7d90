// Signed-in devices: each bearer token names its session, and an ended session's token is refused
// (worker/http/route.ts reads the session with the user). Socket tickets are single-use and short.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./identity";

export const authSessions = sqliteTable(
  "auth_sessions",
  {
    /** Random id (UUID), carried as `sid` in the token's payload. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** The browser and system read from the User-Agent at sign-in, e.g. "Chrome · Android". */
    device: text("device").notNull(),
    /** ISO country code of the sign-in request (Cloudflare's cf.country), null when unknown. */
    country: text("country"),
    /** First seen = sign-in time. */
    createdAt: createdAt(),
    /** Updated at most every few minutes, after the response. */
    lastSeenAt: text("last_seen_at").notNull(),
    /** Set when the session is ended (sign-out, password change, role change, suspension...). */
    endedAt: text("ended_at"),
    /** Why: "sign-out", "password", "all", "role", "suspension", "ended". */
    endReason: text("end_reason"),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId, t.endedAt)],
);

export const socketTickets = sqliteTable(
  "socket_tickets",
  {
    /** SHA-256 (hex) of the ticket: the ticket itself is only in the socket URL. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    sessionId: text("session_id").notNull(),
    /** The party's class name as partyserver routes it, e.g. "user-channel". */
    party: text("party").notNull(),
    /** The room name inside the party, e.g. the user id or "lesson:12". */
    name: text("name").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("socket_tickets_expires_idx").on(t.expiresAt)],
);
