import { sql } from "drizzle-orm";
import type { Db } from "../core/context";
import type { Logger } from "../core/logger";
import { lessonMessages } from "./lesson-messages";
import { messagesTo } from "./channels";
import { enqueue, type OutboxRow } from "./outbox";
import { settings } from "../core/settings";
import type { UserRow } from "../domain/identity/users";

type Kind = keyof typeof settings.lessons.reminders;

/**
 * Lesson reminders, 1 day and 1 hour before the start (every five minutes). A lesson is due for
 * the day reminder when it starts within a day but more than an hour away, and for the hour
 * reminder when it starts within the hour. Each message carries the dedupe key
 * `reminder:<lessonId>:<1d|1h>:<userId>:<channel>`, so repeated runs send each one once. The
 * stored rows are handed to `queue` (the notifications queue, delivery.ts) in one call.
 */
export async function sendLessonReminders(
  db: Db,
  now: Date,
  logger: Logger,
  queue: ((rows: OutboxRow[]) => Promise<void>) | null = null,
): Promise<number> {
  const at = now.getTime();
  const windows: Array<[Kind, string, string]> = [
    ["1h", new Date(at).toISOString(), new Date(at + settings.lessons.reminders["1h"]).toISOString()],
    [
      "1d",
      new Date(at + settings.lessons.reminders["1h"]).toISOString(),
      new Date(at + settings.lessons.reminders["1d"]).toISOString(),
    ],
  ];
  const stored: OutboxRow[] = [];
  for (const [kind, from, to] of windows) {
    const due = await db.all<{ lessonId: number; start: string; user: string }>(sql`
      SELECT l.id AS lessonId, l.start AS start, json_object(
        'id', u.id, 'email', u.email, 'phone', u.phone, 'verifiedPhone', u.verified_phone,
        'notificationMethod', u.notification_method, 'telegramChatId', u.telegram_chat_id, 'timeZone', u.time_zone) AS user
      FROM lessons l JOIN lesson_members m ON m.lesson_id = l.id JOIN users u ON u.id = m.user_id
      WHERE l.canceled_at IS NULL AND l.start > ${from} AND l.start <= ${to}
        AND NOT EXISTS (SELECT 1 FROM notifications_outbox o WHERE o.dedupe_key = 'reminder:' || l.id || ':' || ${kind} || ':' || u.id || ':email')
      ORDER BY l.start LIMIT 500`);
    for (const row of due) {
      const user = JSON.parse(row.user) as UserRow;
      user.verifiedPhone = Boolean(user.verifiedPhone);
      for (const message of messagesTo(
        user,
        lessonMessages.reminder(row.start, kind),
        `reminder:${row.lessonId}:${kind}:${user.id}`,
      )) {
        const row = await enqueue(db, message, now);
        if (row) stored.push(row);
      }
    }
  }
  if (queue) await queue(stored);
  logger.info("lesson reminders queued", { queued: stored.length });
  return stored.length;
}
