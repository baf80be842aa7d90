// Tutor onboarding: demo sessions, intro videos, photo sessions.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { availabilitySlots } from "./availability";
import { createdAt, updatedAt } from "./columns";
import { users } from "./identity";
import { PhotoSessionStatus, photoSessionStatuses } from "../enums";

export const demoSessions = sqliteTable(
  "demo_sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tutorId: integer("tutor_id")
      .notNull()
      .references(() => users.id),
    /** The reviewing tutor manager. */
    tutorManagerId: integer("tutor_manager_id")
      .notNull()
      .references(() => users.id),
    slotId: integer("slot_id").references(() => availabilitySlots.id),
    start: text("start").notNull(),
    /** start + 30 minutes. */
    end: text("end").notNull(),
    /**
     * Review status enum (lesson/session review): Pending 1, Passed 2, Rejected 3,
     * CanceledByTutorManager 4, CanceledByTutor 5, CanceledByAdmin 6.
     */
    status: integer("status").notNull().default(1),
    feedback: text("feedback"),
    note: text("note"),
    decidedAt: text("decided_at"),
    canceledBy: integer("canceled_by").references(() => users.id),
    canceledAt: text("canceled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("demo_sessions_tutor_start_idx").on(t.tutorId, t.start),
    index("demo_sessions_tutor_manager_start_idx").on(t.tutorManagerId, t.start),
    index("demo_sessions_start_idx").on(t.start),
    // The tutor list's free time counts a slot's pending demo sessions by slot.
    index("demo_sessions_slot_idx").on(t.slotId),
    // One pending or passed demo session per tutor.
    uniqueIndex("demo_sessions_tutor_open_uq")
      .on(t.tutorId)
      .where(sql`status IN (1, 2)`),
    uniqueIndex("demo_sessions_tutor_manager_start_pending_uq")
      .on(t.tutorManagerId, t.start)
      .where(sql`status = 1`),
  ],
);

export const introVideos = sqliteTable(
  "intro_videos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tutorId: integer("tutor_id")
      .notNull()
      .references(() => users.id),
    /** The activated tutor manager with the fewest reviews, assigned on upload. */
    reviewerId: integer("reviewer_id").references(() => users.id),
    /** R2 key under uploads/. */
    video: text("video").notNull(),
    /** Seconds, 60..180. */
    duration: integer("duration").notNull(),
    /** Bytes. */
    size: integer("size").notNull(),
    contentType: text("content_type").notNull(),
    /** IntroVideoStatus enum: Pending 1, Rejected 2, Approved 3. */
    status: integer("status").notNull().default(1),
    feedback: text("feedback"),
    reviewedAt: text("reviewed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("intro_videos_tutor_created_idx").on(t.tutorId, t.createdAt),
    index("intro_videos_reviewer_status_idx").on(t.reviewerId, t.status),
    // intro-video-exists: one pending or approved video per tutor.
    uniqueIndex("intro_videos_tutor_open_uq")
      .on(t.tutorId)
      .where(sql`status IN (1, 3)`),
  ],
);

export const photoSessions = sqliteTable(
  "photo_sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tutorId: integer("tutor_id")
      .notNull()
      .references(() => users.id),
    studioId: integer("studio_id").references(() => users.id),
    /** Appointment at the studio, if scheduled. */
    scheduledAt: text("scheduled_at"),
    /** schema/enums.ts PhotoSessionStatus: "pending" | "scheduled" | "done" | "canceled". */
    status: text("status", { enum: photoSessionStatuses }).notNull().default(PhotoSessionStatus.Pending),
    /** R2 keys of what the studio uploaded (also copied to users.image / tutors.video / tutors.thumbnail). */
    image: text("image"),
    video: text("video"),
    thumbnail: text("thumbnail"),
    note: text("note"),
    completedAt: text("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("photo_sessions_tutor_idx").on(t.tutorId),
    index("photo_sessions_studio_status_idx").on(t.studioId, t.status),
  ],
);
