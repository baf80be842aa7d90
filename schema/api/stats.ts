/** GET /user/student/stats/personalized and GET /user/tutor/stats/personalized — the dashboards' numbers; GET /stats/series — the admin area's figures. */
import { z } from "zod";
import { day } from "./tutor";
import { contract } from "./contract";

export const statsMember = z.object({
  id: z.number(),
  name: z.string().nullable(),
  image: z.string().nullable(),
});
export type StatsMember = z.output<typeof statsMember>;

/** The signed-in user's next lesson that has not ended (it may be happening now). */
export const nextLesson = z.object({
  id: z.number(),
  start: z.string(),
  /** Minutes (15 or 30). */
  duration: z.number(),
  /** The tutor for a student, the student for a tutor. */
  otherMember: statsMember,
});
export type NextLesson = z.output<typeof nextLesson>;

export const studentPersonalStats = z.object({
  nextLesson: nextLesson.nullable(),
  /** Lessons not cancelled (nor the tutor reported absent) that start in the current Africa/Cairo calendar month (past and coming). */
  lessonsThisMonth: z.number(),
  /** Their minutes. */
  minutesThisMonth: z.number(),
});
export type StudentPersonalStats = z.output<typeof studentPersonalStats>;

export const tutorPersonalStats = studentPersonalStats.extend({
  /** Piasters earned this Cairo month: fulfilled lessons (ended, not cancelled, tutor not reported absent). */
  earningsThisMonth: z.number(),
  /** Piasters earned from every fulfilled lesson. */
  totalEarnings: z.number(),
});
export type TutorPersonalStats = z.output<typeof tutorPersonalStats>;

const count = (max: number, fallback: number) =>
  z.coerce
    .number({ error: "bad-request" })
    .int("bad-request")
    .min(1, "bad-request")
    .max(max, "bad-request")
    .default(fallback);

/**
 * GET /stats/series (admins): the figures of one Cairo day (`to`, default today) and of its Cairo
 * month, and four series ending with it — lessons per day (`days`), revenue per month (`months`),
 * new students and active tutors per Saturday-first week (`weeks`).
 */
export const adminSeriesQuery = z.object({
  /** The last Cairo calendar day (YYYY-MM-DD) of the series; today in Cairo when left out. */
  to: day.optional(),
  days: count(92, 14),
  weeks: count(52, 8),
  months: count(24, 6),
});
export type AdminSeriesQuery = z.infer<typeof adminSeriesQuery>;

/** One bar: the Cairo day its period starts (a day, a Saturday, or the 1st of a month) and its value. */
export const seriesPoint = z.object({ start: z.string(), value: z.number() });
export type SeriesPoint = z.output<typeof seriesPoint>;

export const adminFigures = z.object({
  /** Lessons not cancelled that start in the period (past and coming). */
  lessons: z.number(),
  /** Piasters paid in the period (transactions by their payment time), less what was refunded of them. */
  revenue: z.number(),
  /** Student accounts created in the period. */
  newStudents: z.number(),
  /** Tutors with at least one lesson not cancelled in the period. */
  activeTutors: z.number(),
});
export type AdminFigures = z.output<typeof adminFigures>;

/** D1's published size limit for one database (10 GB; docs/capacity.md, "When D1's 10 GB is reached"). */
export const DATABASE_LIMIT_BYTES = 10 * 1024 ** 3;
/**
 * The shares of that limit at which staff act on docs/capacity.md's plan ("When to act"): at a
 * quarter, the tables that join nothing move to their own database (step 2); at half, lessons
 * older than two years leave the hot table (step 4). Step 1, deleting sent notifications, runs by itself.
 */
export const DATABASE_ACT_AT = { split: 0.25, coldLessons: 0.5 } as const;

/** Which step a share of the limit calls for (the admin home's advice under the meter). */
export function databaseStep(share: number): "calm" | keyof typeof DATABASE_ACT_AT {
  if (share >= DATABASE_ACT_AT.coldLessons) return "coldLessons";
  return share >= DATABASE_ACT_AT.split ? "split" : "calm";
}

export const adminSeries = z.object({
  /** The Cairo day the figures are for ("YYYY-MM-DD"). */
  day: z.string(),
  /** The database's size in bytes as D1 reported it after the series' reads (meta.size_after), and its limit. */
  database: z.object({ bytes: z.number(), limitBytes: z.number() }),
  today: adminFigures,
  /** The Cairo calendar month holding `day`. */
  thisMonth: adminFigures,
  /** Oldest first, one point per Cairo day. */
  lessonsPerDay: z.array(seriesPoint),
  /** Oldest first, one point per Cairo calendar month. */
  revenuePerMonth: z.array(seriesPoint),
  /** Oldest first, one point per Saturday-first Cairo week. */
  newStudentsPerWeek: z.array(seriesPoint),
  activeTutorsPerWeek: z.array(seriesPoint),
});
export type AdminSeries = z.output<typeof adminSeries>;

/** The dashboard figures endpoints (worker/routes/stats.ts). */
export const statsContracts = {
  student: contract({
    method: "get",
    path: "/user/student/stats/personalized",
    response: studentPersonalStats,
  }),
  tutor: contract({ method: "get", path: "/user/tutor/stats/personalized", response: tutorPersonalStats }),
  series: contract({ method: "get", path: "/stats/series", query: adminSeriesQuery, response: adminSeries }),
};
