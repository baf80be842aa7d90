// Read models that keep the admin area's reads flat as Dars grows (docs/performance.md, No full
// scans). Both are filled only by the triggers of migrations/0017_admin_search_and_daily_stats.sql,
// never by the app, so no writer can miss them. The same migration creates `users_fts`, the FTS5
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

/** Lessons not cancelled per tutor and UTC hour: the active tutors of a period are those with a row above 0 in its hours. */
export const statsTutorHours = sqliteTable(
  "stats_tutor_hours",
  {
    hour: text("hour").notNull(),
    tutorId: integer("tutor_id").notNull(),
    lessons: integer("lessons").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.tutorId] })],
);
