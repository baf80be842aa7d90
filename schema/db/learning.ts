// Learning between lessons (docs/rules.md, "Learning after the lesson"): a tutor's note on a
// lesson with its new words and homework, the student's replies, the student's word list with its
// practice schedule, the CEFR level history, saved tutors, and the first-reply times behind a
// tutor's response time.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./identity";
import { lessons } from "./lessons";
import { ratings } from "./ratings";

/**
 * The tutor's note on one lesson (one per lesson), written after it ends and up to 7 days later.
 * The words are copied into student_words when the note is saved; `words` keeps them as written
 * (JSON array of { word, meaning, example? }) so the note reads back the same.
 */
export const lessonNotes = sqliteTable(
  "lesson_notes",
  {
    lessonId: integer("lesson_id")
      .primaryKey()
      .references(() => lessons.id),
    tutorId: integer("tutor_id")
      .notNull()
      .references(() => users.id),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id),
    /** What was covered (plain text, sanitised). */
    summary: text("summary").notNull(),
    /** JSON: [{ word, meaning, example? }], at most 30. */
    words: text("words").notNull().default("[]"),
    homework: text("homework"),
    /** Calendar date (YYYY-MM-DD) on the student's clock, or null. */
    homeworkDue: text("homework_due"),
    /** R2 key of the homework attachment (image or PDF) under learning/. */
    homeworkAttachment: text("homework_attachment"),
    homeworkDoneAt: text("homework_done_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lesson_notes_student_created_idx").on(t.studentId, t.createdAt),
    index("lesson_notes_tutor_student_created_idx").on(t.tutorId, t.studentId, t.createdAt),
  ],
);

/** A reply on a lesson's homework (the student's answer, or the tutor's answer to it). */
export const lessonNoteReplies = sqliteTable(
  "lesson_note_replies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessonNotes.lessonId),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id),
    text: text("text").notNull(),
    /** R2 key of an optional image or PDF under learning/. */
    attachment: text("attachment"),
    createdAt: createdAt(),
  },
  (t) => [
    index("lesson_note_replies_lesson_created_idx").on(t.lessonId, t.createdAt),
    index("lesson_note_replies_author_idx").on(t.authorId),
  ],
);

/**
 * A word in a student's «كلماتي» list. `step` walks the spaced schedule (1, 3, 7, 14 days):
 * "knew it" moves it one step on, "didn't" sends it back to the start; `dueAt` is the next practice.
 */
export const studentWords = sqliteTable(
  "student_words",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id),
    /** The lesson whose note brought the word (null once that lesson's note is gone). */
    lessonId: integer("lesson_id").references(() => lessons.id),
    word: text("word").notNull(),
    /** The word folded for uniqueness (trimmed, lower case, spaces collapsed). */
    wordKey: text("word_key").notNull(),
    meaning: text("meaning").notNull(),
    example: text("example"),
    /** 0 = new; 1..4 = the interval reached (1, 3, 7, 14 days). */
    step: integer("step").notNull().default(0),
    dueAt: text("due_at").notNull(),
    lastPractisedAt: text("last_practised_at"),
    learnedAt: text("learned_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("student_words_student_key_uq").on(t.studentId, t.wordKey),
    index("student_words_student_due_idx").on(t.studentId, t.dueAt),
    index("student_words_student_created_idx").on(t.studentId, t.createdAt),
    index("student_words_student_learned_idx").on(t.studentId, t.learnedAt),
    index("student_words_lesson_idx").on(t.lessonId),
  ],
);

/** A student's CEFR level as set by a tutor, with a one-line reason; the newest row is the level. */
export const studentLevels = sqliteTable(
  "student_levels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id),
    tutorId: integer("tutor_id")
      .notNull()
      .references(() => users.id),
    lessonId: integer("lesson_id").references(() => lessons.id),
    /** "A1" | "A2" | "B1" | "B2" | "C1" | "C2" */
    level: text("level").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("student_levels_student_created_idx").on(t.studentId, t.createdAt),
    index("student_levels_tutor_idx").on(t.tutorId),
    index("student_levels_lesson_idx").on(t.lessonId),
  ],
);

/** A tutor saved by a user (the heart on cards and pages). */
export const favouriteTutors = sqliteTable(
  "favourite_tutors",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    tutorId: integer("tutor_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tutorId] }),
    index("favourite_tutors_user_created_idx").on(t.userId, t.createdAt),
    index("favourite_tutors_tutor_idx").on(t.tutorId),
  ],
);

/** A signed-in user's flag on a rating, one per user per rating. */
export const ratingFlags = sqliteTable(
  "rating_flags",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ratingId: integer("rating_id")
      .notNull()
      .references(() => ratings.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("rating_flags_rating_user_uq").on(t.ratingId, t.userId),
    index("rating_flags_user_idx").on(t.userId),
  ],
);

/**
 * A tutor's first reply to a new student's first message in their chat room: one row per room,
 * written when the student's first message arrives and completed by the tutor's first reply. A
 * tutor's response time is the median of `reply_seconds` over the last 30 days.
 */
export const chatFirstReplies = sqliteTable(
  "chat_first_replies",
  {
    roomId: integer("room_id").primaryKey(),
    tutorId: integer("tutor_id")
      .notNull()
      .references(() => users.id),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id),
    firstMessageAt: text("first_message_at").notNull(),
    firstReplyAt: text("first_reply_at"),
    replySeconds: integer("reply_seconds"),
  },
  (t) => [
    index("chat_first_replies_tutor_first_idx").on(t.tutorId, t.firstMessageAt),
    index("chat_first_replies_student_idx").on(t.studentId),
  ],
);
