// A lesson's note, homework and replies, «دروسي السابقة» and the room's last-note panel
// (docs/rules.md, "Learning after the lesson"; worker/domain/learning/notes*.ts).
import { lessonNoteContracts } from "../../schema/api/lesson-note";
import { Role } from "../../schema/enums";
import { isErrorCode } from "../../schema/errors";
import { noteReplyRule } from "../../schema/rules";
import type { Db } from "../core/context";
import { fail } from "../core/failure";
import { lessonQuery, type LessonWithMembers } from "../domain/lessons/lessons";
import {
  addReply,
  checkReplier,
  markHomework,
  noteQuery,
  readNote,
  repliesQuery,
  saveNote,
  type NoteRow,
  type ReplyRow,
} from "../domain/learning/notes";
import { attachHomeworkFile, formFile, serveNoteFile, storeNoteFile } from "../domain/learning/notes-files";
import {
  pastLessonsFrom,
  pastLessonsQuery,
  previousNoteQuery,
  previousRepliesQuery,
  readPreviousNote,
} from "../domain/learning/notes-past";
import { addLessonForTests } from "../domain/learning/notes-dev";
import type { AppContext } from "../http/context";
import { route } from "../http/route";
import { scopeOf } from "../http/scope";
import { deliverLater } from "../notifications/notify";
import { publishLater } from "../realtime/events";

const tutorSide = [Role.Tutor, Role.TutorManager] as const;
const roomReaders = [Role.Tutor, Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin] as const;

/** The lesson, its note and the note's replies: three statements read with the caller. */
const noteStatements = (db: Db, id: number) =>
  [lessonQuery(db, id), noteQuery(db, id), repliesQuery(db, id)] as const;

type NoteRead = { lesson: LessonWithMembers | null; note: NoteRow | null; replies: ReplyRow[] };

async function noteRead(
  c: AppContext,
  id: number,
  prefetched?: readonly [readonly LessonWithMembers[], readonly NoteRow[], readonly ReplyRow[]],
): Promise<NoteRead> {
  const [lessons, notes, replies] = prefetched ?? (await c.get("db").batch(noteStatements(c.get("db"), id)));
  return { lesson: lessons[0] ?? null, note: notes[0] ?? null, replies: [...replies] };
}

/** Tells the other member's open screens (after the response; a publish never fails the change). */
function tell(c: AppContext, userId: number, lessonId: number, what: "note" | "reply" | "homework"): void {
  publishLater(scopeOf(c), {
    to: "users",
    userIds: [userId],
    event: { type: "LessonNoteChanged", payload: { lessonId, what } },
  });
}

export const lessonNoteRoutes = [
  route(lessonNoteContracts.past, {
    access: "signed-in",
    summary:
      "The caller's ended (not cancelled) lessons, newest first, each with whether it has a note and homework not yet done; paged.",
    prefetch: ({ c, userId, query }) => [
      pastLessonsQuery(c.get("db"), userId, query.page, query.size, c.get("now")),
    ],
    async handle({ c, query, user, prefetched }) {
      const db = c.get("db");
      const rows =
        prefetched?.[0] ?? (await pastLessonsQuery(db, user.id, query.page, query.size, c.get("now")));
      return pastLessonsFrom(db, rows, user.id, query.page, c.get("now"));
    },
  }),
  route(lessonNoteContracts.get, {
    access: "signed-in",
    summary:
      "A lesson's note with its words, homework and replies (the pair and staff); null before it is written.",
    prefetch: ({ c, params }) => noteStatements(c.get("db"), params.id),
    async handle({ c, params, user, prefetched }) {
      const read = await noteRead(c, params.id, prefetched);
      return readNote(user, read.lesson, read.note, read.replies);
    },
  }),
  route(lessonNoteContracts.put, {
    // The student is let through to be told note-not-tutor: only the lesson's tutor writes.
    access: [Role.Student, ...tutorSide],
    summary:
      "The lesson's tutor writes or rewrites its note (after its end, up to 7 days); its words join the student's list and the student is told.",
    prefetch: ({ c, params }) => [lessonQuery(c.get("db"), params.id)],
    async handle({ c, params, body, user, prefetched }) {
      const lesson = prefetched
        ? (prefetched[0][0] ?? null)
        : ((await lessonQuery(c.get("db"), params.id))[0] ?? null);
      const saved = await saveNote(scopeOf(c), { caller: user, lesson, input: body });
      deliverLater(scopeOf(c), saved.outbox);
      tell(c, saved.studentId, params.id, "note");
      return saved.view;
    },
  }),
  route(lessonNoteContracts.attach, {
    access: [Role.Student, ...tutorSide],
    summary:
      "The tutor attaches the homework's file (multipart field file: an image or a PDF up to 8 MB, checked by its content), replacing the one before.",
    prefetch: ({ c, params }) => noteStatements(c.get("db"), params.id),
    async handle({ c, params, user, prefetched }) {
      const read = await noteRead(c, params.id, prefetched);
      const form = await c.req.formData().catch(() => fail("empty-request"));
      const view = await attachHomeworkFile(scopeOf(c), {
        caller: user,
        lesson: read.lesson,
        note: read.note,
        file: formFile(form, "file"),
      });
      tell(c, view.studentId, params.id, "note");
      return view;
    },
  }),
  route(lessonNoteContracts.homeworkDone, {
    access: [Role.Student],
    summary: "The lesson's student marks the note's homework done; the tutor's screens are told.",
    prefetch: ({ c, params }) => noteStatements(c.get("db"), params.id),
    async handle({ c, params, user, prefetched }) {
      const read = await noteRead(c, params.id, prefetched);
      const view = await markHomework(scopeOf(c), { caller: user, ...read, done: true });
      tell(c, view.tutorId, params.id, "homework");
      return view;
    },
  }),
  route(lessonNoteContracts.homeworkUndone, {
    access: [Role.Student],
    summary: "The lesson's student takes back the homework-done mark.",
    prefetch: ({ c, params }) => noteStatements(c.get("db"), params.id),
    async handle({ c, params, user, prefetched }) {
      const read = await noteRead(c, params.id, prefetched);
      const view = await markHomework(scopeOf(c), { caller: user, ...read, done: false });
      tell(c, view.tutorId, params.id, "homework");
      return view;
    },
  }),
  route(lessonNoteContracts.reply, {
    access: [Role.Student, ...tutorSide],
    summary:
      "One of the pair replies on the note (multipart: text, and optionally file, an image or a PDF); the other is told in the app and by their channel.",
    prefetch: ({ c, params }) => noteStatements(c.get("db"), params.id),
    async handle({ c, params, user, prefetched }) {
      const read = await noteRead(c, params.id, prefetched);
      const { lesson, note } = checkReplier(read.lesson, read.note, user);
      const form = await c.req.formData().catch(() => fail("empty-request"));
      const text = form.get("text");
      const parsed = noteReplyRule.safeParse(typeof text === "string" ? text : "");
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message;
        const code = isErrorCode(message) ? message : "bad-request";
        fail(code, { text: code });
      }
      const file = formFile(form, "file");
      const key = file
        ? await storeNoteFile(c.env.MEDIA, { studentId: note.studentId, lessonId: note.lessonId, file })
        : null;
      try {
        const saved = await addReply(scopeOf(c), {
          caller: user,
          lesson,
          note,
          text: parsed.data,
          attachment: key,
        });
        deliverLater(scopeOf(c), saved.outbox);
        tell(c, saved.otherId, params.id, "reply");
        return saved.view;
      } catch (error) {
        if (key) await c.env.MEDIA.delete(key);
        throw error;
      }
    },
  }),
  route(lessonNoteContracts.file, {
    access: "signed-in",
    summary: "A file of a lesson's note or of a reply on it (private: the pair and staff only).",
    prefetch: ({ c, params }) => noteStatements(c.get("db"), params.id),
    async handle({ c, params, user, prefetched }) {
      const read = await noteRead(c, params.id, prefetched);
      return serveNoteFile(c.env.MEDIA, { caller: user, ...read, name: params.name });
    },
  }),
  route(lessonNoteContracts.devLesson, {
    access: [Role.Student],
    localOnly: true,
    summary:
      "Local only: a lesson of the signed-in student with a tutor at any time, an ended one included (the browser tests' setup).",
    async handle({ c, body, user }) {
      if (!c.get("services").local) fail("not-found");
      const now = c.get("now");
      const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + body.startInMinutes * 60_000);
      return {
        id: await addLessonForTests(c.get("db"), {
          studentId: user.id,
          tutorId: body.tutorId,
          start,
          duration: body.duration,
          now,
        }),
      };
    },
  }),
  route(lessonNoteContracts.previous, {
    access: roomReaders,
    summary:
      "For a lesson's tutor (and staff): the pair's last note on an earlier lesson, shown beside the chat in the lesson room.",
    prefetch: ({ c, params }) => [
      lessonQuery(c.get("db"), params.id),
      previousNoteQuery(c.get("db"), params.id),
      previousRepliesQuery(c.get("db"), params.id),
    ],
    async handle({ c, params, user, prefetched }) {
      const db = c.get("db");
      const [lessons, previous, replies] =
        prefetched ??
        (await db.batch([
          lessonQuery(db, params.id),
          previousNoteQuery(db, params.id),
          previousRepliesQuery(db, params.id),
        ]));
      return readPreviousNote(user, lessons[0] ?? null, previous[0] ?? null, replies);
    },
  }),
];
