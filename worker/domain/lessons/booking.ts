import { and, eq, sql, type SQL } from "drizzle-orm";
import { lessons, users } from "../../../schema/db";
import { LessonDuration, Role, SlotPurpose, planPeriodWeeks } from "../../../schema/enums";
import type { ErrorCode } from "../../../schema/errors";
import { boundTemplate, buildTemplate, d1, prebuilt, statement, type SqlTemplate } from "../../core/db";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { lessonColumns, lessonPrice, toLessonRow, tutorEarning, type LessonRow } from "./lessons";
import { lessonMessages } from "../../notifications/lesson-messages";
import {
  messagePlaceholders,
  messageValues,
  messagesSql,
  messagesToSql,
  placeholderValues,
} from "../../notifications/channels";
import type { StoredOutboxRow } from "../../notifications/outbox";
import type { BusinessSettings } from "../../../schema/pricing";
import { addDays, CAIRO, dayOf, dayStartsJson, offsetSpans, type OffsetSpan } from "../../../schema/calendar";
import { DAY_MS, MINUTE_MS } from "../../../schema/time";
import { dayStartInSql, localDaySql } from "../../../schema/calendar-sql";
import { BoundedCache } from "../../core/bounded-cache";
import { currentBusinessSettings } from "../staff/platform-settings";
import { bookableTutorSql, holdsTimeSql, lessonChangeRefusal, liveSubscriptionSql } from "../state-rules";
import { usedMinutesSql } from "../payments/subscriptions";
import { tutorsChanged } from "../tutors/tutor-list";
import type { UserRow } from "../identity/users";

/**
 * Booking and rescheduling (docs/rules.md, Lessons). The rules are checked in this order,
 * each with its code: student (forbidden) with a verified email (email-not-verified) → start in the future
 * (lesson-time-passed) → the tutor's notice (busy-tutor) → tutor exists and is listed
 * (tutor-not-found) → inside a Lesson/General slot and clear of the tutor's lessons, interviews
 * and demo sessions (busy-tutor) → clear of the student's lessons (conflicting-lessons) → the
 * entitlement (no-enough-minutes, subscription-required, reached-booking-limit).
 *
 * The rules that depend on other rows are one conditional INSERT ... SELECT ... WHERE (or one
 * conditional UPDATE for a reschedule), so two requests can never both pass them: D1 runs one
 * statement at a time. The tutor and the student's subscription are read inside that statement,
 * and the notifications are written by the same batch only when it wrote, so a booking is one
 * round trip after the caller's token; when the write changes nothing, a second read says which
 * rule refused it.
 */

export type BookingRequest = {
  student: UserRow;
  tutorId: number;
  start: Date;
  duration: LessonDuration;
  now?: Date;
  /** The tutor's stored clock, read with the caller (tutorTimeZoneQuery); Cairo when not given. */
  tutorTimeZone?: string | null;
};

/** The tutor's stored clock: a statement, so POST /lesson/ reads it with the caller (prefetch). */
const tutorTimeZone = prebuilt((db: Db) =>
  db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, sql.placeholder("tutorId")))
    .limit(1),
);
export const tutorTimeZoneQuery = (db: Db, tutorId: number) => tutorTimeZone(db, { tutorId });

/**
 * The new lesson's time and people. `floor` is `start` less the longest lesson: a lesson overlapping
 * the window starts after it (so every probe reads only the lessons around the window).
 */
export type Window = {
  tutorId: number;
  studentId: number;
  start: string;
  end: string;
  floor: string;
  excludeId: number;
};

/** The longest a lesson lasts (LessonDuration): a lesson overlapping a window starts less than this before it. */
const LONGEST_LESSON_MS = Math.max(...Object.values(LessonDuration)) * MINUTE_MS;

/** `iso` less the longest lesson, as ISO text (the lower bound of the lessons that can overlap or not have ended). */
const lessonFloor = (iso: string | number) =>
  new Date(new Date(iso).getTime() - LONGEST_LESSON_MS).toISOString();

const overlaps = (alias: string, w: Window) =>
  sql`${sql.raw(alias)}.start < ${w.end} AND ${sql.raw(alias)}."end" > ${w.start}`;

/**
 * A lesson overlapping the window: also bounded below by its start (no lesson is longer than
 * LONGEST_LESSON_MS), so the probe reads the few lessons of the (tutor, start) index around the
 * window instead of every earlier lesson of the tutor.
 */
const lessonOverlaps = (alias: string, w: Window) =>
  sql`${sql.raw(alias)}.start > ${w.floor} AND ${overlaps(alias, w)}`;

/** A live Lesson or General slot of the tutor holding the whole lesson. */
const slotSql = (
  w: Window,
) => sql`SELECT s.id FROM availability_slots s WHERE s.user_id = ${w.tutorId} AND s.deleted_at IS NULL
  AND s.purpose IN (${SlotPurpose.General}, ${SlotPurpose.Lesson}) AND s.start <= ${w.start} AND s."end" >= ${w.end}
  ORDER BY s.start LIMIT 1`;

/** The tutor already teaches, interviews or is interviewed, or runs a demo session then. */
const tutorBusySql = (w: Window) => sql`(
  EXISTS (SELECT 1 FROM lessons l WHERE l.tutor_id = ${w.tutorId} AND l.canceled_at IS NULL AND l.id <> ${w.excludeId} AND ${lessonOverlaps("l", w)})
  OR EXISTS (SELECT 1 FROM interviews i WHERE (i.interviewer_id = ${w.tutorId} OR i.interviewee_id = ${w.tutorId}) AND ${holdsTimeSql("interview", "i")} AND ${overlaps("i", w)})
  OR EXISTS (SELECT 1 FROM demo_sessions d WHERE (d.tutor_id = ${w.tutorId} OR d.tutor_manager_id = ${w.tutorId}) AND ${holdsTimeSql("demo", "d")} AND ${overlaps("d", w)}))`;

/** The student already has a lesson then (lessons.student_id, migrations/0022: a probe of the (student, start) index). */
const studentBusySql = (w: Window) => sql`EXISTS (SELECT 1 FROM lessons l
  WHERE l.student_id = ${w.studentId} AND l.canceled_at IS NULL AND l.id <> ${w.excludeId} AND ${lessonOverlaps("l", w)})`;

/**
 * Any lesson of the student that is not cancelled (optionally only those not ended yet: these
 * start less than the longest lesson before then, so the probe skips the student's past).
 */
const studentLessonSql = (w: Window, notEnded?: { at: string; floor: string }) => {
  const notEndedSql = notEnded ? sql` AND l.start > ${notEnded.floor} AND l."end" > ${notEnded.at}` : sql``;
  return sql`EXISTS (SELECT 1 FROM lessons l
  WHERE l.student_id = ${w.studentId} AND l.canceled_at IS NULL AND l.id <> ${w.excludeId}${notEndedSql})`;
};

/** Cairo's offsets over a year and a week, by the UTC day they were computed for (one a day is used). */
const offsetsCache = new BoundedCache<number, OffsetSpan[]>({ maxSize: 2 });

/** Cairo's offsets from 54 weeks before `now`'s UTC day to a week after it (computed once a day). */
function recentCairoOffsets(now: Date): OffsetSpan[] {
  const from = Math.floor(now.getTime() / DAY_MS) * DAY_MS - 54 * 7 * DAY_MS;
  return offsetsCache.getOrSet(from, () => offsetSpans(from, from + 55 * 7 * DAY_MS, CAIRO));
}

const dayStartsCache = new BoundedCache<string, string>({ maxSize: 64 });

/** The first instants of the Cairo days from 10 before `day` to 8 after, as JSON (kept per day). */
function dayStartsAround(day: string): string {
  return dayStartsCache.getOrSet(day, () => dayStartsJson(addDays(day, -10), addDays(day, 8), CAIRO));
}

/**
 * The tutor, the student's live subscription and the subscription week the lesson falls in, as
 * one row read inside the booking's own statements (so the booking needs no read before its
 * write). The week is weekContaining's, in SQL: Cairo's offsets over the last year (a live
 * subscription started less than 53 weeks ago) give the subscription's first Cairo day; the
 * lesson's Cairo day gives the week's index; the first instants of the Cairo days around the
 * lesson (computed here) give the week's bounds. Each level holds one row; its LIMIT 1 keeps SQLite
 * from flattening it into the next, which copied the day and week expressions into every use of
 * them: the booking's statements compile in about half the time and run no slower (docs/capacity.md).
 */
export function bookingContextSql(w: Pick<Window, "tutorId" | "start">, studentId: number, now: Date): SQL {
  const lessonDay = dayOf(w.start, CAIRO);
  return contextSql(w, {
    studentId,
    lessonDay,
    days: dayStartsAround(lessonDay),
    startMs: Date.parse(w.start),
    nowMs: now.getTime(),
    nowIso: now.toISOString(),
    offsets: recentCairoOffsets(now),
  });
}

/** The values bookingContextSql reads (each may be a placeholder of a cached statement: bookingBatch). */
type ContextValues = {
  studentId: number;
  lessonDay: string;
  /** dayStartsAround(lessonDay). */
  days: string;
  startMs: number;
  nowMs: number;
  nowIso: string;
  offsets: OffsetSpan[];
};

function contextSql(
  w: Pick<Window, "tutorId">,
  { studentId, lessonDay, days, startMs, nowMs, nowIso, offsets }: ContextValues,
): SQL {
  const weeks = sql.raw(
    `CASE s.period ${Object.entries(planPeriodWeeks)
      .map(([period, n]) => `WHEN ${Number(period)} THEN ${Number(n)}`)
      .join(" ")} END`,
  );
  const weekBound = (plusDays: SQL) =>
    dayStartInSql(days, sql`date(k.firstDay, '+' || (${plusDays}) || ' days')`);
  return sql`SELECT k.*, ${weekBound(sql`7 * k.week`)} AS weekStart, ${weekBound(sql`7 * k.week + 7`)} AS weekEnd
    FROM (SELECT b.*, min(max(CAST((julianday(${lessonDay}) - julianday(b.firstDay)) / 7 AS INTEGER), 0), b.weeks - 1) AS week
      FROM (SELECT tu.id AS tutorId, tu.name AS tutorName, tu.image AS tutorImage, tu.role AS tutorRole,
          coalesce(${bookableTutorSql("tu", "t")}, 0) AS tutorOk,
          coalesce(${startMs} >= ${nowMs} + t.notice * 60000, 0) AS noticeOk,
          s.id AS subId, s."end" AS subEnd, s.weekly_minutes AS weeklyMinutes, ${localDaySql(sql`s.start`, offsets)} AS firstDay, ${weeks} AS weeks
        FROM (SELECT 1) one
        LEFT JOIN users tu ON tu.id = ${w.tutorId} AND tu.deleted_at IS NULL
        LEFT JOIN tutors t ON t.id = tu.id
        LEFT JOIN (SELECT sx.id, sx.start, sx."end", sx.weekly_minutes, sx.period FROM subscriptions sx
          WHERE sx.user_id = ${studentId} AND ${liveSubscriptionSql("sx", nowIso)} ORDER BY sx.start DESC LIMIT 1) s ON 1 LIMIT 1) b LIMIT 1) k LIMIT 1`;
}

/**
 * The context row with the slot and both sides' busy times (which do not depend on it) as its
 * columns, each computed once. The LIMIT keeps SQLite from copying the write's WHERE into the
 * subquery (its push-down), which ran every check twice: once there and once in the WHERE.
 */
function checkedContextSql(w: Window, context: SQL): SQL {
  return sql`SELECT c.*, (${slotSql(w)}) AS slotId, ${tutorBusySql(w)} AS tutorBusy, ${studentBusySql(w)} AS studentBusy
    FROM (${context}) c LIMIT 1`;
}

/** The rules of the write on the checked context row `c` (checkedContextSql), the entitlement last. */
const passesSql = (w: Window, duration: number, entitlement: Entitlement, trialAllowed: boolean) =>
  sql`c.tutorOk AND c.noticeOk AND c.slotId IS NOT NULL AND NOT c.tutorBusy AND NOT c.studentBusy
    AND ${contextEntitledSql(w, duration, entitlement, trialAllowed)}`;

/** The free trial can entitle a lesson of this length (the operator's trial minutes). */
const trialAllows = (duration: number, business: BusinessSettings) =>
  business.trialMinutes > 0 && duration <= business.trialMinutes;

/**
 * What entitles the lesson: a booking uses the live subscription, or the trial without one; a
 * moved trial lesson stays a trial; a moved subscription lesson needs a live subscription.
 */
type Entitlement = "booking" | "trial" | "subscription";

/** The entitlement on the context row `c`: the subscription week's minutes left, or a trial. */
function contextEntitledSql(
  w: Window,
  duration: number,
  entitlement: Entitlement,
  trialAllowed: boolean,
): SQL {
  const trial = trialAllowed ? sql`NOT ${studentLessonSql(w)}` : sql`0`;
  const subscription = sql`(c.subId IS NOT NULL AND ${w.start} < c.subEnd AND c.weekStart IS NOT NULL AND c.weekEnd IS NOT NULL
    AND c.weeklyMinutes - ${usedMinutesSql(sql`c.subId`, { start: sql`c.weekStart`, end: sql`c.weekEnd` }, w.excludeId)} >= ${duration})`;
  if (entitlement === "trial") return sql`(${trial})`;
  if (entitlement === "subscription") return subscription;
  return sql`(CASE WHEN c.subId IS NULL THEN ${trial} ELSE ${subscription} END)`;
}

/**
 * The row a batch reads last: the tutor (for the answer) and, only when the write did not happen
 * (`wrote` is false), every rule's verdict (for the refusal).
 */
function factsSql(
  w: Window,
  {
    context,
    duration,
    entitlement,
    pending,
    wrote,
    trialAllowed,
  }: {
    context: SQL;
    duration: number;
    entitlement: Entitlement;
    /** Now, and now less the longest lesson: the student's lessons not ended yet. */
    pending: { at: string; floor: string };
    /** True in SQL when the batch's write happened. */
    wrote: SQL;
    trialAllowed: boolean;
  },
): SQL {
  const unlessWrote = (rule: SQL) => sql`CASE WHEN x.wrote THEN NULL ELSE ${rule} END`;
  return sql`SELECT c.tutorId, c.tutorName, c.tutorImage, c.tutorOk, c.noticeOk, c.subId, (c.subId IS NOT NULL AND ${w.start} >= c.subEnd) AS subEnded,
      ${unlessWrote(sql`(${slotSql(w)})`)} AS slot, ${unlessWrote(tutorBusySql(w))} AS tutorBusy, ${unlessWrote(studentBusySql(w))} AS studentBusy,
      ${unlessWrote(contextEntitledSql(w, duration, entitlement, trialAllowed))} AS entitled,
      ${unlessWrote(studentLessonSql(w, pending))} AS pending, ${unlessWrote(studentLessonSql(w))} AS "any"
    FROM (${context}) c, (SELECT ${wrote} AS wrote) x`;
}

type BookingFacts = {
  tutorId: number | null;
  tutorName: string | null;
  tutorImage: string | null;
  tutorOk: number;
  noticeOk: number;
  subId: number | null;
  subEnded: number;
  slot: number | null;
  tutorBusy: number;
  studentBusy: number;
  entitled: number;
  pending: number;
  any: number;
};

/** After a refused write: the first rule, in order, that it breaks (read in the same batch). */
function refusal(
  facts: BookingFacts | undefined,
  duration: number,
  entitlement: Entitlement,
  business: BusinessSettings,
): ErrorCode {
  if (!facts || !facts.tutorOk) return "tutor-not-found";
  if (!facts.noticeOk) return "busy-tutor";
  if (entitlement === "subscription" && facts.subId === null) return "subscription-required";
  if (facts.slot === null || facts.tutorBusy) return "busy-tutor";
  if (facts.studentBusy) return "conflicting-lessons";
  if (entitlement !== "trial" && facts.subId !== null) {
    if (facts.subEnded) return "subscription-required";
    return facts.entitled ? "busy-tutor" : "no-enough-minutes";
  }
  if (business.trialMinutes === 0) return "subscription-required";
  if (facts.pending) return "reached-booking-limit";
  if (facts.any) return "subscription-required";
  // Without a plan, anything but the free trial needs one.
  if (duration > business.trialMinutes) return "subscription-required";
  // Every rule passes on a second look: the write lost a race.
  return "busy-tutor";
}

export type NewLesson = {
  lesson: LessonRow;
  tutor: Pick<UserRow, "id" | "name" | "image">;
  outbox: StoredOutboxRow[];
};

/** The values each booking binds into bookingStatements' placeholders. */
type BookingValues = {
  tutorId: number;
  studentId: number;
  start: string;
  end: string;
  floor: string;
  pendingFloor: string;
  at: string;
  lessonDay: string;
  days: string;
  startMs: number;
  nowMs: number;
  duration: number;
  priceManager: number;
  priceTutor: number;
  earning: number;
  pairKey: string;
};

/** Built booking statements by shape: whether the trial can entitle the lesson, and the UTC day (Cairo's offsets). */
const bookingCache = new BoundedCache<
  string,
  Record<"lesson" | "members" | "room" | "roomMembers" | "notice" | "tutor" | "facts", SqlTemplate>
>({
  maxSize: 8,
});

/**
 * The booking batch's own statements with a placeholder for every value of the request, built
 * into SQL once per shape instead of on every booking: a CPU profile of POST /lesson/ under load
 * (tests/bench/hot.mjs book) showed drizzle walking these templates into SQL as the largest share
 * of the Worker's time. The members' notices are one statement too, its texts bound per member.
 */
function bookingStatements(trialAllowed: boolean, now: Date) {
  const day = Math.floor(now.getTime() / DAY_MS);
  return bookingCache.getOrSet(`${trialAllowed}|${day}`, () => {
    // A placeholder where the shared SQL helpers take a value (it is rendered as a bound parameter).
    const v = <K extends keyof BookingValues>(name: K) =>
      sql.placeholder(name) as unknown as BookingValues[K];
    const w: Window = {
      tutorId: v("tutorId"),
      studentId: v("studentId"),
      start: v("start"),
      end: v("end"),
      floor: v("floor"),
      excludeId: 0,
    };
    const context = contextSql(w, {
      studentId: v("studentId"),
      lessonDay: v("lessonDay"),
      days: v("days"),
      startMs: v("startMs"),
      nowMs: v("nowMs"),
      nowIso: v("at"),
      offsets: recentCairoOffsets(now),
    });
    const mine = sql`SELECT id FROM lessons WHERE tutor_id = ${w.tutorId} AND start = ${w.start} AND canceled_at IS NULL
      AND created_by = ${w.studentId} AND created_at = ${v("at")}`;
    const at = v("at");
    return {
      lesson: buildTemplate(sql`
        INSERT INTO lessons (tutor_id, slot_id, start, "end", duration, price, tutor_earning, subscription_id, is_trial, student_id, created_by, created_at, updated_at)
        SELECT c.tutorId, c.slotId, ${w.start}, ${w.end}, ${v("duration")},
          CASE WHEN c.tutorRole = ${Role.TutorManager} THEN ${v("priceManager")} ELSE ${v("priceTutor")} END,
          ${v("earning")}, c.subId, c.subId IS NULL, ${w.studentId}, ${w.studentId}, ${at}, ${at}
        FROM (${checkedContextSql(w, context)}) c
        WHERE ${passesSql(w, v("duration"), "booking", trialAllowed)}
        RETURNING ${lessonColumns}`),
      members: buildTemplate(sql`
        INSERT INTO lesson_members (lesson_id, user_id, role, created_at)
        SELECT l.id, p.user_id, p.role, ${at} FROM (${mine}) l,
          (SELECT id AS user_id, role FROM users WHERE id = ${w.tutorId} UNION ALL SELECT ${w.studentId}, ${Role.Student}) p
        WHERE true`),
      room: buildTemplate(sql`
        INSERT INTO chat_rooms (pair_key, created_at, updated_at)
        SELECT ${v("pairKey")}, ${at}, ${at} WHERE EXISTS (${mine})
        ON CONFLICT DO NOTHING`),
      roomMembers: buildTemplate(sql`
        INSERT INTO chat_room_members (room_id, user_id, created_at, updated_at)
        SELECT r.id, p.user_id, ${at}, ${at} FROM chat_rooms r,
          (SELECT ${w.tutorId} AS user_id UNION ALL SELECT ${w.studentId}) p
        WHERE r.pair_key = ${v("pairKey")} AND EXISTS (${mine})
        ON CONFLICT DO NOTHING`),
      // Each member's notice: one statement bound twice, its values under "notice." names.
      notice: buildTemplate(
        messagesSql("booking-changes", sql`EXISTS (${mine})`, messagePlaceholders("notice")),
      ),
      tutor: buildTemplate(
        sql`SELECT name AS tutorName, image AS tutorImage FROM users WHERE id = ${w.tutorId}`,
      ),
      facts: buildTemplate(
        factsSql(w, {
          context,
          duration: v("duration"),
          entitlement: "booking",
          pending: { at, floor: v("pendingFloor") },
          wrote: sql`EXISTS (${mine})`,
          trialAllowed,
        }),
      ),
    };
  });
}

/**
 * Books a lesson in ONE D1 round trip, a batch that: inserts the lesson under every rule (the
 * tutor, the notice, the slot, both sides' busy times and the entitlement all read inside the
 * one conditional INSERT ... SELECT, so two requests can never both pass them), its members and
 * the pair's chat room, both members' notifications in the outbox (only when the lesson was
 * inserted), and the tutor's name and picture for the answer. A refused booking takes a second
 * read, the facts of every rule, to say which one refused it: running that statement cost about
 * half a millisecond of D1's time on every booking while it was part of the batch (docs/capacity.md).
 * The route delivers the notifications after the response.
 */
export async function bookLesson(db: Db, request: BookingRequest): Promise<NewLesson> {
  const now = request.now ?? new Date();
  const { student, duration } = request;
  if (student.role !== Role.Student) fail("forbidden");
  if (!student.verifiedEmail) fail("email-not-verified");
  if (request.start.getTime() <= now.getTime()) fail("lesson-time-passed");
  const at = now.toISOString();
  const tutorId = request.tutorId;
  const start = request.start.toISOString();
  // The operator's numbers in force (cached per isolate: no round trip on a warm isolate).
  const business = await currentBusinessSettings(db, now.getTime());
  const lessonDay = dayOf(start, CAIRO);
  const values: Record<keyof BookingValues, unknown> = {
    tutorId,
    studentId: student.id,
    start,
    end: new Date(request.start.getTime() + duration * MINUTE_MS).toISOString(),
    floor: lessonFloor(start),
    pendingFloor: lessonFloor(at),
    at,
    lessonDay,
    days: dayStartsAround(lessonDay),
    startMs: request.start.getTime(),
    nowMs: now.getTime(),
    duration,
    priceManager: lessonPrice(duration, Role.TutorManager, business),
    priceTutor: lessonPrice(duration, Role.Tutor, business),
    earning: tutorEarning(duration, business),
    pairKey: `${Math.min(student.id, tutorId)}:${Math.max(student.id, tutorId)}`,
  };
  const built = bookingStatements(trialAllows(duration, business), now);
  const bind = (template: SqlTemplate) => boundTemplate(db, template, values);
  const booked = (other: string | null) => lessonMessages.booked(start, duration, other);
  // Each member's notice: the statement built once, bound with that member's texts and clock.
  const notice = (userId: number, otherId: number, zone: string | null | undefined) =>
    boundTemplate(db, built.notice, {
      ...values,
      ...placeholderValues(
        "notice",
        messageValues({ userId, otherId, text: booked, at, zone, kind: "booking-changes" }),
      ),
    });
  let results: D1Result[];
  try {
    results = await d1(db).batch([
      bind(built.lesson),
      bind(built.members),
      bind(built.room),
      bind(built.roomMembers),
      notice(tutorId, student.id, request.tutorTimeZone),
      notice(student.id, tutorId, student.timeZone),
      bind(built.tutor),
    ]);
  } catch (error) {
    // The unique (tutor, start) index is the backstop: a lost race reads as a busy tutor.
    if (error instanceof Error && /UNIQUE constraint failed: lessons/.test(error.message)) fail("busy-tutor");
    throw error;
  }
  const lesson = (results[0]?.results as LessonRow[] | undefined)?.[0];
  const tutor = (results[6]?.results as Pick<BookingFacts, "tutorName" | "tutorImage">[] | undefined)?.[0];
  if (!lesson) {
    // Refused: a second read says which rule, in order (refusals are rare, bookings are not).
    const facts = (await bind(built.facts).first<BookingFacts>()) ?? undefined;
    fail(refusal(facts, duration, "booking", business));
  }
  tutorsChanged(); // the tutor's free time shrank: the cached list is stale
  const outbox = [...(results[4]?.results ?? []), ...(results[5]?.results ?? [])] as StoredOutboxRow[];
  return {
    lesson: toLessonRow(lesson),
    tutor: { id: tutorId, name: tutor?.tutorName ?? null, image: tutor?.tutorImage ?? null },
    outbox,
  };
}

export type RescheduleRequest = {
  student: UserRow;
  lessonId: number;
  start: Date;
  duration?: LessonDuration;
  now?: Date;
  /** The lesson as studentLessonQuery read it already (the route's prefetch); read here when undefined. */
  read?: { lesson: typeof lessons.$inferSelect; tutorTimeZone: string | null } | null;
};

/** A lesson of this student, with its tutor's clock (a statement, so PATCH /lesson can read it with the caller: prefetch). */
const studentLesson = prebuilt((db: Db) =>
  db
    .select({
      lesson: lessons,
      tutorTimeZone: sql<string | null>`(SELECT u.time_zone FROM users u WHERE u.id = ${lessons.tutorId})`.as(
        "tutor_time_zone",
      ),
    })
    .from(lessons)
    .where(
      and(
        eq(lessons.id, sql.placeholder("lessonId")),
        sql`EXISTS (SELECT 1 FROM lesson_members m WHERE m.lesson_id = ${lessons.id} AND m.user_id = ${sql.placeholder("studentId")} AND m.role = ${Role.Student})`,
      ),
    )
    .limit(1),
);
export const studentLessonQuery = (db: Db, lessonId: number, studentId: number) =>
  studentLesson(db, { lessonId, studentId });

/**
 * Moves a lesson (the student only), under the same rules with the lesson's own time not
 * counted as busy. The lesson must not have started (lesson-time-passed) nor be inside the
 * cancel window (lesson-cancel-window-passed), since moving it gives up its current time. A read
 * of the lesson, then one batch: the conditional UPDATE (the tutor and subscription read inside
 * it), both members' notifications when it moved, and the refusal's facts.
 */
export async function rescheduleLesson(db: Db, request: RescheduleRequest): Promise<NewLesson> {
  const now = request.now ?? new Date();
  const { student } = request;
  if (student.role !== Role.Student) fail("forbidden");
  if (!student.verifiedEmail) fail("email-not-verified");
  const found =
    request.read === undefined
      ? (await studentLessonQuery(db, request.lessonId, student.id))[0]
      : request.read;
  if (!found) fail("lesson-not-found");
  const old = found.lesson;
  const business = await currentBusinessSettings(db, now.getTime());
  const changeRefused = lessonChangeRefusal(old, now, business);
  if (changeRefused) fail(changeRefused);
  if (request.start.getTime() <= now.getTime()) fail("lesson-time-passed");
  const duration = request.duration ?? (old.duration as LessonDuration);
  // A moved lesson keeps the rates it was booked at (a later change of them applies to new lessons only).
  const rates = {
    hourlyRate: (old.price * 60) / old.duration,
    tutorHourlyRate: (old.tutorEarning * 60) / old.duration,
  };
  const at = now.toISOString();
  const w: Window = {
    tutorId: old.tutorId,
    studentId: student.id,
    start: request.start.toISOString(),
    end: new Date(request.start.getTime() + duration * MINUTE_MS).toISOString(),
    floor: lessonFloor(request.start.getTime()),
    excludeId: old.id,
  };
  // A trial lesson stays a trial; a subscription lesson takes its minutes from the current one.
  const entitlement: Entitlement = old.isTrial ? "trial" : "subscription";
  const context = bookingContextSql(w, student.id, now);
  const moved = sql`EXISTS (SELECT 1 FROM lessons WHERE id = ${old.id} AND start = ${w.start} AND updated_at = ${at} AND canceled_at IS NULL)`;
  const rebooked = (other: string | null) => lessonMessages.rebooked(w.start, duration, other);
  let results: D1Result[];
  try {
    results = await d1(db).batch([
      statement(
        db,
        sql`
        UPDATE lessons SET start = ${w.start}, "end" = ${w.end}, duration = ${duration}, slot_id = c.slotId,
          price = CASE WHEN c.tutorRole = ${Role.TutorManager} THEN ${lessonPrice(duration, Role.TutorManager, rates)} ELSE ${lessonPrice(duration, Role.Tutor, rates)} END,
          tutor_earning = ${tutorEarning(duration, rates)}, subscription_id = ${old.isTrial ? sql`NULL` : sql`c.subId`}, updated_at = ${at}
        FROM (${checkedContextSql(w, context)}) c
        WHERE lessons.id = ${old.id} AND lessons.canceled_at IS NULL AND lessons.start = ${old.start}
          AND ${passesSql(w, duration, entitlement, trialAllows(duration, business))}
        RETURNING ${lessonColumns}`,
      ),
      statement(
        db,
        messagesToSql({
          userId: old.tutorId,
          otherId: student.id,
          text: rebooked,
          when: moved,
          at,
          zone: found.tutorTimeZone,
          kind: "booking-changes",
        }),
      ),
      statement(
        db,
        messagesToSql({
          userId: student.id,
          otherId: old.tutorId,
          text: rebooked,
          when: moved,
          at,
          zone: student.timeZone,
          kind: "booking-changes",
        }),
      ),
      statement(
        db,
        factsSql(w, {
          context,
          duration,
          entitlement,
          pending: { at, floor: lessonFloor(at) },
          wrote: moved,
          trialAllowed: trialAllows(duration, business),
        }),
      ),
    ]);
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed: lessons/.test(error.message)) fail("busy-tutor");
    throw error;
  }
  const lesson = (results[0]?.results as LessonRow[] | undefined)?.[0];
  const facts = (results[3]?.results as BookingFacts[] | undefined)?.[0];
  if (!lesson || !facts) fail(refusal(facts, duration, entitlement, business));
  tutorsChanged(); // the tutor's free time moved: the cached list is stale
  const outbox = [...(results[1]?.results ?? []), ...(results[2]?.results ?? [])] as StoredOutboxRow[];
  return {
    lesson: toLessonRow(lesson),
    tutor: { id: old.tutorId, name: facts.tutorName, image: facts.tutorImage },
    outbox,
  };
}
