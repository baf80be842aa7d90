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
import { d1, statement } from "../../core/db";
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
// period starts on a whole UTC hour); each metric is one statement over a JSON list of windows
// (json_each) that sums the pre-aggregated hours of stats_hours (schema/db/search.ts, kept by the
// triggers of migrations/0017). Active tutors, a distinct count that hours cannot sum, are read
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

const inWindow = sql`h.hour >= json_extract(w.value, '$.s') AND h.hour < json_extract(w.value, '$.e')`;
const summed = (metric: string) =>
  sql`SELECT COALESCE(SUM(h.value), 0) FROM stats_hours h WHERE h.metric = ${metric} AND ${inWindow}`;

/**
 * Each metric's value in one window `w` (a json_each row): lessons not cancelled by start, revenue
 * paid less refunded by paid_at, student accounts by created_at, tutors with a lesson not cancelled.
 */
const metricSql = {
  lessons: summed("lessons"),
  revenue: summed("revenue"),
  newStudents: summed("newStudents"),
  activeTutors: sql`SELECT COALESCE(SUM(a.tutors), 0) FROM stats_active_tutors a WHERE a.period = json_extract(w.value, '$.p')`,
} satisfies Record<keyof AdminFigures, unknown>;

type WindowRow = { k: string; value: number };

/**
 * Today's and this month's figures and the four series ending on the Cairo day `query.to` (default
 * today), with the database's size that D1 reports with any answer (meta.size_after): the number
 * docs/capacity.md's plan acts on, at no extra read.
 */
export async function adminSeries(db: Db, query: AdminSeriesQuery, now = new Date()): Promise<AdminSeries> {
  const day = query.to ?? dayOf(now, CAIRO);
  const monthStart = monthStartOf(day);
  const figures = [
    window("today", day, addDays(day, 1), `d${day}`),
    window("month", monthStart, addMonths(day, 1), `m${monthStart.slice(0, 7)}`),
  ];
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
  const windows: Record<keyof AdminFigures, Window[]> = {
    lessons: [...figures, ...days],
    revenue: [...figures, ...months],
    newStudents: [...figures, ...weeks],
    activeTutors: [...figures, ...weeks],
  };
  const metrics = Object.keys(metricSql) as Array<keyof AdminFigures>;
  const results = await d1(db).batch(
    metrics.map((metric) =>
      statement(
        db,
        sql`SELECT json_extract(w.value, '$.k') AS k, (${metricSql[metric]}) AS value
            FROM json_each(${JSON.stringify(windows[metric])}) w ORDER BY w.key`,
      ),
    ),
  );
  const values = Object.fromEntries(
    metrics.map((metric, i) => [
      metric,
      new Map(((results[i]?.results ?? []) as WindowRow[]).map((row) => [row.k, row.value])),
    ]),
  ) as Record<keyof AdminFigures, Map<string, number>>;
  const figuresOf = (key: string): AdminFigures => ({
    lessons: values.lessons.get(key) ?? 0,
    revenue: values.revenue.get(key) ?? 0,
    newStudents: values.newStudents.get(key) ?? 0,
    activeTutors: values.activeTutors.get(key) ?? 0,
  });
  const series = (metric: keyof AdminFigures, list: Window[]): SeriesPoint[] =>
    list.map((w) => ({ start: w.k, value: values[metric].get(w.k) ?? 0 }));
  return {
    day,
    database: { bytes: results[0]?.meta.size_after ?? 0, limitBytes: DATABASE_LIMIT_BYTES },
    today: figuresOf("today"),
    thisMonth: figuresOf("month"),
    lessonsPerDay: series("lessons", days),
    revenuePerMonth: series("revenue", months),
    newStudentsPerWeek: series("newStudents", weeks),
    activeTutorsPerWeek: series("activeTutors", weeks),
  };
}
