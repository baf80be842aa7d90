// Lessons (15 or 30 minutes, one tutor + one student) and their members.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { availabilitySlots } from "./availability";
import { createdAt, updatedAt } from "./columns";
import { users } from "./identity";
import { subscriptions } from "./subscriptions";

/**
 * State is derived, not stored: cancelled when canceledAt is set; otherwise pending before start,
 * happening between start and end, fulfilled after end.
 */
export const lessons = sqliteTable(
  "lessons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /**
     * The tutor-side member, denormalised from lesson_members so the busy-tutor check and the
     * conditional INSERT ... SELECT ... WHERE NOT EXISTS stay one statement.
     */
    tutorId: integer("tutor_id")
      .notNull()
      .references(() => users.id),
    /** The availability slot the lesson was booked in (cancelled with it when the slot is deleted). */
    slotId: integer("slot_id").references(() => availabilitySlots.id),
    start: text("start").notNull(),
    /** start + duration, stored for overlap queries. */
    end: text("end").notNull(),
    /** LessonDuration enum: Short 15, Long 30 (minutes). */
    duration: integer("duration").notNull(),
    /** Price in piasters (duration x lesson hourly rate; 0 with a tutor manager). */
    price: integer("price").notNull(),
    /** Tutor earnings in piasters if fulfilled (duration x tutor hourly rate at booking time). */
    tutorEarning: integer("tutor_earning").notNull().default(0),
    /** The subscription whose week the minutes come from; null for the free trial lesson. */
    subscriptionId: integer("subscription_id").references(() => subscriptions.id),
    isTrial: integer("is_trial", { mode: "boolean" }).notNull().default(false),
    /**
     * The student-side member, denormalised from lesson_members (set by the booking, and by the
     * trigger of migrations/0022 for any other insert) so the booking's busy-student check is an
     * index probe around the new lesson's time, not a walk of every lesson the student had.
     */
    studentId: integer("student_id").references(() => users.id),
    /** The student who booked (or an admin). */
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id),
    /** Who cancelled (student or tutor user id); null with canceledAt set = cancelled by the system. */
    canceledBy: integer("canceled_by").references(() => users.id),
    canceledAt: text("canceled_at"),
    /** The student reported the tutor absent (from 3 minutes after start); minutes are refunded. */
    reportedAbsentAt: text("reported_absent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lessons_start_idx").on(t.start),
    index("lessons_tutor_start_idx").on(t.tutorId, t.start),
    index("lessons_subscription_start_idx").on(t.subscriptionId, t.start),
    index("lessons_student_start_idx").on(t.studentId, t.start),
    index("lessons_slot_idx").on(t.slotId),
    // Database backstop against double booking: one live lesson per tutor per start time.
    uniqueIndex("lessons_tutor_start_live_uq")
      .on(t.tutorId, t.start)
      .where(sql`canceled_at IS NULL`),
  ],
);

export const lessonMembers = sqliteTable(
  "lesson_members",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** Role enum of the member in this lesson: Tutor 3 / TutorManager 5 for the teacher, Student 4. */
    role: integer("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("lesson_members_lesson_user_uq").on(t.lessonId, t.userId),
    index("lesson_members_user_idx").on(t.userId),
  ],
);

/**
 * A user's personal calendar feed (GET /lesson/calendar/{token}.ics): the token is a random
 * 256-bit secret, the only key of the public feed URL. Rotating it replaces the row's token, so
 * the old URL stops working at once.
 */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id),
    token: text("token").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_uq").on(t.token)],
);
