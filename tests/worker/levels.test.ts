// A student's CEFR level (docs/rules.md, "Learning after the lesson"): only a tutor who taught the
// student a lesson that has ended (not cancelled) sets it; the history is kept, the newest is the
// level; the student, tutors with a lesson with them and admins read it; the tutor's lesson list
// carries the level in the same statement.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { levelContracts } from "../../schema/api/level";
import { lessonContracts } from "../../schema/api/lesson";
import { bounds } from "../../schema/rules";
import { Role } from "../../schema/enums";
import { callContract, call } from "./helpers";
import { createStudent, createTutor, createUser, type Session } from "./factories-lessons";
import { seedLesson } from "./factories-stats";

const HOUR = 60 * 60 * 1000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const ahead = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

let student: Session;
let tutor: Session;
let endedLesson: number;
let futureTutor: Session;
let canceledTutor: Session;
let stranger: Session;
let admin: Session;
let otherStudent: Session;

beforeAll(async () => {
  student = await createStudent();
  otherStudent = await createStudent();
  tutor = await createTutor();
  futureTutor = await createTutor();
  canceledTutor = await createTutor();
  stranger = await createTutor();
  admin = await createUser(Role.SuperAdmin);
  endedLesson = await seedLesson(tutor.id, student.id, { start: ago(30) });
  await seedLesson(futureTutor.id, student.id, { start: ahead(30) });
  await seedLesson(canceledTutor.id, student.id, { start: ago(50), canceled: true });
});

const setLevel = (who: Session, studentId: number, body: unknown) =>
  call("POST", `/api/v1/user/student/${studentId}/level`, { token: who.token, body });

describe("POST /user/student/{id}/level", () => {
  it("lets the tutor of an ended lesson set the level, named by that lesson, and keeps the history", async () => {
    const first = await callContract(levelContracts.set, {
      params: { id: student.id },
      token: tutor.token,
      body: { level: "A2", reason: "بيفهم الجمل البسيطة", lessonId: endedLesson },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ level: "A2", lessonId: endedLesson, tutor: { id: tutor.id } });
    const second = await callContract(levelContracts.set, {
      params: { id: student.id },
      token: tutor.token,
      body: { level: "B1", reason: "  اتحسن في الكلام  " },
    });
    expect(second.status).toBe(201);
    expect(second.body.reason).toBe("اتحسن في الكلام");
    const history = await callContract(levelContracts.history, {
      params: { id: student.id },
      token: student.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.current).toBe("B1");
    expect(history.body.total).toBe(2);
    expect(history.body.list.map((row) => row.level)).toEqual(["B1", "A2"]);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM student_levels WHERE student_id = ?")
      .bind(student.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(2);
  });

  it("refuses a tutor whose lesson with the student has not ended, was cancelled, or who never taught them", async () => {
    for (const who of [futureTutor, canceledTutor, stranger]) {
      const answer = await setLevel(who, student.id, { level: "B2", reason: "سبب كفاية" });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe("level-not-allowed");
    }
  });

  it("refuses a named lesson that is not one of the tutor's ended lessons with the student", async () => {
    const future = await env.DB.prepare(
      "SELECT l.id FROM lessons l JOIN lesson_members m ON m.lesson_id = l.id WHERE l.tutor_id = ? AND m.user_id = ?",
    )
      .bind(futureTutor.id, student.id)
      .first<{ id: number }>();
    const answer = await setLevel(tutor, student.id, {
      level: "B2",
      reason: "سبب كفاية",
      lessonId: future!.id,
    });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe("lesson-not-found");
  });

  it("refuses students and admins (only tutors set levels), and an id that is not a student", async () => {
    const asStudent = await setLevel(student, student.id, { level: "C2", reason: "أنا شاطر جدًا" });
    expect(asStudent.status).toBe(403);
    expect(asStudent.body.code).toBe("forbidden");
    const asAdmin = await setLevel(admin, student.id, { level: "C2", reason: "سبب كفاية" });
    expect(asAdmin.body.code).toBe("forbidden");
    const notStudent = await setLevel(tutor, stranger.id, { level: "B1", reason: "سبب كفاية" });
    expect(notStudent.status).toBe(404);
    expect(notStudent.body.code).toBe("student-not-found");
  });

  it("answers each bad field with its catalogue code and stores nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM student_levels").first<{ n: number }>();
    const cases: Array<[unknown, string]> = [
      [{ level: "D1", reason: "سبب كفاية" }, "invalid-level"],
      [{ level: 3, reason: "سبب كفاية" }, "invalid-level"],
      [{ level: "B1", reason: "لا" }, "short-level-reason"],
      [{ level: "B1", reason: "ك".repeat(bounds.levelReason.max + 1) }, "long-level-reason"],
      [{ level: "B1", reason: "سطر أول\nوسطر تاني" }, "invalid-level-reason"],
      [{ level: "B1", reason: "سبب كفاية", lessonId: "x" }, "bad-request"],
    ];
    for (const [body, code] of cases) {
      const answer = await setLevel(tutor, student.id, body);
      expect(answer.status, code).toBe(400);
      expect(answer.body.code).toBe(code);
    }
    const after = await env.DB.prepare("SELECT count(*) AS n FROM student_levels").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });
});

describe("GET /user/student/{id}/levels", () => {
  it("answers the student, a tutor with any lesson with them (a future one too) and an admin", async () => {
    for (const who of [student, tutor, futureTutor, canceledTutor, admin]) {
      const answer = await callContract(levelContracts.history, {
        params: { id: student.id },
        token: who.token,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.current).toBe("B1");
    }
  });

  it("refuses another student and a tutor who never had a lesson with them", async () => {
    for (const who of [otherStudent, stranger]) {
      const answer = await callContract(levelContracts.history, {
        params: { id: student.id },
        token: who.token,
      });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe("forbidden");
    }
    const anonymous = await callContract(levelContracts.history, { params: { id: student.id } });
    expect(anonymous.status).toBe(401);
  });

  it("pages the history, newest first, with the total", async () => {
    const page = await callContract(levelContracts.history, {
      params: { id: student.id },
      query: { page: 2, size: 1 },
      token: student.token,
    });
    expect(page.body.total).toBe(2);
    expect(page.body.list.map((row) => row.level)).toEqual(["A2"]);
  });

  it("answers a student with no level yet with an empty history", async () => {
    const answer = await callContract(levelContracts.history, {
      params: { id: otherStudent.id },
      token: otherStudent.token,
    });
    expect(answer.body).toEqual({ list: [], total: 0, current: null });
  });
});

describe("the tutor's lesson list", () => {
  it("carries the student's level now beside each lesson, and null before one is set", async () => {
    const list = await callContract(lessonContracts.list, { query: { size: 20 }, token: futureTutor.token });
    expect(list.status).toBe(200);
    const lesson = list.body.list.find((row) => row.student.id === student.id);
    expect(lesson?.studentLevel).toBe("B1");
    const fresh = await createTutor();
    await seedLesson(fresh.id, otherStudent.id, { start: ahead(40) });
    const other = await callContract(lessonContracts.list, { token: fresh.token });
    expect(other.body.list[0]?.studentLevel).toBeNull();
  });
});
