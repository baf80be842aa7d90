import { sql } from "drizzle-orm";
import { InterviewStatus, PhotoSessionStatus, ReviewStatus } from "../../schema/enums";
import type { Db } from "../core/context";
import type { Logger } from "../core/logger";
import { lessonMessages } from "./lesson-messages";
import { messagesTo } from "./channels";
import { enqueue, type OutboxRow } from "./outbox";
import { settings } from "../core/settings";
import { parseRecipient, recipientJsonSql } from "./preferences";
import { timeMark } from "./clock";

type Kind = keyof typeof settings.lessons.reminders;

/** Every appointment the cron reminds of: lessons, and the onboarding ones (docs/rules.md, Notifications). */
export type Appointment = "lesson" | "interview" | "demo" | "photo";

/** The onboarding appointments' reminders, in the voice of lessonMessages.reminder. */
export const appointmentMessages = {
  interview: (start: string, kind: Kind) => ({
    subject: kind === "1d" ? "تذكير: مقابلتك بعد يوم" : "تذكير: مقابلتك بعد ساعة",
    body: `تذكير بمقابلتك في درس يوم ${timeMark(start)}. ادخل غرفة المقابلة قبل الميعاد بكام دقيقة.`,
  }),
  demo: (start: string, kind: Kind) => ({
    subject: kind === "1d" ? "تذكير: الحصة التجريبية بعد يوم" : "تذكير: الحصة التجريبية بعد ساعة",
    body: `تذكير بالحصة التجريبية مع مدير المدرّسين يوم ${timeMark(start)}. ادخل الغرفة قبل الميعاد بكام دقيقة.`,
  }),
  photo: (start: string, kind: Kind) => ({
    subject: kind === "1d" ? "تذكير: جلسة التصوير بعد يوم" : "تذكير: جلسة التصوير بعد ساعة",
    body: `تذكير بجلسة التصوير في الاستوديو يوم ${timeMark(start)}. تعالى قبل الميعاد بكام دقيقة.`,
  }),
};

const textOf = (appointment: Appointment, start: string, kind: Kind) =>
  appointment === "lesson"
    ? lessonMessages.reminder(start, kind)
    : appointmentMessages[appointment](start, kind);

/**
 * The dedupe key's stem: lessons keep `reminder:<lessonId>:<1d|1h>:<userId>`, the onboarding
 * appointments name theirs (`reminder:interview:<id>:…`), and each message adds `:<channel>`.
 */
export const reminderKey = (appointment: Appointment, id: number, kind: Kind, userId: number) =>
  appointment === "lesson"
    ? `reminder:${id}:${kind}:${userId}`
    : `reminder:${appointment}:${id}:${kind}:${userId}`;

/** Whether any channel's reminder was already written (so a run skips who has theirs). */
const notSent = (stem: ReturnType<typeof sql>) => sql`NOT EXISTS (SELECT 1 FROM notifications_outbox o
  WHERE o.dedupe_key IN (${stem} || ':email', ${stem} || ':push', ${stem} || ':whatsapp', ${stem} || ':telegram'))`;

/**
 * Reminders of every appointment, 1 day and 1 hour before its start (every five minutes): lessons
 * (both members), interviews (the applicant and the tutor manager), demo sessions (the tutor and
 * the tutor manager) and scheduled photo sessions (the tutor and the studio). One is due for the
 * day reminder when it starts within a day but more than an hour away, and for the hour reminder
 * when it starts within the hour. All are kind "lesson-reminders": the person's channels for it,
 * never held by quiet hours. Dedupe keys (reminderKey) make repeated runs send each once; the
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
    const due = await db.all<{ appointment: Appointment; id: number; start: string; user: string }>(sql`
      SELECT 'lesson' AS appointment, l.id AS id, l.start AS start, ${recipientJsonSql} AS user
      FROM lessons l JOIN lesson_members m ON m.lesson_id = l.id JOIN users u ON u.id = m.user_id
      WHERE l.canceled_at IS NULL AND l.start > ${from} AND l.start <= ${to}
        AND ${notSent(sql`'reminder:' || l.id || ':' || ${kind} || ':' || u.id`)}
      UNION ALL
      SELECT 'interview', i.id, i.start, ${recipientJsonSql}
      FROM interviews i JOIN users u ON u.id IN (i.interviewee_id, i.interviewer_id)
      WHERE i.status = ${InterviewStatus.Pending} AND i.canceled_at IS NULL AND i.start > ${from} AND i.start <= ${to}
        AND ${notSent(sql`'reminder:interview:' || i.id || ':' || ${kind} || ':' || u.id`)}
      UNION ALL
      SELECT 'demo', d.id, d.start, ${recipientJsonSql}
      FROM demo_sessions d JOIN users u ON u.id IN (d.tutor_id, d.tutor_manager_id)
      WHERE d.status = ${ReviewStatus.Pending} AND d.canceled_at IS NULL AND d.start > ${from} AND d.start <= ${to}
        AND ${notSent(sql`'reminder:demo:' || d.id || ':' || ${kind} || ':' || u.id`)}
      UNION ALL
      SELECT 'photo', s.id, s.scheduled_at, ${recipientJsonSql}
      FROM photo_sessions s JOIN users u ON u.id IN (s.tutor_id, s.studio_id)
      WHERE s.status = ${PhotoSessionStatus.Scheduled} AND s.scheduled_at > ${from} AND s.scheduled_at <= ${to}
        AND ${notSent(sql`'reminder:photo:' || s.id || ':' || ${kind} || ':' || u.id`)}
      ORDER BY start LIMIT 500`);
    for (const row of due) {
      const user = parseRecipient(row.user);
      for (const message of messagesTo(
        user,
        textOf(row.appointment, row.start, kind),
        "lesson-reminders",
        reminderKey(row.appointment, row.id, kind, user.id),
        now,
      )) {
        const stored_ = await enqueue(db, message, now);
        if (stored_) stored.push(stored_);
      }
    }
  }
  if (queue) await queue(stored);
  logger.info("reminders queued", { queued: stored.length });
  return stored.length;
}
