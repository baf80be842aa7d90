// Subscriptions, and the per-week usage record written by the weekly cron. Apart from plans.ts so
// that plans and payments (whose transactions name a plan) import each other in one direction only.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./identity";
import { transactions } from "./payments";
import { plans } from "./plans";

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The student. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    /** PlanPeriod enum: Month 0, Quarter 1, Year 2 (4, 12, 52 weeks). */
    period: integer("period").notNull(),
    /** Copied from the plan at payment time. */
    weeklyMinutes: integer("weekly_minutes").notNull(),
    /** Piasters actually paid (after coupon). */
    amount: integer("amount").notNull(),
    /**
     * The lesson hourly rate (piasters) in force when it was bought: a cancellation values the
     * consumed minutes at it, so a later change of the rate leaves this order alone (null: bought
     * before the rate was kept; the current rate applies).
     */
    lessonHourlyRate: integer("lesson_hourly_rate"),
    /** Payment time; week k starts at 00:00 Africa/Cairo on the start day + 7k days. */
    start: text("start").notNull(),
    /** start + 4/12/52 weeks. */
    end: text("end").notNull(),
    /**
     * "active" | "ended" | "canceled". A subscription whose end has passed is ended even if the
     * cron has not flipped it yet; the code that creates a new one ends those in the same batch.
     */
    status: text("status").notNull().default("active"),
    /** The paid transaction that created it; unique so a repeated PAID notification changes nothing. */
    transactionId: integer("transaction_id").references(() => transactions.id),
    canceledAt: text("canceled_at"),
    canceledBy: integer("canceled_by").references(() => users.id),
    /** Piasters refunded on cancellation. */
    refundAmount: integer("refund_amount"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // subscription-exists: one active subscription per student.
    uniqueIndex("subscriptions_user_active_uq")
      .on(t.userId)
      .where(sql`status = 'active'`),
    uniqueIndex("subscriptions_transaction_uq").on(t.transactionId),
    index("subscriptions_user_start_idx").on(t.userId, t.start),
    index("subscriptions_status_end_idx").on(t.status, t.end),
  ],
);

/**
 * One row per subscription week, written by the weekly cron: the renewal announcement and, once
 * the week is over, its usage. Minutes left in an open week are always computed from lessons.
 */
export const subscriptionWeeks = sqliteTable(
  "subscription_weeks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** 0-based week number k. */
    weekIndex: integer("week_index").notNull(),
    weekStart: text("week_start").notNull(),
    weekEnd: text("week_end").notNull(),
    weeklyMinutes: integer("weekly_minutes").notNull(),
    /** Minutes of not-cancelled (and not reported-absent) lessons in the week; set when closed. */
    usedMinutes: integer("used_minutes"),
    /** "your N minutes are ready" sent. */
    announcedAt: text("announced_at"),
    closedAt: text("closed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("subscription_weeks_sub_week_uq").on(t.subscriptionId, t.weekIndex),
    index("subscription_weeks_user_idx").on(t.userId),
  ],
);
