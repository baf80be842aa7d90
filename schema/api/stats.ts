/** GET /user/student/stats/personalized and GET /user/tutor/stats/personalized — the dashboards' numbers; GET /stats/series — the admin area's figures. */
import { z } from "zod";
import { day } from "./tutor";

export type StatsMember = { id: number; name: string | null; image: string | null };

/** The signed-in user's next lesson that has not ended (it may be happening now). */
export type NextLesson = {
  id: number;
  start: string;
  /** Minutes (15 or 30). */
  duration: number;
  /** The tutor for a student, the student for a tutor. */
  otherMember: StatsMember;
};

export type StudentPersonalStats = {
  nextLesson: NextLesson | null;
  /** Lessons not cancelled (nor the tutor reported absent) that start in the current Africa/Cairo calendar month (past and coming). */
  lessonsThisMonth: number;
  /** Their minutes. */
  minutesThisMonth: number;
};

export type TutorPersonalStats = StudentPersonalStats & {
  /** Piasters earned this Cairo month: fulfilled lessons (ended, not cancelled, tutor not reported absent). */
  earningsThisMonth: number;
  /** Piasters earned from every fulfilled lesson. */
  totalEarnings: number;
};

const count = (max: number, fallback: number) =>
  z.coerce.number({ error: "bad-request" }).int("bad-request").min(1, "bad-request").max(max, "bad-request").default(fallback);

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
export type SeriesPoint = { start: string; value: number };

export type AdminFigures = {
  /** Lessons not cancelled that start in the period (past and coming). */
  lessons: number;
  /** Piasters paid in the period (transactions by their payment time), less what was refunded of them. */
  revenue: number;
  /** Student accounts created in the period. */
  newStudents: number;
  /** Tutors with at least one lesson not cancelled in the period. */
  activeTutors: number;
};

export type AdminSeries = {
  /** The Cairo day the figures are for ("YYYY-MM-DD"). */
  day: string;
  today: AdminFigures;
  /** The Cairo calendar month holding `day`. */
  thisMonth: AdminFigures;
  /** Oldest first, one point per Cairo day. */
  lessonsPerDay: SeriesPoint[];
  /** Oldest first, one point per Cairo calendar month. */
  revenuePerMonth: SeriesPoint[];
  /** Oldest first, one point per Saturday-first Cairo week. */
  newStudentsPerWeek: SeriesPoint[];
  activeTutorsPerWeek: SeriesPoint[];
};
