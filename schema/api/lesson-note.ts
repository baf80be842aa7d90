// A tutor's note on a lesson, its homework and the replies on it (docs/rules.md, "Learning after
// the lesson"; worker/routes/lesson-note.ts).
import { z } from "zod";
import { LessonDuration } from "../enums";
import { MAX_NOTE_WORDS } from "../learning";
import {
  homeworkDueRule,
  noteExampleRule,
  noteHomeworkRule,
  noteMeaningRule,
  noteSummaryRule,
  noteWordRule,
} from "../rules";
import { idParam, instant, pageQuery, paged } from "./common";
import { contract } from "./contract";
import { lessonMemberView } from "./lesson";

/** One new word: the English word, its meaning (Arabic or English) and an optional example. */
export const noteWordBody = z.object(
  {
    word: noteWordRule,
    meaning: noteMeaningRule,
    example: noteExampleRule.optional(),
  },
  { error: "invalid-note-word" },
);

/** PUT /lesson/{id}/note — the tutor writes (or rewrites) the note. */
export const lessonNoteBody = z.object({
  summary: noteSummaryRule,
  words: z
    .array(noteWordBody, { error: "invalid-note-word" })
    .max(MAX_NOTE_WORDS, "too-many-note-words")
    .default([]),
  homework: noteHomeworkRule.nullable().optional(),
  /** A calendar day (YYYY-MM-DD) on the student's clock. */
  homeworkDue: homeworkDueRule.nullable().optional(),
});
export type LessonNoteBody = z.input<typeof lessonNoteBody>;

export const noteWordView = z.object({
  word: z.string(),
  meaning: z.string(),
  example: z.string().nullable(),
});
export type NoteWordView = z.output<typeof noteWordView>;

/** A file beside a note or a reply: its private path (the pair and staff only) and type. */
export const noteFileView = z.object({ path: z.string(), type: z.enum(["image", "pdf"]) });
export type NoteFileView = z.output<typeof noteFileView>;

export const noteReplyView = z.object({
  id: z.number().int(),
  authorId: z.number().int(),
  text: z.string(),
  file: noteFileView.nullable(),
  createdAt: instant,
});
export type NoteReplyView = z.output<typeof noteReplyView>;

export const lessonNoteView = z.object({
  lessonId: z.number().int(),
  tutorId: z.number().int(),
  studentId: z.number().int(),
  summary: z.string(),
  words: z.array(noteWordView),
  homework: z.string().nullable(),
  homeworkDue: z.string().nullable(),
  homeworkFile: noteFileView.nullable(),
  homeworkDoneAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
  /** Oldest first. */
  replies: z.array(noteReplyView),
});
export type LessonNoteView = z.output<typeof lessonNoteView>;

/** GET /lesson/{id}/note — the note, or null when none was written yet. */
export const lessonNoteAnswer = z.object({ note: lessonNoteView.nullable() });
export type LessonNoteAnswer = z.output<typeof lessonNoteAnswer>;

/** GET /lesson/{id}/previous-note — the pair's last note before this lesson, with its lesson's start. */
export const previousNoteAnswer = z.object({
  note: lessonNoteView.nullable(),
  lessonStart: instant.nullable(),
});
export type PreviousNoteAnswer = z.output<typeof previousNoteAnswer>;

/** GET /lesson/past/ — the caller's ended lessons (not cancelled), newest first. */
export const pastLessonView = z.object({
  id: z.number().int(),
  tutor: lessonMemberView,
  student: lessonMemberView,
  start: instant,
  end: instant,
  duration: z.enum(LessonDuration),
  hasNote: z.boolean(),
  /** The note has homework the student has not marked done. */
  homeworkPending: z.boolean(),
});
export type PastLessonView = z.output<typeof pastLessonView>;

export const noteFileParams = z.object({
  id: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request"),
  name: z.string({ error: "asset-not-found" }).regex(/^[\w-]+\.(?:jpg|png|webp|gif|pdf)$/, "asset-not-found"),
});

/** POST /dev/lessons — local only: a lesson of the signed-in student at any time (the browser tests' setup). */
export const devLessonBody = z.object({
  tutorId: z.number().int().positive(),
  /** Minutes from now to the start; negative for a lesson in the past (up to 30 days). */
  startInMinutes: z
    .number()
    .int()
    .min(-30 * 24 * 60)
    .max(24 * 60),
  duration: z.union([z.literal(15), z.literal(30)]),
});
export const devLessonAdded = z.object({ id: z.number().int() });

/** The lesson note endpoints (worker/routes/lesson-note.ts). */
export const lessonNoteContracts = {
  past: contract({ method: "get", path: "/lesson/past/", query: pageQuery, response: paged(pastLessonView) }),
  get: contract({ method: "get", path: "/lesson/:id/note", params: idParam, response: lessonNoteAnswer }),
  put: contract({
    method: "put",
    path: "/lesson/:id/note",
    params: idParam,
    body: lessonNoteBody,
    response: lessonNoteView,
  }),
  /** multipart: `file`, an image or a PDF (replaces the one before). */
  attach: contract({
    method: "put",
    path: "/lesson/:id/note/attachment",
    params: idParam,
    body: "multipart",
    response: lessonNoteView,
  }),
  homeworkDone: contract({
    method: "post",
    path: "/lesson/:id/note/homework-done",
    params: idParam,
    response: lessonNoteView,
  }),
  homeworkUndone: contract({
    method: "delete",
    path: "/lesson/:id/note/homework-done",
    params: idParam,
    response: lessonNoteView,
  }),
  /** multipart: `text`, and optionally `file` (an image or a PDF). */
  reply: contract({
    method: "post",
    path: "/lesson/:id/note/replies",
    params: idParam,
    body: "multipart",
    status: 201,
    response: lessonNoteView,
  }),
  file: contract({
    method: "get",
    path: "/lesson/:id/note/files/:name",
    params: noteFileParams,
    response: "file",
  }),
  devLesson: contract({
    method: "post",
    path: "/dev/lessons",
    body: devLessonBody,
    status: 201,
    response: devLessonAdded,
  }),
  previous: contract({
    method: "get",
    path: "/lesson/:id/previous-note",
    params: idParam,
    response: previousNoteAnswer,
  }),
};
