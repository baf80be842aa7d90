// «دروسي السابقة» and the lesson room's side panel (docs/rules.md, "Learning after the lesson"):
// the caller's ended lessons with whether each has a note and pending homework (one statement, read
// with the caller), and for a lesson's tutor the pair's last note before it (two statements, read
// with the caller).
import { and, asc, desc, eq, isNull, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { PastLessonView, PreviousNoteAnswer } from "../../../schema/api/lesson-note";
import { lessonMembers, lessonNoteReplies, lessonNotes, lessons, users } from "../../../schema/db";
import { Role, type Gender, type LessonDuration } from "../../../schema/enums";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import type { LessonWithMembers } from "../lessons/lessons";
import { isLessonStaff } from "../lessons/lessons";
import type { UserRow } from "../identity/users";
import { MAX_REPLIES, toNoteView, type NoteRow, type ReplyRow } from "./notes";

const pastTutor = alias(users, "past_tutor");
const pastStudent = alias(users, "past_student");
const pastMember = alias(lessonMembers, "past_member");

/** A page of the user's ended, uncancelled lessons, newest first, with the total on every row. */
export function pastLessonsQuery(db: Db, userId: number, page: number, size: number, now: Date) {
  return db
    .select({
      id: sql<number>`${lessons.id}`.as("past_id"),
      start: sql<string>`${lessons.start}`.as("past_start"),
      end: sql<string>`${lessons.end}`.as("past_end"),
      duration: sql<number>`${lessons.duration}`.as("past_duration"),
      tutorId: sql<number>`${pastTutor.id}`.as("past_tutor_id"),
      tutorName: sql<string | null>`${pastTutor.name}`.as("past_tutor_name"),
      tutorImage: sql<string | null>`${pastTutor.image}`.as("past_tutor_image"),
      tutorGender: sql<string | null>`${pastTutor.gender}`.as("past_tutor_gender"),
      studentId: sql<number>`${pastStudent.id}`.as("past_student_id"),
      studentName: sql<string | null>`${pastStudent.name}`.as("past_student_name"),
      studentImage: sql<string | null>`${pastStudent.image}`.as("past_student_image"),
      studentGender: sql<string | null>`${pastStudent.gender}`.as("past_student_gender"),
      hasNote: sql<number>`${lessonNotes.lessonId} IS NOT NULL`.as("past_has_note"),
      homeworkPending:
        sql<number>`coalesce(${lessonNotes.homework} IS NOT NULL AND ${lessonNotes.homeworkDoneAt} IS NULL, 0)`.as(
          "past_homework_pending",
        ),
      total: sql<number>`count(*) OVER ()`.as("past_total"),
    })
    .from(lessons)
    .innerJoin(pastTutor, eq(pastTutor.id, lessons.tutorId))
    .innerJoin(pastMember, and(eq(pastMember.lessonId, lessons.id), eq(pastMember.role, Role.Student)))
    .innerJoin(pastStudent, eq(pastStudent.id, pastMember.userId))
    .leftJoin(lessonNotes, eq(lessonNotes.lessonId, lessons.id))
    .where(
      and(
        sql`${lessons.id} IN (SELECT m.lesson_id FROM lesson_members m WHERE m.user_id = ${userId})`,
        isNull(lessons.canceledAt),
        lte(lessons.end, now.toISOString()),
      ),
    )
    .orderBy(desc(lessons.start), desc(lessons.id))
    .limit(size)
    .offset((page - 1) * size);
}

type PastRow = Awaited<ReturnType<typeof pastLessonsQuery>>[number];

/** The page's answer from its rows; a page past the end has no row to carry the total, so it is counted. */
export async function pastLessonsFrom(
  db: Db,
  rows: readonly PastRow[],
  userId: number,
  page: number,
  now: Date,
): Promise<{ list: PastLessonView[]; total: number }> {
  const total =
    rows[0]?.total ?? (page === 1 ? 0 : ((await pastLessonsQuery(db, userId, 1, 1, now))[0]?.total ?? 0));
  const member = (id: number, name: string | null, image: string | null, gender: string | null) => ({
    id,
    name,
    image,
    gender: gender as Gender | null,
  });
  return {
    list: rows.map((row) => ({
      id: row.id,
      tutor: member(row.tutorId, row.tutorName, row.tutorImage, row.tutorGender),
      student: member(row.studentId, row.studentName, row.studentImage, row.studentGender),
      start: row.start,
      end: row.end,
      duration: row.duration as LessonDuration,
      hasNote: Boolean(row.hasNote),
      homeworkPending: Boolean(row.homeworkPending),
    })),
    total,
  };
}

/**
 * The lesson id of the pair's newest note on a lesson that started before lesson `id` (the same
 * tutor and student), as a subquery: the side panel's two statements share it.
 */
const previousLessonId = (id: number) => sql`(SELECT n.lesson_id FROM lesson_notes n
  JOIN lessons cur ON cur.id = ${id}
  JOIN lessons pl ON pl.id = n.lesson_id
  WHERE n.tutor_id = cur.tutor_id
    AND n.student_id = (SELECT m.user_id FROM lesson_members m WHERE m.lesson_id = ${id} AND m.role = ${Role.Student})
    AND pl.start < cur.start
  ORDER BY pl.start DESC LIMIT 1)`;

/** The pair's last note before lesson `id`, with its lesson's start: a statement for the caller's batch. */
export const previousNoteQuery = (db: Db, id: number) =>
  db
    .select({ note: lessonNotes, lessonStart: sql<string>`${lessons.start}`.as("previous_start") })
    .from(lessonNotes)
    .innerJoin(lessons, eq(lessons.id, lessonNotes.lessonId))
    .where(sql`${lessonNotes.lessonId} = ${previousLessonId(id)}`)
    .limit(1);

/** That note's replies, oldest first. */
export const previousRepliesQuery = (db: Db, id: number) =>
  db
    .select()
    .from(lessonNoteReplies)
    .where(sql`${lessonNoteReplies.lessonId} = ${previousLessonId(id)}`)
    .orderBy(asc(lessonNoteReplies.createdAt), asc(lessonNoteReplies.id))
    .limit(MAX_REPLIES);

/** GET /lesson/{id}/previous-note: for the lesson's tutor (and staff) only. */
export function readPreviousNote(
  caller: UserRow,
  lesson: LessonWithMembers | null,
  previous: { note: NoteRow; lessonStart: string } | null,
  replies: readonly ReplyRow[],
): PreviousNoteAnswer {
  if (!lesson) fail("lesson-not-found");
  if (lesson.tutor.id !== caller.id && !isLessonStaff(caller.role as Role)) fail("forbidden");
  return previous
    ? { note: toNoteView(previous.note, replies), lessonStart: previous.lessonStart }
    : { note: null, lessonStart: null };
}
