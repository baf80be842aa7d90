// A tutor's note on a lesson (docs/rules.md, "Learning after the lesson"): what was covered, the
// new words and the homework, written by the lesson's tutor from its end until NOTE_WINDOW_DAYS
// later; read by the pair and staff. Saving it copies its words into the student's «كلماتي» list
// (student_words) in the same D1 batch; the student's homework-done mark and the pair's replies
// live beside it. Attachments are worker/domain/learning/notes-files.ts.
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { lessonNoteReplies, lessonNotes } from "../../../schema/db";
import type { LessonNoteView, NoteReplyView } from "../../../schema/api/lesson-note";
import type { z } from "zod";
import type { lessonNoteBody } from "../../../schema/api/lesson-note";
import { Role } from "../../../schema/enums";
import { foldWord, NOTE_WINDOW_DAYS } from "../../../schema/learning";
import { DAY_MS } from "../../../schema/time";
import type { Db } from "../../core/context";
import { d1, statement } from "../../core/db";
import { fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import { messagesToSql } from "../../notifications/channels";
import type { StoredOutboxRow } from "../../notifications/outbox";
import { isLessonStaff, type LessonWithMembers } from "../lessons/lessons";
import type { UserRow } from "../identity/users";
import { noteMessages } from "./notes-messages";

export type NoteRow = typeof lessonNotes.$inferSelect;
export type ReplyRow = typeof lessonNoteReplies.$inferSelect;
type SavedWord = { word: string; meaning: string; example: string | null };

/** Every lesson_notes column under its NoteRow name, for a raw statement's RETURNING. */
const noteColumns =
  sql.raw(`lesson_id AS lessonId, tutor_id AS tutorId, student_id AS studentId, summary, words,
  homework, homework_due AS homeworkDue, homework_attachment AS homeworkAttachment,
  homework_done_at AS homeworkDoneAt, created_at AS createdAt, updated_at AS updatedAt`);
const replyColumns = sql.raw(
  `id, lesson_id AS lessonId, author_id AS authorId, text, attachment, created_at AS createdAt`,
);

/** The replies a note shows, oldest first; a homework thread is short, this only bounds a runaway one. */
export const MAX_REPLIES = 200;

/** R2 keys of a note's files live under learning/<studentId>/<lessonId>/ (erasure lists the student's prefix). */
export const LEARNING_PREFIX = "learning/";
export const learningFolder = (studentId: number, lessonId: number) =>
  `${LEARNING_PREFIX}${studentId}/${lessonId}/`;

/** The private path a file is served from (the pair and staff only). */
export const noteFilePath = (lessonId: number, key: string) =>
  `/api/v1/lesson/${lessonId}/note/files/${key.split("/").pop() ?? ""}`;

const fileView = (lessonId: number, key: string | null) =>
  key
    ? {
        path: noteFilePath(lessonId, key),
        type: key.endsWith(".pdf") ? ("pdf" as const) : ("image" as const),
      }
    : null;

export function toReplyView(row: ReplyRow): NoteReplyView {
  return {
    id: row.id,
    authorId: row.authorId,
    text: row.text,
    file: fileView(row.lessonId, row.attachment),
    createdAt: row.createdAt,
  };
}

function parseWords(json: string): SavedWord[] {
  try {
    const words = JSON.parse(json) as unknown;
    return Array.isArray(words) ? (words as SavedWord[]) : [];
  } catch {
    return [];
  }
}

export function toNoteView(row: NoteRow, replies: readonly ReplyRow[]): LessonNoteView {
  return {
    lessonId: row.lessonId,
    tutorId: row.tutorId,
    studentId: row.studentId,
    summary: row.summary,
    words: parseWords(row.words).map((w) => ({
      word: w.word,
      meaning: w.meaning,
      example: w.example ?? null,
    })),
    homework: row.homework,
    homeworkDue: row.homeworkDue,
    homeworkFile: fileView(row.lessonId, row.homeworkAttachment),
    homeworkDoneAt: row.homeworkDoneAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    replies: replies.map(toReplyView),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** A lesson's note (no row when none was written): a statement, so a route reads it with the caller. */
export const noteQuery = (db: Db, lessonId: number) =>
  db.select().from(lessonNotes).where(eq(lessonNotes.lessonId, lessonId)).limit(1);

/** A lesson's replies, oldest first. */
export const repliesQuery = (db: Db, lessonId: number) =>
  db
    .select()
    .from(lessonNoteReplies)
    .where(eq(lessonNoteReplies.lessonId, lessonId))
    .orderBy(asc(lessonNoteReplies.createdAt), asc(lessonNoteReplies.id))
    .limit(MAX_REPLIES);

/** Who may read a lesson's note: its two members and staff (admins, tutor managers). */
export function mayReadNote(lesson: LessonWithMembers, caller: UserRow): boolean {
  return (
    lesson.tutor.id === caller.id || lesson.student.id === caller.id || isLessonStaff(caller.role as Role)
  );
}

/** GET /lesson/{id}/note: the note (or null) for the pair and staff. */
export function readNote(
  caller: UserRow,
  lesson: LessonWithMembers | null,
  note: NoteRow | null,
  replies: readonly ReplyRow[],
): { note: LessonNoteView | null } {
  if (!lesson) fail("lesson-not-found");
  if (!mayReadNote(lesson, caller)) fail("forbidden");
  return { note: note ? toNoteView(note, replies) : null };
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Whether the caller may write this lesson's note now: its tutor, the lesson not cancelled, ended,
 * and at most NOTE_WINDOW_DAYS ago. Each refusal has its catalogue code.
 */
export function checkNoteWriter(
  lesson: LessonWithMembers | null,
  caller: UserRow,
  now: Date,
): LessonWithMembers {
  if (!lesson) fail("lesson-not-found");
  if (lesson.tutor.id !== caller.id) fail(mayReadNote(lesson, caller) ? "note-not-tutor" : "forbidden");
  if (lesson.lesson.canceledAt) fail("note-lesson-canceled");
  const end = Date.parse(lesson.lesson.end);
  if (end > now.getTime()) fail("note-too-early");
  if (now.getTime() - end > NOTE_WINDOW_DAYS * DAY_MS) fail("note-window-passed");
  return lesson;
}

/** The SQL twin of checkNoteWriter's time and state rules, on lessons aliased `l`. */
const writableSql = (lessonId: number, tutorId: number, now: Date): SQL => {
  const at = now.toISOString();
  const earliestEnd = new Date(now.getTime() - NOTE_WINDOW_DAYS * DAY_MS).toISOString();
  return sql`l.id = ${lessonId} AND l.tutor_id = ${tutorId} AND l.canceled_at IS NULL AND l."end" <= ${at} AND l."end" >= ${earliestEnd}`;
};

export type NoteInput = z.output<typeof lessonNoteBody>;

/**
 * Saves (or rewrites) the note in ONE D1 batch: the note itself (a conditional upsert that holds the
 * window and state rules again in SQL), each new word into the student's list unless it is there
 * already (student_id, word_key unique), the student's notification when the note is new, and the
 * replies to answer with. Answers the view and the outbox rows to deliver.
 */
export async function saveNote(
  scope: Pick<Scope, "db" | "now">,
  { caller, lesson: read, input }: { caller: UserRow; lesson: LessonWithMembers | null; input: NoteInput },
): Promise<{ view: LessonNoteView; outbox: StoredOutboxRow[]; created: boolean; studentId: number }> {
  const { db, now } = scope;
  const lesson = checkNoteWriter(read, caller, now);
  const at = now.toISOString();
  const id = lesson.lesson.id;
  const studentId = lesson.student.id;
  const words: SavedWord[] = input.words.map((w) => ({
    word: w.word,
    meaning: w.meaning,
    example: w.example ? w.example : null,
  }));
  const homework = input.homework ? input.homework : null;
  const due = homework ? (input.homeworkDue ?? null) : null;
  const savedNow = sql`EXISTS (SELECT 1 FROM lesson_notes WHERE lesson_id = ${id} AND updated_at = ${at})`;
  const createdNow = sql`EXISTS (SELECT 1 FROM lesson_notes WHERE lesson_id = ${id} AND created_at = ${at})`;
  const [saved, ...rest] = await d1(db).batch([
    statement(
      db,
      sql`INSERT INTO lesson_notes (lesson_id, tutor_id, student_id, summary, words, homework, homework_due, created_at, updated_at)
        SELECT l.id, l.tutor_id, ${studentId}, ${input.summary}, ${JSON.stringify(words)}, ${homework}, ${due}, ${at}, ${at}
        FROM lessons l WHERE ${writableSql(id, caller.id, now)}
        ON CONFLICT(lesson_id) DO UPDATE SET summary = excluded.summary, words = excluded.words,
          homework = excluded.homework, homework_due = excluded.homework_due, updated_at = excluded.updated_at,
          homework_done_at = CASE WHEN excluded.homework IS NULL THEN NULL ELSE lesson_notes.homework_done_at END
        RETURNING ${noteColumns}`,
    ),
    // The «كلماتي» list: a word the student has already (folded the same) stays as it was.
    ...words.map((w) =>
      statement(
        db,
        sql`INSERT INTO student_words (student_id, lesson_id, word, word_key, meaning, example, step, due_at, created_at, updated_at)
          SELECT ${studentId}, ${id}, ${w.word}, ${foldWord(w.word)}, ${w.meaning}, ${w.example}, 0, ${at}, ${at}, ${at}
          WHERE ${savedNow}
          ON CONFLICT(student_id, word_key) DO NOTHING`,
      ),
    ),
    statement(
      db,
      messagesToSql({
        userId: studentId,
        otherId: lesson.tutor.id,
        text: (name) =>
          noteMessages.written(lesson.lesson.start, name, lesson.tutor.gender, homework !== null),
        when: createdNow,
        at,
        zone: lesson.student.timeZone,
        // A note or a reply is a message from the other member (schema/notification-kinds.ts).
        kind: "messages",
      }),
    ),
    statement(
      db,
      sql`SELECT ${replyColumns} FROM lesson_note_replies WHERE lesson_id = ${id} ORDER BY created_at, id LIMIT ${MAX_REPLIES}`,
    ),
  ]);
  const note = (saved?.results as NoteRow[] | undefined)?.[0];
  // The lesson changed between the read and the write (cancelled meanwhile): nothing was stored.
  if (!note) fail("illegal");
  const outbox = (rest.at(-2)?.results ?? []) as StoredOutboxRow[];
  const replies = (rest.at(-1)?.results ?? []) as ReplyRow[];
  return { view: toNoteView(note, replies), outbox, created: note.createdAt === at, studentId };
}

/**
 * The student marks the homework done (or not done again): one conditional update with the
 * replies read in the same batch.
 */
export async function markHomework(
  scope: Pick<Scope, "db" | "now">,
  {
    caller,
    lesson,
    note,
    done,
  }: { caller: UserRow; lesson: LessonWithMembers | null; note: NoteRow | null; done: boolean },
): Promise<LessonNoteView> {
  const { db, now } = scope;
  if (!lesson) fail("lesson-not-found");
  if (!mayReadNote(lesson, caller)) fail("forbidden");
  if (!note) fail("note-not-found");
  if (note.studentId !== caller.id) fail("forbidden");
  if (!note.homework) fail("no-homework");
  const at = now.toISOString();
  const [updated, replies] = await d1(db).batch([
    statement(
      db,
      sql`UPDATE lesson_notes SET homework_done_at = ${done ? sql`COALESCE(homework_done_at, ${at})` : null}
        WHERE lesson_id = ${note.lessonId} AND student_id = ${caller.id} AND homework IS NOT NULL
        RETURNING ${noteColumns}`,
    ),
    statement(
      db,
      sql`SELECT ${replyColumns} FROM lesson_note_replies WHERE lesson_id = ${note.lessonId} ORDER BY created_at, id LIMIT ${MAX_REPLIES}`,
    ),
  ]);
  const row = (updated?.results as NoteRow[] | undefined)?.[0];
  if (!row) fail("no-homework");
  return toNoteView(row, (replies?.results ?? []) as ReplyRow[]);
}

/**
 * A reply on the note by one of the pair (the student's answer, or the tutor's to it), with an
 * optional file already stored under `attachment`: ONE batch stores it, writes the other
 * member's notification and reads the replies back.
 */
export async function addReply(
  scope: Pick<Scope, "db" | "now">,
  {
    caller,
    lesson,
    note,
    text,
    attachment,
  }: {
    caller: UserRow;
    lesson: LessonWithMembers;
    note: NoteRow;
    text: string;
    attachment: string | null;
  },
): Promise<{ view: LessonNoteView; outbox: StoredOutboxRow[]; otherId: number }> {
  const { db, now } = scope;
  const at = now.toISOString();
  const id = note.lessonId;
  const fromStudent = caller.id === lesson.student.id;
  const other = fromStudent ? lesson.tutor : lesson.student;
  const author = fromStudent ? lesson.student : lesson.tutor;
  const stored = sql`EXISTS (SELECT 1 FROM lesson_note_replies WHERE lesson_id = ${id} AND author_id = ${caller.id} AND created_at = ${at})`;
  const [inserted, sent, replies] = await d1(db).batch([
    statement(
      db,
      sql`INSERT INTO lesson_note_replies (lesson_id, author_id, text, attachment, created_at)
        SELECT ${id}, ${caller.id}, ${text}, ${attachment}, ${at}
        WHERE EXISTS (SELECT 1 FROM lesson_notes WHERE lesson_id = ${id})
        RETURNING id`,
    ),
    statement(
      db,
      messagesToSql({
        userId: other.id,
        otherId: caller.id,
        text: (name) => noteMessages.replied(lesson.lesson.start, name, author.gender, fromStudent),
        when: stored,
        at,
        zone: other.timeZone,
        kind: "messages",
      }),
    ),
    statement(
      db,
      sql`SELECT ${replyColumns} FROM lesson_note_replies WHERE lesson_id = ${id} ORDER BY created_at, id LIMIT ${MAX_REPLIES}`,
    ),
  ]);
  if (!inserted?.results.length) fail("note-not-found");
  return {
    view: toNoteView(note, (replies?.results ?? []) as ReplyRow[]),
    outbox: (sent?.results ?? []) as StoredOutboxRow[],
    otherId: other.id,
  };
}

/** Who may reply on a note: the pair only (staff read, they do not answer homework). */
export function checkReplier(
  lesson: LessonWithMembers | null,
  note: NoteRow | null,
  caller: UserRow,
): { lesson: LessonWithMembers; note: NoteRow } {
  if (!lesson) fail("lesson-not-found");
  if (lesson.tutor.id !== caller.id && lesson.student.id !== caller.id) fail("forbidden");
  if (!note) fail("note-not-found");
  return { lesson, note };
}
