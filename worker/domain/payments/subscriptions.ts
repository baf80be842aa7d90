import { and, desc, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import type {
  CurrentSubscription,
  SubscriptionStatus,
  SubscriptionView,
} from "../../../schema/api/subscription";
import { plans, subscriptions } from "../../../schema/db";
import { planPeriodWeeks, type PlanPeriod } from "../../../schema/enums";
import { WEEK_MS } from "../../../schema/time";
import { refundAmount as sharedRefundAmount, type RefundInputs } from "../../../schema/refund";
import { businessHourlyRateSql, currentBusinessSettings } from "../staff/platform-settings";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { d1, statement } from "../../core/db";
import { openRefundStatements, type RefundReason } from "./refunds";
import { settings } from "../../core/settings";
import {
  isLiveSubscription,
  liveSubscriptionSql,
  SubscriptionState,
  subscriptionStatus,
  subscriptionStatusSql,
} from "../state-rules";
import { tutorsChanged } from "../tutors/tutor-list";
import { weekContaining, weeksElapsed, type WeekWindow } from "../lessons/weekly-minutes";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export function toSubscriptionView(row: SubscriptionRow, now = new Date()): SubscriptionView {
  return {
    id: row.id,
    userId: row.userId,
    planId: row.planId,
    period: row.period as PlanPeriod,
    weeklyMinutes: row.weeklyMinutes,
    amount: row.amount,
    start: row.start,
    end: row.end,
    status: subscriptionStatus(row, now),
    transactionId: row.transactionId,
    canceledAt: row.canceledAt,
    refundAmount: row.refundAmount,
    createdAt: row.createdAt,
  };
}

export const subscriptionWeeks = (row: Pick<SubscriptionRow, "period">) =>
  planPeriodWeeks[row.period as PlanPeriod];

export type GrantInput = {
  userId: number;
  planId: number;
  period: PlanPeriod;
  /** Piasters actually paid (after any coupon). */
  amount: number;
  /** The paid transaction; null for subscriptions created directly (tests, demo data). */
  transactionId: number | null;
  now?: Date;
};

/**
 * Grants a plan for a period: the one code path a paid transaction calls. Starts now, lasts 4, 12
 * or 52 weeks, copies the plan's weekly minutes. One batch: subscriptions of the student whose end
 * has passed are ended first, then the insert relies on the one-active-per-student unique index
 * (subscription-exists) and on the unique transaction id (a repeated PAID notification answers
 * the subscription it already created and changes nothing).
 */
export async function grantSubscription(db: Db, input: GrantInput): Promise<SubscriptionRow> {
  const now = input.now ?? new Date();
  const at = now.toISOString();
  const end = new Date(now.getTime() + planPeriodWeeks[input.period] * WEEK_MS).toISOString();
  const [, inserted] = await d1(db).batch<{ id: number }>([
    statement(
      db,
      sql`UPDATE subscriptions SET status = ${SubscriptionState.Ended}, updated_at = ${at}
      WHERE user_id = ${input.userId} AND status = ${SubscriptionState.Active} AND "end" <= ${at}`,
    ),
    statement(
      db,
      sql`
      INSERT INTO subscriptions (user_id, plan_id, period, weekly_minutes, amount, lesson_hourly_rate, start, "end", status, transaction_id, created_at, updated_at)
      SELECT ${input.userId}, id, ${input.period}, weekly_minutes, ${input.amount}, ${businessHourlyRateSql}, ${at}, ${end}, ${SubscriptionState.Active}, ${input.transactionId}, ${at}, ${at}
      FROM plans WHERE id = ${input.planId} AND deleted_at IS NULL
      ON CONFLICT DO NOTHING
      RETURNING id`,
    ),
  ]);
  const id = inserted?.results[0]?.id;
  if (id !== undefined) return (await findSubscription(db, id))!;
  // Nothing inserted: explain why.
  if (input.transactionId !== null) {
    const [existing] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.transactionId, input.transactionId))
      .limit(1);
    if (existing) return existing;
  }
  const [plan] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.id, input.planId), isNull(plans.deletedAt)))
    .limit(1);
  return plan ? fail("subscription-exists") : fail("plan-not-found");
}

export async function findSubscription(db: Db, id: number): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row ?? null;
}

/** The student's live subscription: active and not past its end. */
export function currentSubscriptionQuery(db: Db, userId: number, now: Date) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), liveSubscriptionSql("subscriptions", now.toISOString())))
    .orderBy(desc(subscriptions.start))
    .limit(1);
}

/** Minutes of a subscription week's lessons that count: not cancelled, not reported absent. */
export function usedMinutesSql(
  subscriptionId: number | SQL,
  week: { start: string | SQL; end: string | SQL },
  excludeLessonId = 0,
  startedBefore?: string,
): SQL {
  return sql`COALESCE((SELECT SUM(duration) FROM lessons WHERE subscription_id = ${subscriptionId}
    AND canceled_at IS NULL AND reported_absent_at IS NULL AND start >= ${week.start} AND start < ${week.end}
    AND id <> ${excludeLessonId}${startedBefore ? sql` AND start < ${startedBefore}` : sql``}), 0)`;
}

export async function usedMinutes(db: Db, subscriptionId: number, week: WeekWindow): Promise<number> {
  const [row] = await db.all<{ used: number }>(sql`SELECT ${usedMinutesSql(subscriptionId, week)} AS used`);
  return row?.used ?? 0;
}

/** The week of `at` and the minutes left in it, computed from the lessons (never a counter). */
export async function remainingWeeklyMinutes(db: Db, sub: SubscriptionRow, at = new Date()) {
  if (!isLiveSubscription(sub, at)) return { week: null, remaining: 0 };
  const week = weekContaining(sub.start, subscriptionWeeks(sub), at);
  const used = await usedMinutes(db, sub.id, week);
  return { week, remaining: Math.max(0, sub.weeklyMinutes - used) };
}

export async function currentSubscription(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<CurrentSubscription> {
  const [sub] = await currentSubscriptionQuery(db, userId, now);
  if (!sub) return { info: null, remainingWeeklyMinutes: 0, week: null, refundInputs: null };
  const [{ week, remaining }, refundInputs] = await Promise.all([
    remainingWeeklyMinutes(db, sub, now),
    refundInputsOf(db, sub, now),
  ]);
  return { info: toSubscriptionView(sub, now), remainingWeeklyMinutes: remaining, week, refundInputs };
}

export async function listSubscriptions(
  db: Db,
  query: { user?: number; status?: SubscriptionStatus; page: number; size: number },
  now = new Date(),
) {
  const at = now.toISOString();
  const statusFilter =
    query.status === SubscriptionState.Active
      ? liveSubscriptionSql("subscriptions", at)
      : query.status
        ? sql`${subscriptionStatusSql("subscriptions", at)} = ${query.status}`
        : undefined;
  const where = and(query.user ? eq(subscriptions.userId, query.user) : undefined, statusFilter);
  const [list, [counted]] = await db.batch([
    db
      .select()
      .from(subscriptions)
      .where(where)
      .orderBy(desc(subscriptions.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ total: sql<number>`count(*)` })
      .from(subscriptions)
      .where(where),
  ]);
  return { list: list.map((row) => toSubscriptionView(row, now)), total: counted?.total ?? 0 };
}

/** The cancellation refund (schema/refund.ts, shared with the SPA) with this platform's rate and fee by default. */
export function refundAmount(
  input: Omit<RefundInputs, "hourlyRate" | "feeBasisPoints"> &
    Partial<Pick<RefundInputs, "hourlyRate" | "feeBasisPoints">>,
): number {
  return sharedRefundAmount({
    ...input,
    hourlyRate: input.hourlyRate ?? settings.lessons.hourlyRate,
    feeBasisPoints: input.feeBasisPoints ?? settings.subscriptions.refundFeeBasisPoints,
  });
}

export type CancelOutcome = {
  subscription: SubscriptionRow;
  refundAmount: number;
  canceledLessons: Array<{ id: number; tutorId: number; start: string }>;
  /** The refund opened on the subscription's paid transaction (null: nothing to refund at Fawry). */
  refundId: number | null;
};

/** The inputs of the cancellation refund for a subscription at `now` (the SPA shows the same). */
export async function refundInputsOf(db: Db, sub: SubscriptionRow, now = new Date()): Promise<RefundInputs> {
  const weeks = subscriptionWeeks(sub);
  const week = weekContaining(sub.start, weeks, now);
  const [[row], business] = await Promise.all([
    db.all<{ used: number }>(sql`SELECT ${usedMinutesSql(sub.id, week, 0, now.toISOString())} AS used`),
    currentBusinessSettings(db, now.getTime()),
  ]);
  return {
    amount: sub.amount,
    weeklyMinutes: sub.weeklyMinutes,
    weeksElapsed: weeksElapsed(sub.start, weeks, now),
    usedThisWeek: row?.used ?? 0,
    // The rate kept when it was bought (a later change applies to new orders only); the fee in force.
    hourlyRate: sub.lessonHourlyRate ?? business.hourlyRate,
    feeBasisPoints: business.refundFeeBasisPoints,
  };
}

/**
 * Cancels a live subscription and, in the same batch, cancels its future lessons and opens the
 * refund on its paid transaction (refunds.ts asks Fawry next): the cancellation and the refund
 * request happen together or not at all, and a racing second cancel changes nothing. A refund of
 * 0 is refused, unless a SuperAdmin names the amount (`refund`, at most what remains paid).
 */
export async function cancelSubscription(
  db: Db,
  sub: SubscriptionRow,
  canceledBy: number,
  now = new Date(),
  options: {
    refund?: number;
    reason?: RefundReason;
    /** A staff cancellation's audit row: placed right after the subscription's update (its changes()). */
    audit?: { toSQL(): { sql: string; params: unknown[] } };
    /** A staff refund's request key, stored with the refund (refunds.idempotency_key). */
    idempotencyKey?: string;
    /** Cancels (and refunds) only while this holds, checked in the same batch (a staff refund's rules). */
    guard?: SQL;
  } = {},
): Promise<CancelOutcome> {
  const at = now.toISOString();
  if (!isLiveSubscription(sub, now)) fail("subscription-uncancellable");
  const refund = options.refund ?? refundAmount(await refundInputsOf(db, sub, now));
  if (refund <= 0) fail("subscription-uncancellable");
  // Only when this batch's cancellation won (a racing cancel leaves it to the winner).
  const won = sql`EXISTS (SELECT 1 FROM subscriptions WHERE id = ${sub.id} AND status = ${SubscriptionState.Canceled} AND canceled_at = ${at} AND canceled_by = ${canceledBy})`;
  const results = await d1(db).batch<Record<string, unknown>>([
    statement(
      db,
      sql`UPDATE subscriptions SET status = ${SubscriptionState.Canceled}, canceled_at = ${at}, canceled_by = ${canceledBy}, refund_amount = ${refund}, updated_at = ${at}
      WHERE id = ${sub.id} AND status = ${SubscriptionState.Active} AND ${options.guard ?? sql`1`} RETURNING id`,
    ),
    ...(options.audit
      ? [
          d1(db)
            .prepare(options.audit.toSQL().sql)
            .bind(...options.audit.toSQL().params),
        ]
      : []),
    statement(
      db,
      sql`UPDATE lessons SET canceled_at = ${at}, canceled_by = NULL, updated_at = ${at}
      WHERE subscription_id = ${sub.id} AND canceled_at IS NULL AND start > ${at} AND ${won}
      RETURNING id, tutor_id AS tutorId, start`,
    ),
    ...openRefundStatements(
      db,
      {
        transactionId: sub.transactionId,
        amount: refund,
        reason: options.reason ?? "cancel",
        requestedBy: options.reason === "admin" ? canceledBy : null,
        idempotencyKey: options.idempotencyKey ?? null,
        when: won,
      },
      at,
    ),
  ]);
  const [updated, canceled, opened] = options.audit
    ? [results[0], results[2], results[3]]
    : [results[0], results[1], results[2]];
  if (!updated?.results.length) fail("subscription-uncancellable");
  const subscription = (await findSubscription(db, sub.id))!;
  const lessonsCanceled = (canceled?.results ?? []) as Array<{ id: number; tutorId: number; start: string }>;
  if (lessonsCanceled.length > 0) tutorsChanged(); // the tutors' time is free again: the cached list is stale
  return {
    subscription,
    refundAmount: refund,
    canceledLessons: lessonsCanceled,
    // The refund this batch opened (its insert's RETURNING), not one a racing request made.
    refundId: (opened?.results[0]?.id as number | undefined) ?? null,
  };
}

/** Subscriptions past their end, still marked active (the weekly job ends them). */
export async function endExpiredSubscriptions(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const ended = await db
    .update(subscriptions)
    .set({ status: SubscriptionState.Ended, updatedAt: at })
    .where(and(eq(subscriptions.status, SubscriptionState.Active), lte(subscriptions.end, at)))
    .returning({ id: subscriptions.id });
  return ended.length;
}
