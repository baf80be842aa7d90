// «تقدّمي» (docs/rules.md, "Learning after the lesson"): a student's minutes per week for the last
// PROGRESS_WEEKS weeks, lessons done, tutors met, words learned, homework done, the streak of weeks
// with a lesson and the level history. Weeks start on Saturday on Cairo's clock (schema/calendar.ts);
// SQLite knows no zones, so the offsets are bound as parameters (schema/calendar-sql.ts) and each
// lesson's Cairo day gives its week number, counted from Saturday 2000-01-01. Three aggregate
// statements, read in the batch that reads the caller (worker/http/route.ts prefetch): one round trip.
import { sql, type SQL } from "drizzle-orm";
import { PROGRESS_LEVELS, PROGRESS_WEEKS, type ProgressView } from "../../../schema/api/progress";
import {
  addDays,
  CAIRO,
  dayOf,
  daysBetween,
  offsetSpans,
  type DayKey,
  type OffsetSpan,
} from "../../../schema/calendar";
import { localDaySql } from "../../../schema/calendar-sql";
import { Role } from "../../../schema/enums";
import type { CefrLevel } from "../../../schema/learning";
import { DAY_MS } from "../../../schema/time";
import { BoundedCache } from "../../core/bounded-cache";
import type { Db } from "../../core/context";
import {
  currentLevelSql,
  lessonDoneSql,
  levelPageQuery,
  toLevelView,
  rawRows,
  type LevelRow,
} from "./levels";

/** Week 0 starts on this Saturday; a week's number is whole weeks since. */
export const WEEK_ZERO: DayKey = "2000-01-01";

/** The Saturday-first week number of an instant on Cairo's clock. */
export const weekNumberOf = (instant: Date | string | number): number =>
  Math.floor(daysBetween(WEEK_ZERO, dayOf(instant, CAIRO)) / 7);

/** The first day of week `n`. */
export const weekStartDay = (n: number): DayKey => addDays(WEEK_ZERO, 7 * n);

/** Cairo's offsets from 2020 (before the product's first lesson) to a day after `now`, once per isolate per day. */
const FROM = Date.parse("2020-01-01T00:00:00Z");
const spansCache = new BoundedCache<string, OffsetSpan[]>({ maxSize: 4 });
function cairoSpans(now: Date): OffsetSpan[] {
  const day = now.toISOString().slice(0, 10);
  return spansCache.getOrSet(day, () => offsetSpans(FROM, Date.parse(day) + 2 * DAY_MS, CAIRO));
}

/** The student's lessons that count, each with its week number (a CTE named `done`). */
function doneLessons(studentId: number, now: Date): SQL {
  const localDay = localDaySql(sql.raw("l.start"), cairoSpans(now));
  return sql`done AS (
    SELECT l.tutor_id AS tutorId, l.duration AS duration,
      CAST(julianday(${localDay}) - julianday(${WEEK_ZERO}) AS INTEGER) / 7 AS week
    FROM lesson_members m JOIN lessons l ON l.id = m.lesson_id
    WHERE m.user_id = ${studentId} AND m.role = ${Role.Student} AND ${lessonDoneSql("l", now.toISOString())})`;
}

type Totals = {
  lessons: number;
  minutes: number;
  tutors: number;
  streak: number;
  wordsLearned: number;
  homeworkDone: number;
  level: string | null;
};

/** The three statements of the page, built from the student's id and now. */
export function progressQueries(db: Db, studentId: number, now: Date) {
  const thisWeek = weekNumberOf(now);
  const firstWeek = thisWeek - PROGRESS_WEEKS + 1;
  const done = doneLessons(studentId, now);
  return [
    rawRows<Totals>(
      db,
      sql`WITH ${done},
      weeks AS (SELECT DISTINCT week FROM done),
      runs AS (SELECT week, week + row_number() OVER (ORDER BY week DESC) AS run FROM weeks)
      SELECT
        (SELECT count(*) FROM done) AS lessons,
        (SELECT COALESCE(SUM(duration), 0) FROM done) AS minutes,
        (SELECT count(DISTINCT tutorId) FROM done) AS tutors,
        (SELECT count(*) FROM runs WHERE run = (SELECT run FROM runs ORDER BY week DESC LIMIT 1)
          AND (SELECT max(week) FROM weeks) >= ${thisWeek - 1}) AS streak,
        (SELECT count(*) FROM student_words w WHERE w.student_id = ${studentId} AND w.learned_at IS NOT NULL) AS wordsLearned,
        (SELECT count(*) FROM lesson_notes n WHERE n.student_id = ${studentId} AND n.homework_done_at IS NOT NULL) AS homeworkDone,
        ${currentLevelSql(studentId)} AS level`,
    ),
    rawRows<WeekRow>(
      db,
      sql`WITH ${done}
      SELECT week, SUM(duration) AS minutes FROM done WHERE week >= ${firstWeek} AND week <= ${thisWeek} GROUP BY week`,
    ),
    levelPageQuery(db, studentId, PROGRESS_LEVELS, 0),
  ] as const;
}

type WeekRow = { week: number; minutes: number };
type Read = readonly [Totals[], WeekRow[], LevelRow[]];

/** The answer from the three statements' rows (read with the caller, or on their own). */
export async function readProgress(db: Db, studentId: number, now: Date, read?: Read): Promise<ProgressView> {
  const [totals, weekRows, levelRows]: Read = read ?? (await db.batch(progressQueries(db, studentId, now)));
  const thisWeek = weekNumberOf(now);
  const byWeek = new Map(weekRows.map((row) => [row.week, row.minutes]));
  const weeks = Array.from({ length: PROGRESS_WEEKS }, (_, i) => {
    const n = thisWeek - PROGRESS_WEEKS + 1 + i;
    return { start: weekStartDay(n), minutes: byWeek.get(n) ?? 0 };
  });
  const row = totals[0];
  return {
    weeks,
    lessons: row?.lessons ?? 0,
    minutes: row?.minutes ?? 0,
    tutors: row?.tutors ?? 0,
    wordsLearned: row?.wordsLearned ?? 0,
    homeworkDone: row?.homeworkDone ?? 0,
    streakWeeks: row?.streak ?? 0,
    level: (row?.level as CefrLevel | null) ?? null,
    levels: levelRows.map(toLevelView),
  };
}
