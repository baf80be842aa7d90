import { sql } from "drizzle-orm";
import { subscriptionWeeks as weeksTable } from "../../schema/db";
import type { Db } from "../core/context";
import type { Logger } from "../core/logger";
import { lessonMessages } from "../notifications/lesson-messages";
import { messagesTo } from "../notifications/channels";
import { enqueue } from "../notifications/outbox";
import {
  endExpiredSubscriptions,
  subscriptionWeeks,
  type SubscriptionRow,
} from "../domain/payments/subscriptions";
import { SubscriptionState } from "../domain/state-rules";
import { parseRecipient, recipientJsonSql } from "../notifications/preferences";
import { subscriptionWeek, weekContaining } from "../domain/lessons/weekly-minutes";

/**
 * The weekly renewal (hourly, so a week starts at most an hour late):
 * 1. every subscription still marked active gets its subscription_weeks rows up to the current
 *    week; a new week after the first is announced once ("your N minutes are ready", outbox
 *    dedupe key `renewal:<subscriptionId>:<week>:<userId>:<channel>`);
 * 2. weeks that have ended are closed with their used minutes (computed from the lessons);
 * 3. subscriptions past their end are ended.
 * Every step is idempotent: the unique (subscription, week) row and the dedupe keys decide.
 */
export async function runWeeklyRenewal(db: Db, now: Date, logger: Logger) {
  const at = now.toISOString();
  const subs = await db.all<SubscriptionRow & { lastWeek: number | null; user: string }>(sql`
    SELECT s.id, s.user_id AS userId, s.period, s.weekly_minutes AS weeklyMinutes, s.start, s."end", s.status,
      (SELECT MAX(w.week_index) FROM subscription_weeks w WHERE w.subscription_id = s.id) AS lastWeek,
      ${recipientJsonSql} AS user
    FROM subscriptions s JOIN users u ON u.id = s.user_id
    WHERE s.status = ${SubscriptionState.Active} AND s.start <= ${at}`);
  let announced = 0;
  let recorded = 0;
  for (const sub of subs) {
    const weeks = subscriptionWeeks(sub);
    const live = sub.end > at;
    const current = live ? weekContaining(sub.start, weeks, now).index : weeks - 1;
    for (let index = (sub.lastWeek ?? -1) + 1; index <= current; index++) {
      const week = subscriptionWeek(sub.start, index);
      const announce = live && index === current && index > 0;
      if (announce) {
        const user = parseRecipient(sub.user);
        // Kind weekly-minutes: the person may turn it off (docs/rules.md, Notifications).
        for (const message of messagesTo(
          user,
          lessonMessages.minutesReady(sub.weeklyMinutes),
          "weekly-minutes",
          `renewal:${sub.id}:${index}:${user.id}`,
          now,
        ))
          if (await enqueue(db, message, now)) announced++;
      }
      const inserted = await db
        .insert(weeksTable)
        .values({
          subscriptionId: sub.id,
          userId: sub.userId,
          weekIndex: index,
          weekStart: week.start,
          weekEnd: week.end,
          weeklyMinutes: sub.weeklyMinutes,
          announcedAt: announce ? at : null,
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: weeksTable.id });
      recorded += inserted.length;
    }
  }
  const closed = await db.all<{ id: number }>(sql`
    UPDATE subscription_weeks SET closed_at = ${at}, used_minutes = (
      SELECT COALESCE(SUM(l.duration), 0) FROM lessons l WHERE l.subscription_id = subscription_weeks.subscription_id
        AND l.canceled_at IS NULL AND l.reported_absent_at IS NULL
        AND l.start >= subscription_weeks.week_start AND l.start < subscription_weeks.week_end)
    WHERE closed_at IS NULL AND week_end <= ${at}
    RETURNING id`);
  const ended = await endExpiredSubscriptions(db, now);
  logger.info("weekly renewal", { announced, recorded, closed: closed.length, ended });
  return { announced, recorded, closed: closed.length, ended };
}
