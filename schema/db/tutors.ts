// Role profiles: one row per tutor-side user (Tutor, TutorManager) and per student.
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./identity";

export const tutors = sqliteTable(
  "tutors",
  {
    /** Same id as users.id (one row per Tutor / TutorManager user). */
    id: integer("id")
      .primaryKey()
      .references(() => users.id),
    /** Headline, Arabic, 25..60 chars. */
    bio: text("bio"),
    /** Arabic, 50..1000 chars (sanitised HTML). */
    about: text("about"),
    /** R2 key of the intro video shown on the profile (set by the studio or from the approved intro video). */
    video: text("video"),
    /** R2 key of the video thumbnail. */
    thumbnail: text("thumbnail"),
    /** Minimum minutes of notice before a booking, 1..1440. */
    notice: integer("notice").notNull().default(60),
    activated: integer("activated", { mode: "boolean" }).notNull().default(false),
    /** Set manually by an admin: the tutor is activatable without the onboarding steps. */
    bypassOnboarding: integer("bypass_onboarding", { mode: "boolean" }).notNull().default(false),
    /** Onboarding step 1: the tutor joined the support group. */
    supportGroupJoined: integer("support_group_joined", { mode: "boolean" }).notNull().default(false),
    /**
     * The public list's order, kept so that a page is an index read (worker/domain/tutors/tutor-list.ts):
     * the soonest free time ('9999' when none), minus the average rating (0 when unrated), minus
     * the lessons taught. NULL when the tutor is not listed. Triggers (migrations/0009) set
     * list_stale_at to '' when anything they depend on changes; the list recomputes every row whose
     * list_stale_at has passed (also when the passing of time changes them) before reading a page.
     */
    listFreeAt: text("list_free_at"),
    listRating: real("list_rating"),
    listLessons: integer("list_lessons"),
    listStaleAt: text("list_stale_at").notNull().default(""),
    /**
     * Median seconds of the tutor's first reply to a new student's first message over the last 30
     * days (chat_first_replies); null below 5 conversations. Kept by the hourly job.
     */
    responseSeconds: integer("response_seconds"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tutors_list_order_idx")
      .on(t.listFreeAt, t.listRating, t.listLessons, t.id)
      .where(sql`list_free_at IS NOT NULL`),
    index("tutors_list_stale_idx").on(t.listStaleAt),
  ],
);

export const students = sqliteTable("students", {
  /** Same id as users.id (one row per Student user). */
  id: integer("id")
    .primaryKey()
    .references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
