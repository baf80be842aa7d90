// A lesson note's files (docs/rules.md, "Learning after the lesson"): the homework's attachment and
// a reply's, each an image or a PDF checked by its content like a withdrawal receipt
// (worker/domain/media/uploads.ts, checkReceiptContent), stored privately in R2 under
// learning/<studentId>/<lessonId>/ and served only to the pair and staff.
import { sql } from "drizzle-orm";
import type { LessonNoteView } from "../../../schema/api/lesson-note";
import { bounds } from "../../../schema/rules";
import { d1, statement } from "../../core/db";
import { fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import { checkReceiptContent } from "../media/uploads";
import type { LessonWithMembers } from "../lessons/lessons";
import type { UserRow } from "../identity/users";
import {
  checkNoteWriter,
  learningFolder,
  mayReadNote,
  MAX_REPLIES,
  toNoteView,
  type NoteRow,
  type ReplyRow,
} from "./notes";

const extensions: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "application/pdf": "pdf",
};

/**
 * Checks a file (size, then its content: an image within bounds.image or a PDF, as it was sent)
 * and stores it under the note's folder. Answers its R2 key.
 */
export async function storeNoteFile(
  bucket: R2Bucket,
  { studentId, lessonId, file }: { studentId: number; lessonId: number; file: File },
): Promise<string> {
  if (file.size <= 0) fail("empty-request");
  if (file.size > bounds.fileBytes.learning) fail("large-file-size");
  const contentType = await checkReceiptContent(file);
  const extension = extensions[contentType];
  if (!extension) fail("invalid-type");
  const key = `${learningFolder(studentId, lessonId)}${crypto.randomUUID()}.${extension}`;
  await bucket.put(key, file.stream(), { httpMetadata: { contentType } });
  return key;
}

/** The form's file field, or null when none was sent (an empty file input sends an empty name). */
export function formFile(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && (value.size > 0 || value.name !== "") ? value : null;
}

/**
 * PUT /lesson/{id}/note/attachment: the tutor attaches the homework's file (replacing the one
 * before, which is deleted after the row points at the new one). The note must exist and the
 * writing window be open.
 */
export async function attachHomeworkFile(
  scope: Pick<Scope, "db" | "now" | "env">,
  {
    caller,
    lesson: read,
    note,
    file,
  }: { caller: UserRow; lesson: LessonWithMembers | null; note: NoteRow | null; file: File | null },
): Promise<LessonNoteView> {
  const { db, now, env } = scope;
  const lesson = checkNoteWriter(read, caller, now);
  if (!note) fail("note-not-found");
  if (!file) fail("empty-request");
  const key = await storeNoteFile(env.MEDIA, {
    studentId: lesson.student.id,
    lessonId: lesson.lesson.id,
    file,
  });
  const at = now.toISOString();
  let updated: NoteRow | undefined;
  let replies: ReplyRow[] = [];
  try {
    const [rows, replyRows] = await d1(db).batch([
      statement(
        db,
        sql`UPDATE lesson_notes SET homework_attachment = ${key}, updated_at = ${at}
          WHERE lesson_id = ${note.lessonId} AND tutor_id = ${caller.id}
          RETURNING lesson_id AS lessonId, tutor_id AS tutorId, student_id AS studentId, summary, words,
            homework, homework_due AS homeworkDue, homework_attachment AS homeworkAttachment,
            homework_done_at AS homeworkDoneAt, created_at AS createdAt, updated_at AS updatedAt`,
      ),
      statement(
        db,
        sql`SELECT id, lesson_id AS lessonId, author_id AS authorId, text, attachment, created_at AS createdAt
          FROM lesson_note_replies WHERE lesson_id = ${note.lessonId} ORDER BY created_at, id LIMIT ${MAX_REPLIES}`,
      ),
    ]);
    updated = (rows?.results as NoteRow[] | undefined)?.[0];
    replies = (replyRows?.results ?? []) as ReplyRow[];
  } catch (error) {
    await env.MEDIA.delete(key);
    throw error;
  }
  if (!updated) {
    await env.MEDIA.delete(key);
    fail("note-not-found");
  }
  if (note.homeworkAttachment && note.homeworkAttachment !== key)
    await env.MEDIA.delete(note.homeworkAttachment);
  return toNoteView(updated, replies);
}

/**
 * GET /lesson/{id}/note/files/{name}: a file of the note or of one of its replies, to the pair and
 * staff. An image is shown; anything else (a PDF) is downloaded, never rendered in our origin.
 */
export async function serveNoteFile(
  bucket: R2Bucket,
  {
    caller,
    lesson,
    note,
    replies,
    name,
  }: {
    caller: UserRow;
    lesson: LessonWithMembers | null;
    note: NoteRow | null;
    replies: readonly ReplyRow[];
    name: string;
  },
): Promise<Response> {
  if (!lesson) fail("lesson-not-found");
  if (!mayReadNote(lesson, caller)) fail("forbidden");
  if (!note) fail("asset-not-found");
  const key = `${learningFolder(note.studentId, note.lessonId)}${name}`;
  const known = note.homeworkAttachment === key || replies.some((reply) => reply.attachment === key);
  if (!known) fail("asset-not-found");
  const object = await bucket.get(key);
  if (!object) fail("asset-not-found");
  const contentType = object.httpMetadata?.contentType ?? "application/octet-stream";
  return new Response(object.body, {
    headers: {
      "content-type": contentType,
      "content-length": String(object.size),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      ...(contentType.startsWith("image/")
        ? {}
        : { "content-disposition": `attachment; filename="${name}"` }),
    },
  });
}
