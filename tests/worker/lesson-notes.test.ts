// Lesson notes, homework and replies (docs/rules.md, "Learning after the lesson";
// worker/routes/lesson-note.ts, worker/domain/learning/notes*.ts).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { lessonNoteContracts, type LessonNoteBody } from "../../schema/api/lesson-note";
import { Role } from "../../schema/enums";
import { MAX_NOTE_WORDS, NOTE_WINDOW_DAYS } from "../../schema/learning";
import { bounds } from "../../schema/rules";
import { call, callContract } from "./helpers";
import { addMinutes, createStudent, createTutor, createUser, type Session } from "./factories-lessons";
import { fileOf, pdfBytes, pngBytes } from "./media-files";
import { emulators } from "../../emulators/local";
import { readConfig } from "../../worker/core/env";
import { backgroundScope } from "../../worker/core/scope";
import { createLogger } from "../../worker/core/logger";
import { createServices } from "../../worker/integrations";
import { createDb } from "../../worker/core/db";
import { eraseAccount } from "../../worker/domain/privacy/erasure";
import { lessonNotesForExport } from "../../worker/domain/learning/notes-export";

const iso = () => new Date().toISOString();
const DAY_MINUTES = 24 * 60;

/** A 30-minute lesson of this pair starting `minutesFromNow` (negative: in the past), written to D1. */
async function lessonOf(tutor: Session, student: Session, minutesFromNow: number, canceled = false) {
  const start = addMinutes(new Date(), minutesFromNow);
  const row = await env.DB.prepare(
    'INSERT INTO lessons (tutor_id, start, "end", duration, price, created_by, canceled_at, created_at, updated_at) VALUES (?, ?, ?, 30, 0, ?, ?, ?, ?) RETURNING id',
  )
    .bind(
      tutor.id,
      start.toISOString(),
      addMinutes(start, 30).toISOString(),
      student.id,
      canceled ? iso() : null,
      iso(),
      iso(),
    )
    .first<{ id: number }>();
  const id = row!.id;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
    ).bind(id, tutor.id, Role.Tutor, iso()),
    env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
    ).bind(id, student.id, Role.Student, iso()),
  ]);
  return id;
}

async function pair() {
  return { tutor: await createTutor(), student: await createStudent() };
}

const note: LessonNoteBody = {
  summary: "اتكلمنا عن الروتين اليومي والأفعال المنتظمة",
  words: [
    { word: "wake up", meaning: "يصحى", example: "I wake up at seven." },
    { word: "breakfast", meaning: "الفطار" },
  ],
  homework: "اكتب ٥ جمل عن يومك",
  homeworkDue: "2030-01-10",
};

const put = (who: Session, id: number, body: LessonNoteBody) =>
  callContract(lessonNoteContracts.put, { token: who.token, params: { id }, body });
const get = (who: Session, id: number) =>
  callContract(lessonNoteContracts.get, { token: who.token, params: { id } });

function form(fields: Record<string, string | File>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const attach = (who: Session, id: number, file: File) =>
  call("PUT", `/api/v1/lesson/${id}/note/attachment`, { token: who.token, raw: form({ file }) });
const reply = (who: Session, id: number, fields: Record<string, string | File>) =>
  call("POST", `/api/v1/lesson/${id}/note/replies`, { token: who.token, raw: form(fields) });

async function words(studentId: number) {
  const { results } = await env.DB.prepare(
    "SELECT word, word_key AS wordKey, meaning, example, step, lesson_id AS lessonId FROM student_words WHERE student_id = ? ORDER BY id",
  )
    .bind(studentId)
    .all<{
      word: string;
      wordKey: string;
      meaning: string;
      example: string | null;
      step: number;
      lessonId: number;
    }>();
  return results;
}

async function outboxTo(userId: number) {
  const { results } = await env.DB.prepare(
    "SELECT subject, body, channel FROM notifications_outbox WHERE user_id = ? ORDER BY id",
  )
    .bind(userId)
    .all<{ subject: string; body: string; channel: string }>();
  return results;
}

describe("writing a lesson's note", () => {
  it("lets the lesson's tutor write after the end; the pair and staff read it, no one else", async () => {
    const { tutor, student } = await pair();
    const id = await lessonOf(tutor, student, -60);
    const before = await get(student, id);
    expect(before.status).toBe(200);
    expect(before.body.note).toBeNull();

    const saved = await put(tutor, id, note);
    expect(saved.status).toBe(200);
    expect(saved.body.summary).toBe(note.summary);
    expect(saved.body.words).toEqual([
      { word: "wake up", meaning: "يصحى", example: "I wake up at seven." },
      { word: "breakfast", meaning: "الفطار", example: null },
    ]);
    expect(saved.body.homeworkDue).toBe("2030-01-10");

    for (const reader of [student, tutor, await createUser(Role.RegularAdmin)]) {
      const read = await get(reader, id);
      expect(read.status).toBe(200);
      expect(read.body.note?.summary).toBe(note.summary);
    }
    for (const stranger of [await createStudent(), await createTutor()]) {
      const read = await get(stranger, id);
      expect([read.status, read.body.code]).toEqual([403, "forbidden"]);
    }
    // The student is told by their channel, in the friendly voice.
    const told = await outboxTo(student.id);
    expect(told.map((row) => row.subject)).toContain("ملاحظات حصتك وصلت");
  });

  it("refuses the student (note-not-tutor) and another tutor (forbidden)", async () => {
    const { tutor, student } = await pair();
    const id = await lessonOf(tutor, student, -60);
    const byStudent = await put(student, id, note);
    expect([byStudent.status, byStudent.body.code]).toEqual([403, "note-not-tutor"]);
    const byOther = await put(await createTutor(), id, note);
    expect([byOther.status, byOther.body.code]).toEqual([403, "forbidden"]);
    expect((await get(student, id)).body.note).toBeNull();
  });

  it("refuses before the end, after the window and on a cancelled lesson", async () => {
    const { tutor, student } = await pair();
    const happening = await lessonOf(tutor, student, -10);
    const early = await put(tutor, happening, note);
    expect([early.status, early.body.code]).toEqual([422, "note-too-early"]);
    const old = await lessonOf(tutor, student, -(NOTE_WINDOW_DAYS + 1) * DAY_MINUTES);
    const late = await put(tutor, old, note);
    expect([late.status, late.body.code]).toEqual([422, "note-window-passed"]);
    const canceled = await lessonOf(tutor, student, -60, true);
    const refused = await put(tutor, canceled, note);
    expect([refused.status, refused.body.code]).toEqual([422, "note-lesson-canceled"]);
    const missing = await put(tutor, 987_654, note);
    expect([missing.status, missing.body.code]).toEqual([404, "lesson-not-found"]);
    // Nothing was written for any of them.
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM lesson_notes WHERE lesson_id IN (?, ?, ?)",
    )
      .bind(happening, old, canceled)
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(0);
  });

  it("refuses 31 words, and each bad field with its own code", async () => {
    const { tutor, student } = await pair();
    const id = await lessonOf(tutor, student, -60);
    const many = Array.from({ length: MAX_NOTE_WORDS + 1 }, (_, i) => ({
      word: `word${i}`,
      meaning: "معنى",
    }));
    const tooMany = await put(tutor, id, { ...note, words: many });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, "too-many-note-words"]);
    const exactly = await put(tutor, id, { ...note, words: many.slice(0, MAX_NOTE_WORDS) });
    expect(exactly.status).toBe(200);

    const cases: Array<[LessonNoteBody, string]> = [
      [{ ...note, summary: "ا" }, "short-note-summary"],
      [{ ...note, summary: "ا".repeat(bounds.noteSummary.max + 1) }, "long-note-summary"],
      [{ ...note, summary: "<script>alert(1)</script> ملخص" }, "invalid-note-text"],
      [{ ...note, words: [{ word: "", meaning: "معنى" }] }, "invalid-note-word"],
      [
        { ...note, words: [{ word: "apple", meaning: "م".repeat(bounds.noteMeaning.max + 1) }] },
        "invalid-note-word",
      ],
      [{ ...note, homework: "و".repeat(bounds.noteHomework.max + 1) }, "long-note-homework"],
      [{ ...note, homeworkDue: "2030-02-31" }, "invalid-homework-due"],
    ];
    for (const [body, code] of cases) {
      const answer = await put(tutor, id, body);
      expect([code, answer.status, answer.body.code]).toEqual([code, 400, code]);
    }
  });

  it("keeps plain text: tags dropped, the text kept", async () => {
    const { tutor, student } = await pair();
    const id = await lessonOf(tutor, student, -60);
    const saved = await put(tutor, id, { ...note, summary: "<b>الأزمنة</b> والأفعال 1 < 2" });
    expect(saved.status).toBe(200);
    expect(saved.body.summary).toBe("الأزمنة والأفعال 1 < 2");
  });
});

describe("the student's words", () => {
  it("land in student_words once per folded word, across saves and lessons", async () => {
    const { tutor, student } = await pair();
    const first = await lessonOf(tutor, student, -3 * DAY_MINUTES);
    const second = await lessonOf(tutor, student, -60);
    const saved = await put(tutor, first, {
      ...note,
      words: [
        { word: "Apple", meaning: "تفاحة" },
        { word: " apple ", meaning: "تفاحة تاني" },
        { word: "look  up", meaning: "يدوّر" },
      ],
    });
    expect(saved.status).toBe(200);
    // Saving the same note again writes no second copy.
    expect((await put(tutor, first, { ...note, words: [{ word: "apple", meaning: "تفاحة" }] })).status).toBe(
      200,
    );
    expect(
      (
        await put(tutor, second, {
          ...note,
          words: [
            { word: "APPLE", meaning: "x" },
            { word: "pear", meaning: "كمثرى" },
          ],
        })
      ).status,
    ).toBe(200);
    const list = await words(student.id);
    expect(list.map((w) => w.wordKey)).toEqual(["apple", "look up", "pear"]);
    expect(list[0]).toMatchObject({ word: "Apple", meaning: "تفاحة", step: 0, lessonId: first });
    expect(list[2]).toMatchObject({ word: "pear", lessonId: second });
  });
});

describe("the homework's file", () => {
  it("takes an image or a PDF checked by content, served only to the pair and staff", async () => {
    const { tutor, student } = await pair();
    const id = await lessonOf(tutor, student, -60);
    const none = await attach(tutor, id, fileOf(pngBytes(), "a.png", "image/png"));
    expect([none.status, none.body.code]).toEqual([404, "note-not-found"]);
    expect((await put(tutor, id, note)).status).toBe(200);

    const fake = await attach(
      tutor,
      id,
      fileOf(new TextEncoder().encode("not really a picture"), "a.png", "image/png"),
    );
    expect([fake.status, fake.body.code]).toEqual([400, "invalid-type"]);
    const byStudent = await attach(student, id, fileOf(pngBytes(), "a.png", "image/png"));
    expect([byStudent.status, byStudent.body.code]).toEqual([403, "note-not-tutor"]);

    const first = await attach(tutor, id, fileOf(pngBytes(), "a.png", "image/png"));
    expect(first.status).toBe(200);
    const firstPath = first.body.homeworkFile.path as string;
    expect(first.body.homeworkFile.type).toBe("image");
    const pdf = await attach(tutor, id, fileOf(pdfBytes(), "h.pdf", "application/pdf"));
    expect(pdf.status).toBe(200);
    expect(pdf.body.homeworkFile.type).toBe("pdf");
    const path = pdf.body.homeworkFile.path as string;

    const asStudent = await call("GET", path, { token: student.token });
    expect(asStudent.status).toBe(200);
    expect(asStudent.headers.get("content-type")).toBe("application/pdf");
    expect(asStudent.headers.get("content-disposition")).toContain("attachment");
    expect((await call("GET", path, { token: (await createUser(Role.SuperAdmin)).token })).status).toBe(200);
    const stranger = await call("GET", path, { token: (await createStudent()).token });
    expect(stranger.status).toBe(403);
    // The replaced file is gone.
    expect((await call("GET", firstPath, { token: student.token })).status).toBe(404);
    const key = `learning/${student.id}/${id}/${path.split("/").pop()}`;
    expect(await env.MEDIA.head(key)).not.toBeNull();
  });
});

describe("homework done and replies", () => {
  it("lets the student mark homework done and undo it; the tutor cannot", async () => {
    const { tutor, student } = await pair();
    const id = await lessonOf(tutor, student, -60);
    const early = await callContract(lessonNoteContracts.homeworkDone, {
      token: student.token,
      params: { id },
    });
    expect([early.status, early.body.code]).toEqual([404, "note-not-found"]);
    await put(tutor, id, note);
    const done = await callContract(lessonNoteContracts.homeworkDone, {
      token: student.token,
      params: { id },
    });
    expect(done.status).toBe(200);
    expect(done.body.homeworkDoneAt).not.toBeNull();
    const byTutor = await callContract(lessonNoteContracts.homeworkDone, {
      token: tutor.token,
      params: { id },
    });
    expect(byTutor.status).toBe(403);
    const undone = await callContract(lessonNoteContracts.homeworkUndone, {
      token: student.token,
      params: { id },
    });
    expect(undone.status).toBe(200);
    expect(undone.body.homeworkDoneAt).toBeNull();
    const stranger = await callContract(lessonNoteContracts.homeworkDone, {
      token: (await createStudent()).token,
      params: { id },
    });
    expect(stranger.status).toBe(403);

    await put(tutor, id, { ...note, homework: null });
    const none = await callContract(lessonNoteContracts.homeworkDone, {
      token: student.token,
      params: { id },
    });
    expect([none.status, none.body.code]).toEqual([422, "no-homework"]);
  });

  it("takes the student's reply with a file, tells the tutor, and lists it with the note", async () => {
    const { tutor, student } = await pair();
    const id = await lessonOf(tutor, student, -60);
    const before = await reply(student, id, { text: "خلصت الواجب" });
    expect([before.status, before.body.code]).toEqual([404, "note-not-found"]);
    await put(tutor, id, note);

    const empty = await reply(student, id, { text: "   " });
    expect([empty.status, empty.body.code]).toEqual([400, "short-note-reply"]);
    const long = await reply(student, id, { text: "ر".repeat(bounds.noteReply.max + 1) });
    expect([long.status, long.body.code]).toEqual([400, "long-note-reply"]);
    const badFile = await reply(student, id, {
      text: "الصورة",
      file: fileOf(new TextEncoder().encode("%PDX nothing"), "w.pdf", "application/pdf"),
    });
    expect([badFile.status, badFile.body.code]).toEqual([400, "invalid-type"]);
    const stranger = await reply(await createStudent(), id, { text: "أهلا" });
    expect(stranger.status).toBe(403);

    const sent = await reply(student, id, {
      text: "خلصت الواجب، ده الحل",
      file: fileOf(pngBytes(), "w.png", "image/png"),
    });
    expect(sent.status).toBe(201);
    expect(sent.body.replies).toHaveLength(1);
    expect(sent.body.replies[0]).toMatchObject({ authorId: student.id, text: "خلصت الواجب، ده الحل" });
    const answer = await reply(tutor, id, { text: "برافو عليك" });
    expect(answer.status).toBe(201);

    const read = await get(tutor, id);
    expect(read.body.note?.replies.map((r) => r.text)).toEqual(["خلصت الواجب، ده الحل", "برافو عليك"]);
    const file = await call("GET", read.body.note!.replies[0]!.file!.path, { token: tutor.token });
    expect([file.status, file.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect((await outboxTo(tutor.id)).map((row) => row.subject)).toContain("رد جديد على واجب الحصة");
    expect((await outboxTo(student.id)).map((row) => row.subject)).toContain("رد جديد على واجب الحصة");
  });
});

describe("the lesson room's last note and «دروسي السابقة»", () => {
  it("shows the tutor of the next lesson the pair's newest earlier note, and no one else", async () => {
    const { tutor, student } = await pair();
    const older = await lessonOf(tutor, student, -5 * DAY_MINUTES);
    const last = await lessonOf(tutor, student, -2 * DAY_MINUTES);
    const next = await lessonOf(tutor, student, 60);
    // Another student's note with the same tutor is not this pair's.
    const other = await createStudent();
    const otherLesson = await lessonOf(tutor, other, -DAY_MINUTES);
    await put(tutor, older, { ...note, summary: "الحصة الأقدم" });
    await put(tutor, last, { ...note, summary: "آخر حصة" });
    await put(tutor, otherLesson, { ...note, summary: "طالب تاني" });

    const seen = await callContract(lessonNoteContracts.previous, {
      token: tutor.token,
      params: { id: next },
    });
    expect(seen.status).toBe(200);
    expect(seen.body.note?.summary).toBe("آخر حصة");
    expect(seen.body.lessonStart).not.toBeNull();
    const fromLast = await callContract(lessonNoteContracts.previous, {
      token: tutor.token,
      params: { id: last },
    });
    expect(fromLast.body.note?.summary).toBe("الحصة الأقدم");
    const none = await callContract(lessonNoteContracts.previous, {
      token: tutor.token,
      params: { id: older },
    });
    expect(none.body).toEqual({ note: null, lessonStart: null });
    const byStudent = await callContract(lessonNoteContracts.previous, {
      token: student.token,
      params: { id: next },
    });
    expect(byStudent.status).toBe(403);
    const byOtherTutor = await callContract(lessonNoteContracts.previous, {
      token: (await createTutor()).token,
      params: { id: next },
    });
    expect(byOtherTutor.status).toBe(403);
  });

  it("lists the ended lessons newest first, with the note and pending homework, paged", async () => {
    const { tutor, student } = await pair();
    const older = await lessonOf(tutor, student, -5 * DAY_MINUTES);
    const last = await lessonOf(tutor, student, -2 * DAY_MINUTES);
    await lessonOf(tutor, student, 60); // upcoming: not listed
    await lessonOf(tutor, student, -DAY_MINUTES, true); // cancelled: not listed
    await put(tutor, last, note);
    const page = await callContract(lessonNoteContracts.past, {
      token: student.token,
      query: { page: 1, size: 10 },
    });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    expect(page.body.list.map((l) => [l.id, l.hasNote, l.homeworkPending])).toEqual([
      [last, true, true],
      [older, false, false],
    ]);
    expect(page.body.list[0]!.tutor.id).toBe(tutor.id);
    const second = await callContract(lessonNoteContracts.past, {
      token: tutor.token,
      query: { page: 2, size: 1 },
    });
    expect(second.body.list.map((l) => l.id)).toEqual([older]);
    expect(second.body.total).toBe(2);
    const beyond = await callContract(lessonNoteContracts.past, {
      token: tutor.token,
      query: { page: 5, size: 1 },
    });
    expect(beyond.body).toEqual({ list: [], total: 2 });
  });
});

describe("a note in the person's data", () => {
  function scopeNow() {
    const config = readConfig(env);
    return backgroundScope(env, {
      config,
      logger: createLogger("test"),
      now: new Date(),
      services: createServices(config, env, undefined, emulators),
      waitUntil: () => undefined,
    });
  }

  it("is in both members' exports, and goes with the student's erasure, files and replies included", async () => {
    const { tutor, student } = await pair();
    const id = await lessonOf(tutor, student, -60);
    await put(tutor, id, note);
    const attached = await attach(tutor, id, fileOf(pngBytes(), "a.png", "image/png"));
    expect(attached.status).toBe(200);
    const sent = await reply(student, id, {
      text: "ده حلّي",
      file: fileOf(pdfBytes(), "w.pdf", "application/pdf"),
    });
    expect(sent.status).toBe(201);

    const own = await lessonNotesForExport(createDb(env), student.id);
    expect(own.notes.map((n) => n.summary)).toEqual([note.summary]);
    expect(own.yourReplies.map((r) => r.text)).toEqual(["ده حلّي"]);
    expect((await lessonNotesForExport(createDb(env), tutor.id)).notes).toHaveLength(1);

    const listed = await env.MEDIA.list({ prefix: `learning/${student.id}/` });
    expect(listed.objects).toHaveLength(2);
    await env.DB.prepare(
      "INSERT INTO account_deletions (user_id, state, requested_by, requested_at, due_at, created_at, updated_at) VALUES (?, 'pending', ?, ?, ?, ?, ?)",
    )
      .bind(student.id, student.id, iso(), new Date(Date.now() - 60_000).toISOString(), iso(), iso())
      .run();
    expect(await eraseAccount(scopeNow(), student.id)).toBe("erased");
    const left = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM lesson_notes WHERE lesson_id = ?) AS notes, (SELECT count(*) FROM lesson_note_replies WHERE lesson_id = ?) AS replies",
    )
      .bind(id, id)
      .first<{ notes: number; replies: number }>();
    expect(left).toEqual({ notes: 0, replies: 0 });
    expect((await env.MEDIA.list({ prefix: `learning/${student.id}/` })).objects).toHaveLength(0);
  });
});
