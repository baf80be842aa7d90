import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { SubscriptionStatus } from "../../schema/api/subscription";
import { InterviewStatus, ReviewStatus, Role, isTutorSide } from "../../schema/enums";
import { cancelWindowMsOf, type BusinessSettings } from "../../schema/pricing";
import { constantSql } from "../core/db";

/**
 * Rules the product states twice: in TypeScript, for a row already read, and in SQL, inside the
 * one statement that must decide without reading first (docs/architecture.md: invariants in single
 * statements). Each pair sits together here, the SQL built from the enum constants of
 * schema/enums.ts (never a bare number), and tests/worker/rule-parity.test.ts runs both forms over
 * generated rows in D1 and requires the same answer for each.
 *
 * SQL forms take the table alias the caller's statement uses (a name written in code, never input).
 */

type Instant = string | Placeholder;
const column = (alias: string, name: string) => sql.raw(`${alias}.${name === "end" ? '"end"' : name}`);

// ---------------------------------------------------------------------------------------------
// A lesson's state: cancelled, else pending before its start, happening until its end, then fulfilled.

/** The TypeScript form, shared with the SPA. */
export { lessonState } from "../../schema/lesson-state";

// ---------------------------------------------------------------------------------------------
// A lesson can still be cancelled or moved: not cancelled, not started, and not inside the
// cancel window before its start (the operator's number, schema/pricing.ts).

export type LessonChangeRefusal = "illegal" | "lesson-time-passed" | "lesson-cancel-window-passed";

/** The latest moment a lesson starting at or after it may still be changed from `now`. */
export const changeDeadline = (now: Date, business: Pick<BusinessSettings, "cancelWindowHours">): string =>
  new Date(now.getTime() + cancelWindowMsOf(business)).toISOString();

/** Why the lesson can no longer be cancelled or moved, or null when it can. */
export function lessonChangeRefusal(
  lesson: { start: string; canceledAt: string | null },
  now: Date,
  business: Pick<BusinessSettings, "cancelWindowHours">,
): LessonChangeRefusal | null {
  if (lesson.canceledAt) return "illegal";
  if (lesson.start <= now.toISOString()) return "lesson-time-passed";
  if (lesson.start < changeDeadline(now, business)) return "lesson-cancel-window-passed";
  return null;
}

export function lessonChangeableSql(
  alias: string,
  now: Date,
  business: Pick<BusinessSettings, "cancelWindowHours">,
): SQL {
  return sql`(${column(alias, "canceled_at")} IS NULL AND ${column(alias, "start")} > ${now.toISOString()} AND ${column(alias, "start")} >= ${changeDeadline(now, business)})`;
}

export function lessonStateSql(alias: string, at: Instant): SQL {
  return sql`CASE WHEN ${column(alias, "canceled_at")} IS NOT NULL THEN 'canceled'
    WHEN ${at} < ${column(alias, "start")} THEN 'pending'
    WHEN ${at} < ${column(alias, "end")} THEN 'happening'
    ELSE 'fulfilled' END`;
}

// ---------------------------------------------------------------------------------------------
// A subscription's status: the stored one, except that an active subscription whose end has
// passed is ended (the renewal job writes that later). Live = active now.

export const SubscriptionState = {
  Active: "active",
  Ended: "ended",
  Canceled: "canceled",
} as const satisfies Record<string, SubscriptionStatus>;

export type SubscriptionStateRow = { status: string; end: string };

export function subscriptionStatus(row: SubscriptionStateRow, now = new Date()): SubscriptionStatus {
  if (row.status === SubscriptionState.Active && row.end <= now.toISOString()) return SubscriptionState.Ended;
  return row.status as SubscriptionStatus;
}

export function subscriptionStatusSql(alias: string, at: Instant): SQL {
  return sql`CASE WHEN ${column(alias, "status")} = ${SubscriptionState.Active} AND ${column(alias, "end")} <= ${at} THEN ${SubscriptionState.Ended}
    ELSE ${column(alias, "status")} END`;
}

export const isLiveSubscription = (row: SubscriptionStateRow, now = new Date()): boolean =>
  subscriptionStatus(row, now) === SubscriptionState.Active;

export function liveSubscriptionSql(alias: string, at: Instant): SQL {
  return sql`(${column(alias, "status")} = ${constantSql(SubscriptionState.Active)} AND ${column(alias, "end")} > ${at})`;
}

// ---------------------------------------------------------------------------------------------
// An appointment (interview or demo session) holds its people's time while it is pending: a
// decided or cancelled one frees it (booking, free times and the manager's free starts).

export type AppointmentKind = "interview" | "demo";

/** The status of a pending appointment of each kind. */
export const pendingStatus = {
  interview: InterviewStatus.Pending,
  demo: ReviewStatus.Pending,
} as const satisfies Record<AppointmentKind, number>;

export const holdsTime = (kind: AppointmentKind, status: number): boolean => status === pendingStatus[kind];

export function holdsTimeSql(kind: AppointmentKind, alias: string): SQL {
  return sql`${column(alias, "status")} = ${constantSql(pendingStatus[kind])}`;
}

// ---------------------------------------------------------------------------------------------
// A tutor who can be booked: a tutor or tutor manager, activated, not suspended, not deleted.

export type BookableTutorRow = {
  role: number;
  activated: boolean | number | null;
  suspendedAt: string | null;
  deletedAt: string | null;
};

export function isBookableTutor(row: BookableTutorRow): boolean {
  return (
    isTutorSide(row.role as Role) &&
    Boolean(row.activated) &&
    row.suspendedAt === null &&
    row.deletedAt === null
  );
}

/** Over a user alias and its tutors row alias (LEFT JOIN: no tutors row is not bookable). */
export function bookableTutorSql(user: string, tutor: string): SQL {
  return sql`(${column(user, "role")} IN (${Role.Tutor}, ${Role.TutorManager}) AND coalesce(${column(tutor, "activated")}, 0) = 1
    AND ${column(user, "suspended_at")} IS NULL AND ${column(user, "deleted_at")} IS NULL)`;
}
