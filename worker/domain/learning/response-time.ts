import { sql } from "drizzle-orm";
import { Role } from "../../../schema/enums";
import { DAY_MS, SECOND_MS } from "../../../schema/time";
import type { Db } from "../../core/context";
import { statement } from "../../core/db";
import type { Logger } from "../../core/logger";
import { flushTutorListCache } from "../tutors/tutor-list";

/** docs/rules.md, "Learning after the lesson": a tutor's usual reply time looks this far back. */
export const RESPONSE_WINDOW_DAYS = 30;
/** Fewer answered first messages than this in the window, and no reply time is shown. */
export const MIN_RESPONSE_CONVERSATIONS = 5;

/**
 * How a chat room began, read by the room from its own messages (durable-objects/chat-room.ts):
 * the first message's sender and time, and the first message from anyone else (the reply).
 */
export type RoomOpening = {
  firstSenderId: number;
  firstAt: string;
  reply: { senderId: number; at: string } | null;
};

/**
 * The statement that keeps the room's chat_first_replies row, run in the same batch as the room's
 * last-message summary (worker/domain/chat/chat.ts recordLastMessage). A row exists only when a
 * student sent the room's first message to a tutor, within the window; the tutor's first reply
 * completes it once (a later write never moves it). A room a tutor started, or between two tutors,
 * writes nothing.
 */
export function firstReplyStatement(
  db: Db,
  roomId: number,
  opening: RoomOpening,
  now = new Date(),
): D1PreparedStatement {
  const cutoff = new Date(now.getTime() - RESPONSE_WINDOW_DAYS * DAY_MS).toISOString();
  const reply = opening.reply;
  const seconds = reply
    ? Math.max(0, Math.round((Date.parse(reply.at) - Date.parse(opening.firstAt)) / SECOND_MS))
    : null;
  return statement(
    db,
    sql`INSERT INTO chat_first_replies (room_id, tutor_id, student_id, first_message_at, first_reply_at, reply_seconds)
      SELECT ${roomId}, t.id, s.id, ${opening.firstAt}, ${reply?.at ?? null}, ${seconds}
      FROM users s JOIN chat_room_members m ON m.room_id = ${roomId} AND m.user_id <> s.id
        JOIN users t ON t.id = m.user_id
      WHERE s.id = ${opening.firstSenderId} AND s.role = ${Role.Student}
        AND t.role IN (${Role.Tutor}, ${Role.TutorManager})
        AND ${opening.firstAt} >= ${cutoff}
        AND (${reply?.senderId ?? null} IS NULL OR ${reply?.senderId ?? null} = t.id)
        AND EXISTS (SELECT 1 FROM chat_room_members me WHERE me.room_id = ${roomId} AND me.user_id = s.id)
      ON CONFLICT (room_id) DO UPDATE SET first_reply_at = excluded.first_reply_at, reply_seconds = excluded.reply_seconds
      WHERE chat_first_replies.first_reply_at IS NULL AND excluded.first_reply_at IS NOT NULL`,
  );
}

/**
 * The hourly job: each tutor's median first-reply time over the window (null under
 * MIN_RESPONSE_CONVERSATIONS answered first messages), for tutors with rows in the window and
 * those still showing a time; the tutor list's cached pages are flushed when any changed.
 */
export async function refreshResponseTimes(db: Db, now: Date, logger?: Logger): Promise<number> {
  const cutoff = new Date(now.getTime() - RESPONSE_WINDOW_DAYS * DAY_MS).toISOString();
  const median = sql`(SELECT CASE WHEN max(r.c) >= ${MIN_RESPONSE_CONVERSATIONS} THEN CAST(round(avg(r.reply_seconds)) AS INTEGER) END
      FROM (SELECT reply_seconds, row_number() OVER (ORDER BY reply_seconds) AS n, count(*) OVER () AS c
        FROM chat_first_replies WHERE tutor_id = tutors.id AND first_message_at >= ${cutoff} AND reply_seconds IS NOT NULL) r
      WHERE r.n IN ((r.c + 1) / 2, (r.c + 2) / 2))`;
  const result = await db.run(
    sql`UPDATE tutors SET response_seconds = ${median}
      WHERE (response_seconds IS NOT NULL
        OR id IN (SELECT tutor_id FROM chat_first_replies WHERE first_message_at >= ${cutoff}))
        AND response_seconds IS NOT ${median}`,
  );
  const changed = result.meta.changes ?? 0;
  if (changed > 0) {
    await flushTutorListCache(db);
    logger?.info("tutor reply times refreshed", { count: changed });
  }
  return changed;
}
