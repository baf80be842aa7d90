/**
 * The dashboards' personal numbers: the next lesson, this month's lessons and minutes,
 * and a tutor's earnings. Months are Africa/Cairo calendar months. Earnings are the lessons'
 * stored tutor_earning (duration × the tutor hourly rate at booking time) of fulfilled lessons:
 * ended, not cancelled, the tutor not reported absent. One D1 round trip (a batch of two reads).
 */
import { sql } from "drizzle-orm";
import type {
  AdminFigures,
  AdminSeries,
  AdminSeriesQuery,
  NextLesson,
  SeriesPoint,
  StudentPersonalStats,
  TutorPersonalStats,
} from "../../../schema/api/stats";
import { DATABASE_LIMIT_BYTES } from "../../../schema/api/stats";
import type { Db } from "../../core/context";
import { BoundedCache } from "../../core/bounded-cache";
import { boundTemplate, buildTemplate, d1, statement } from "../../core/db";
import { lessonStateSql } from "../state-rules";
import {
  addDays,
  addMonths,
  CAIRO,
  dayOf,
  dayStart,
  monthStartOf,
  monthWindow,
  weekStartOf,
} from "../../../schema/calendar";

/** The current Africa/Cairo calendar month as a UTC window [start, end). */
export function cairoMonthWindow(now: Date): { start: string; end: string } {
  const { start, end } = monthWindow(now, CAIRO);
  return { start: start.toISOString(), end: end.toISOString() };
}

/** A lesson (alias `l`) that counts toward its tutor's earnings: fulfilled (state-rules.ts), the tutor not reported absent. */
export const fulfilledLesson = (at: string) =>
  sql`${lessonStateSql("l", at)} = 'fulfilled' AND l.reported_absent_at IS NULL`;

/** A tutor's earnings in piasters (stored tutor_earning of fulfilled lessons), as a scalar subquery. */
export const tutorEarningsSql = (tutorId: number, at: string, window?: { start: string; end: string }) =>
  sql`(SELECT COALESCE(SUM(l.tutor_earning), 0) FROM lessons l WHERE l.tutor_id = ${tutorId} AND ${fulfilledLesson(at)}${
    window ? sql` AND l.start >= ${window.start} AND l.start < ${window.end}` : sql``
  })`;

type NextRow = {
  id: number;
  start: string;
  duration: number;
  otherId: number;
  otherName: string | null;
  otherImage: string | null;
};
type TotalsRow = {
  lessonsThisMonth: number;
  minutesThisMonth: number;
  earningsThisMonth: number;
  totalEarnings: number;
};

/** Everything both dashboards show, in one batch. */
export async function personalStats(db: Db, userId: number, now = new Date()): Promise<TutorPersonalStats> {
  const at = now.toISOString();
  const month = cairoMonthWindow(now);
  const live = sql`l.canceled_at IS NULL AND l.reported_absent_at IS NULL`;
  const fulfilled = fulfilledLesson(at);
  const inMonth = sql`l.start >= ${month.start} AND l.start < ${month.end}`;
  const [next, totals] = await d1(db).batch([
    statement(
      db,
      sql`SELECT l.id AS id, l.start AS start, l.duration AS duration,
            u.id AS otherId, u.name AS otherName, u.image AS otherImage
          FROM lesson_members me
          JOIN lessons l ON l.id = me.lesson_id
          JOIN lesson_members other ON other.lesson_id = l.id AND other.user_id <> me.user_id
          JOIN users u ON u.id = other.user_id
          WHERE me.user_id = ${userId} AND ${live} AND l."end" > ${at}
          ORDER BY l.start, l.id
          LIMIT 1`,
    ),
    statement(
      db,
      sql`SELECT
            COALESCE(SUM(CASE WHEN ${live} AND ${inMonth} THEN 1 ELSE 0 END), 0) AS lessonsThisMonth,
            COALESCE(SUM(CASE WHEN ${live} AND ${inMonth} THEN l.duration ELSE 0 END), 0) AS minutesThisMonth,
            COALESCE(SUM(CASE WHEN ${fulfilled} AND l.tutor_id = ${userId} AND ${inMonth} THEN l.tutor_earning ELSE 0 END), 0) AS earningsThisMonth,
            COALESCE(SUM(CASE WHEN ${fulfilled} AND l.tutor_id = ${userId} THEN l.tutor_earning ELSE 0 END), 0) AS totalEarnings
          FROM lesson_members me JOIN lessons l ON l.id = me.lesson_id
          WHERE me.user_id = ${userId}`,
    ),
  ]);
  const row = (next?.results[0] ?? null) as NextRow | null;
  const sums = (totals?.results[0] ?? null) as TotalsRow | null;
  const nextLesson: NextLesson | null = row
    ? {
        id: row.id,
        start: row.start,
        duration: row.duration,
        otherMember: { id: row.otherId, name: row.otherName, image: row.otherImage },
      }
    : null;
  return {
    nextLesson,
    lessonsThisMonth: sums?.lessonsThisMonth ?? 0,
    minutesThisMonth: sums?.minutesThisMonth ?? 0,
    earningsThisMonth: sums?.earningsThisMonth ?? 0,
    totalEarnings: sums?.totalEarnings ?? 0,
  };
}

/** A student's view of the same numbers (no earnings). */
export function studentView({
  nextLesson,
  lessonsThisMonth,
  minutesThisMonth,
}: TutorPersonalStats): StudentPersonalStats {
  return { nextLesson, lessonsThisMonth, minutesThisMonth };
}

// ---------------------------------------------------------------------------------------------
// The admin area's figures and series (GET /stats/series). Periods are Cairo calendar days,
// Saturday-first weeks and calendar months, turned into ranges of UTC hours here (every Cairo
// period starts on a whole UTC hour); each metric is one statement over a JSON list of ranges of
// hours that do not overlap (json_each; a window is the sum of its ranges) that sums the
// pre-aggregated hours of stats_hours (schema/db/search.ts, kept by the triggers of migrations/0017). Active tutors, a distinct count that hours cannot sum, are read
// already counted per Cairo period from stats_active_tutors (migrations/0018): one row per period.
// The cost grows with the periods asked for, never with the lessons, payments or accounts in them.
// All four in one batch: one D1 round trip.

/**
 * A period: its key, its first and next UTC hour ("2026-11-21T22"), and its key in
 * stats_active_tutors ("d2026-11-27", "w2026-11-21", "m2026-11": schema/db/search.ts).
 */
type Window = { k: string; s: string; e: string; p: string };

/** The UTC hours of the Cairo days [first, next), the period `period` of stats_active_tutors. */
const window = (key: string, first: string, next: string, period: string): Window => ({
  k: key,
  s: dayStart(first, CAIRO).toISOString().slice(0, 13),
  e: dayStart(next, CAIRO).toISOString().slice(0, 13),
  p: period,
});

/** The metrics summed from stats_hours; active tutors are read per period. */
type HourMetric = Exclude<keyof AdminFigures, "activeTutors">;
const hourMetrics: readonly HourMetric[] = ["lessons", "revenue", "newStudents"];

/**
 * One metric's reads: `parts`, the JSON list of what the statement reads (ranges of hours that do
 * not overlap, or stats_active_tutors periods), and for each window the indexes of the parts it sums.
 */
type MetricReads = { parts: string; of: Map<Window, number[]> };

/**
 * A metric's windows cut at each one's first and next hour into ranges that do not overlap, so
 * every hour of stats_hours is read once however many windows hold it: this month holds today and
 * is the months series' last, the days series overlaps this month. A window is the sum of its ranges.
 */
function hourRanges(windows: Window[]): MetricReads {
  const cuts = [...new Set(windows.flatMap((w) => [w.s, w.e]))].sort();
  const ranges: { s: string; e: string }[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const range = { s: cuts[i]!, e: cuts[i + 1]! };
    if (windows.some((w) => w.s <= range.s && range.e <= w.e)) ranges.push(range);
  }
  const of = new Map(
    windows.map((w) => [
      w,
      ranges.flatMap((range, index) => (w.s <= range.s && range.e <= w.e ? [index] : [])),
    ]),
  );
  return { parts: JSON.stringify(ranges), of };
}

/** The windows' periods of stats_active_tutors, each read once. */
function periodReads(windows: Window[]): MetricReads {
  const periods = [...new Set(windows.map((w) => w.p))];
  return {
    parts: JSON.stringify(periods),
    of: new Map(windows.map((w) => [w, [periods.indexOf(w.p)]])),
  };
}

/**
 * Each metric's value per part `w` (a json_each row): lessons not cancelled by start, revenue paid
 * less refunded by paid_at, student accounts by created_at (a range of hours of stats_hours);
 * tutors with a lesson not cancelled (a period of stats_active_tutors). Built into SQL once.
 */
const hourStatement = buildTemplate(
  sql`SELECT w.key AS i, (SELECT COALESCE(SUM(h.value), 0) FROM stats_hours h
        WHERE h.metric = ${sql.placeholder("metric")}
          AND h.hour >= json_extract(w.value, '$.s') AND h.hour < json_extract(w.value, '$.e')) AS value
      FROM json_each(${sql.placeholder("parts")}) w`,
);
const periodStatement = buildTemplate(
  sql`SELECT w.key AS i, (SELECT COALESCE(SUM(a.tutors), 0) FROM stats_active_tutors a WHERE a.period = w.value) AS value
      FROM json_each(${sql.placeholder("parts")}) w`,
);

/** What a series question reads and how its answer is put together: the same for the same question. */
type SeriesPlan = {
  day: string;
  figures: { today: Window; month: Window };
  days: Window[];
  months: Window[];
  weeks: Window[];
  reads: Record<keyof AdminFigures, MetricReads>;
};

function seriesPlan(day: string, query: AdminSeriesQuery): SeriesPlan {
  const monthStart = monthStartOf(day);
  const today = window("today", day, addDays(day, 1), `d${day}`);
  const month = window("month", monthStart, addMonths(day, 1), `m${monthStart.slice(0, 7)}`);
  const days = Array.from({ length: query.days }, (_, i) => addDays(day, i - query.days + 1)).map((d) =>
    window(d, d, addDays(d, 1), `d${d}`),
  );
  const months = Array.from({ length: query.months }, (_, i) => addMonths(day, i - query.months + 1)).map(
    (m) => window(m, m, addMonths(m, 1), `m${m.slice(0, 7)}`),
  );
  const thisWeek = weekStartOf(day);
  const weeks = Array.from({ length: query.weeks }, (_, i) =>
    addDays(thisWeek, 7 * (i - query.weeks + 1)),
  ).map((w) => window(w, w, addDays(w, 7), `w${w}`));
  return {
    day,
    figures: { today, month },
    days,
    months,
    weeks,
    reads: {
      lessons: hourRanges([today, month, ...days]),
      revenue: hourRanges([today, month, ...months]),
      newStudents: hourRanges([today, month, ...weeks]),
      activeTutors: periodReads([today, month, ...weeks]),
    },
  };
}

/**
 * The plans of the questions asked lately, per isolate: a plan is a pure function of the day and
 * the counts, and making one takes the Cairo day starts of some thirty windows (time-zone arithmetic).
 */
const seriesPlans = new BoundedCache<string, SeriesPlan>({ maxSize: 64 });

type PartRow = { i: number; value: number };

/**
 * Today's and this month's figures and the four series ending on the Cairo day `query.to` (default
 * today), with the database's size that D1 reports with any answer (meta.size_after): the number
 * docs/capacity.md's plan acts on, at no extra read.
 */
export async function adminSeries(db: Db, query: AdminSeriesQuery, now = new Date()): Promise<AdminSeries> {
  const day = query.to ?? dayOf(now, CAIRO);
  const plan = seriesPlans.getOrSet(`${day}|${query.days}|${query.weeks}|${query.months}`, () =>
    seriesPlan(day, query),
  );
  const metrics = [...hourMetrics, "activeTutors"] as const;
  const results = await d1(db).batch(
    metrics.map((metric) =>
      metric === "activeTutors"
        ? boundTemplate(db, periodStatement, { parts: plan.reads[metric].parts })
        : boundTemplate(db, hourStatement, { metric, parts: plan.reads[metric].parts }),
    ),
  );
  const partValues = metrics.map((_, i) => {
    const values: number[] = [];
    for (const row of (results[i]?.results ?? []) as PartRow[]) values[Number(row.i)] = row.value;
    return values;
  });
  const valueOf = (metric: keyof AdminFigures, w: Window): number => {
    const values = partValues[metrics.indexOf(metric)]!;
    let sum = 0;
    for (const index of plan.reads[metric].of.get(w) ?? []) sum += values[index] ?? 0;
    return sum;
  };
  const figuresOf = (w: Window): AdminFigures => ({
    lessons: valueOf("lessons", w),
    revenue: valueOf("revenue", w),
    newStudents: valueOf("newStudents", w),
    activeTutors: valueOf("activeTutors", w),
  });
  const series = (metric: keyof AdminFigures, list: Window[]): SeriesPoint[] =>
    list.map((w) => ({ start: w.k, value: valueOf(metric, w) }));
  return {
    day: plan.day,
    database: { bytes: results[0]?.meta.size_after ?? 0, limitBytes: DATABASE_LIMIT_BYTES },
    today: figuresOf(plan.figures.today),
    thisMonth: figuresOf(plan.figures.month),
    lessonsPerDay: series("lessons", plan.days),
    revenuePerMonth: series("revenue", plan.months),
    newStudentsPerWeek: series("newStudents", plan.weeks),
    activeTutorsPerWeek: series("activeTutors", plan.weeks),
  };
}
