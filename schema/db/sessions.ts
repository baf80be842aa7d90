// Live-session attendance log: each join and leave of a lesson, interview or demo room.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./identity";

export const sessionAttendance = sqliteTable(
  "session_attendance",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** "lesson:12" | "interview:3" | "demo:5". */
    sessionId: text("session_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** RoomMembershipEvent enum: UserJoined 1, UserLeft 2. */
    event: integer("event").notNull(),
    at: text("at").notNull(),
  },
  (t) => [
    index("session_attendance_session_at_idx").on(t.sessionId, t.at),
    index("session_attendance_user_idx").on(t.userId),
  ],
);
