// Read models that keep the admin area's reads flat as Dars grows (docs/performance.md, No full
// scans). They are filled only by the triggers of migrations/0017_admin_search_and_daily_stats.sql
// and migrations/0018_active_tutor_periods.sql, never by the app, so no writer can miss them. The same migration creates `users_fts`, the FTS5
// index of users' name, email and phone that the admin user search matches (drizzle cannot
// declare a virtual table).
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The admin series' counts per UTC hour (GET /stats/series, worker/domain/staff/stats.ts).
 * Hours, not Cairo days: every Cairo day, week and month starts on a whole UTC hour (Cairo is
 * UTC+2 or UTC+3), so a period is a range of hours and the triggers need not know Cairo's summer
 * time. `metric` is "lessons" (not cancelled, by start), "revenue" (piasters paid less refunded,
 * by paid_at) or "newStudents" (student accounts, by created_at).
 */
export const statsHours = sqliteTable(
  "stats_hours",
  {
    metric: text("metric").notNull(),
    /** The UTC hour, the first 13 characters of an ISO timestamp ("2026-11-21T22"). */
    hour: text("hour").notNull(),
    value: integer("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.metric, t.hour] })],
);

/**
 * Lessons not cancelled per tutor and Cairo period, for the active tutors (a distinct count is not
 * a sum of hours). `period` is a Cairo calendar day ("d2026-11-27"), a Saturday-first week by its
 * Saturday ("w2026-11-21") or a calendar month ("m2026-11"): the three kinds GET /stats/series asks
 * for. A row exists only while its count is above 0 (the triggers delete it at 0).
 */
export const statsTutorPeriods = sqliteTable(
  "stats_tutor_periods",
  {
    period: text("period").notNull(),
    tutorId: integer("tutor_id").notNull(),
    lessons: integer("lessons").notNull(),
  },
  (t) => [primaryKey({ columns: [t.period, t.tutorId] })],
);

/** The tutors with a row in stats_tutor_periods per period, kept as each tutor's count leaves or reaches 0. */
export const statsActiveTutors = sqliteTable("stats_active_tutors", {
  period: text("period").primaryKey(),
  tutors: integer("tutors").notNull(),
});

/**
 * Africa/Cairo's UTC offset from each change on (Egypt has summer time again since 2023), so a
 * trigger can find a lesson's Cairo day: the row with the greatest `from_hour` not after the
 * instant's UTC hour. Written by the migration from Intl (scripts/cairo-offsets.mjs, 2000–2100);
 * new rules from Egypt need a new migration with the rows redone (docs/capacity.md).
 */
export const cairoOffsetChanges = sqliteTable("cairo_offsets", {
  /** The UTC hour the offset starts ("2027-04-29T22"); "0000-01-01T00" for the one in force before 2000. */
  fromHour: text("from_hour").primaryKey(),
  minutes: integer("minutes").notNull(),
});
