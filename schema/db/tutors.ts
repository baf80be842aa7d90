// Role profiles: one row per tutor-side user (Tutor, TutorManager) and per student.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./identity";

export const tutors = sqliteTable("tutors", {
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const students = sqliteTable("students", {
  /** Same id as users.id (one row per Student user). */
  id: integer("id")
    .primaryKey()
    .references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
