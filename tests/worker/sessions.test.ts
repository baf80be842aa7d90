import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Gender, Role } from "../../schema/enums";
import { absenceRefusal, findSession } from "../../worker/domain/lessons/sessions";
import { createDb } from "../../worker/core/db";
import { TestSocket, closeAll } from "./factories-chat";
import { callContract, latestMessage } from "./helpers";
import {
  addMinutes,
  attendance,
  createLesson,
  createStudent,
  createUser,
  openRoom,
  send,
} from "./factories-sessions";
import { sessionContracts } from "../../schema/api/session";

const db = () => createDb(env);
const logJoin = (sessionId: string, userId: number) =>
  env.DB.prepare("INSERT INTO session_attendance (session_id, user_id, event, at) VALUES (?, ?, 1, ?)")
    .bind(sessionId, userId, new Date().toISOString())
    .run();

describe("GET /session/{id}", () => {
  it("shows both members and the attendance log to a member", async () => {
    const { sessionId, tutor, student, start, end } = await createLesson({ minutesFromNow: 0 });
    const room = await openRoom(sessionId, student);
    await send(room, { type: "JoinSession", payload: { camera: true, mic: true } });
    await send(room, { type: "LeaveSession" });
    room.close();
    const response = await callContract(sessionContracts.get, {
      params: { id: sessionId },
      token: tutor.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: sessionId,
      kind: "lesson",
      start: start.toISOString(),
      end: end.toISOString(),
      canceled: false,
    });
    expect(response.body.members.map((m: { id: number; role: string }) => [m.id, m.role]).sort()).toEqual(
      [
        [tutor.id, "tutor"],
        [student.id, "student"],
      ].sort(),
    );
    expect(
      response.body.attendance.map((e: { userId: number; event: number }) => [e.userId, e.event]),
    ).toEqual([
      [student.id, 1],
      [student.id, 2],
    ]);
  });

  it("tells a lesson's tutor what they earned once it ended, and nobody else", async () => {
    const ended = await createLesson({ minutesFromNow: -40 });
    await env.DB.prepare("UPDATE lessons SET tutor_earning = 7500 WHERE id = ?").bind(ended.lessonId).run();
    const view = async (token: string, sessionId = ended.sessionId) =>
      (await callContract(sessionContracts.get, { params: { id: sessionId }, token })).body;
    expect((await view(ended.tutor.token)).earning).toBe(7500);
    expect((await view(ended.student.token)).earning).toBeNull();
    const admin = await createUser(Role.SuperAdmin);
    expect((await view(admin.token)).earning).toBeNull();
    // Not yet ended, or cancelled: nothing earned.
    const running = await createLesson({ minutesFromNow: -5 });
    await env.DB.prepare("UPDATE lessons SET tutor_earning = 7500 WHERE id = ?").bind(running.lessonId).run();
    expect((await view(running.tutor.token, running.sessionId)).earning).toBeNull();
    const canceled = await createLesson({ minutesFromNow: -40, canceled: true });
    expect((await view(canceled.tutor.token, canceled.sessionId)).earning).toBeNull();
  });

  it("shows a session to admins and tutor managers, and forbids other users", async () => {
    const { sessionId } = await createLesson({ minutesFromNow: 30 });
    for (const role of [Role.SuperAdmin, Role.RegularAdmin, Role.TutorManager]) {
      const staff = await createUser(role);
      expect(
        (await callContract(sessionContracts.get, { params: { id: sessionId }, token: staff.token })).status,
      ).toBe(200);
    }
    const stranger = await createStudent();
    expect(
      (await callContract(sessionContracts.get, { params: { id: sessionId }, token: stranger.token })).body
        .code,
    ).toBe("forbidden");
    expect((await callContract(sessionContracts.get, { params: { id: sessionId } })).status).toBe(401);
  });

  it("answers session-not-found for an unknown session and bad-request for a malformed id", async () => {
    const someone = await createStudent();
    expect(
      (await callContract(sessionContracts.get, { params: { id: "interview:424242" }, token: someone.token }))
        .body.code,
    ).toBe("session-not-found");
    expect(
      (await callContract(sessionContracts.get, { params: { id: "demo:0" }, token: someone.token })).body
        .code,
    ).toBe("bad-request");
  });
});

describe("the student reports that the tutor did not come", () => {
  it("refuses before 3 minutes after the start (clock given)", async () => {
    const { sessionId, student } = await createLesson({ minutesFromNow: 60 });
    const session = (await findSession(db(), sessionId))!;
    const start = new Date(session.start);
    expect(absenceRefusal(session, { id: student.id }, [], addMinutes(start, 2.99))).toBe(
      "absence-report-too-early",
    );
    expect(absenceRefusal(session, { id: student.id }, [], addMinutes(start, 3))).toBeNull();
    expect(absenceRefusal(session, { id: session.hostId }, [], addMinutes(start, 5))).toBe("forbidden");
    const log = [{ userId: session.hostId, event: 1 as const, at: start.toISOString() }];
    expect(absenceRefusal(session, { id: student.id }, log, addMinutes(start, 5))).toBe("tutor-attended");
  });

  it("answers absence-report-too-early through the API two minutes after the start", async () => {
    const { sessionId, student } = await createLesson({ minutesFromNow: -2 });
    const response = await callContract(sessionContracts.reportAbsence, {
      params: { id: sessionId },
      token: student.token,
    });
    expect([response.status, response.body.code]).toEqual([422, "absence-report-too-early"]);
  });

  it("cancels the lesson as the system and marks the report from 3 minutes after the start", async () => {
    const { lessonId, sessionId, student } = await createLesson({ minutesFromNow: -4 });
    const response = await callContract(sessionContracts.reportAbsence, {
      params: { id: sessionId },
      token: student.token,
    });
    expect(response.status).toBe(200);
    const row = await env.DB.prepare(
      "SELECT canceled_at, canceled_by, reported_absent_at FROM lessons WHERE id = ?",
    )
      .bind(lessonId)
      .first();
    expect(row).toEqual({
      canceled_at: response.body.canceledAt,
      canceled_by: null,
      reported_absent_at: response.body.reportedAbsentAt,
    });
    const again = await callContract(sessionContracts.reportAbsence, {
      params: { id: sessionId },
      token: student.token,
    });
    expect(again.body.code).toBe("illegal");
  });

  it("tells the tutor and the student in Arabic and publishes LessonCanceled to both", async () => {
    const { lessonId, sessionId, student, tutor } = await createLesson({ minutesFromNow: -5 });
    const channels = await Promise.all(
      [student, tutor].map((who) => TestSocket.open(`/parties/user-channel/${who.id}?token=${who.token}`)),
    );
    const response = await callContract(sessionContracts.reportAbsence, {
      params: { id: sessionId },
      token: student.token,
    });
    expect(response.status).toBe(200);
    for (const channel of channels) expect(await channel.next("LessonCanceled")).toEqual({ lessonId });
    const toStudent = await latestMessage(student.email);
    // The words about the tutor follow the tutor's gender (docs/glossary.md).
    const tutorRow = await env.DB.prepare("SELECT gender FROM users WHERE id = ?")
      .bind(tutor.id)
      .first<{ gender: string | null }>();
    expect(toStudent.subject).toBe(
      tutorRow?.gender === Gender.Female ? "اتلغت حصتك عشان المدرّسة محضرتش" : "اتلغت حصتك عشان المدرّس محضرش",
    );
    expect(toStudent.body).toContain("ودقايقها رجعت لرصيدك الأسبوعي");
    const toTutor = await latestMessage(tutor.email);
    expect(toTutor.subject).toBe("اتلغت حصة عشان مدخلتش الغرفة");
    const stored = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM notifications_outbox WHERE dedupe_key LIKE ?",
    )
      .bind(`absence:${sessionId}:%`)
      .first<{ n: number }>();
    expect(stored?.n).toBe(2);
    await closeAll(...channels);
  });

  it("refuses when the tutor joined, and when the caller is not the lesson's student", async () => {
    const { lessonId, sessionId, tutor, student } = await createLesson({ minutesFromNow: -10 });
    const other = await createStudent();
    expect(
      (await callContract(sessionContracts.reportAbsence, { params: { id: sessionId }, token: other.token }))
        .body.code,
    ).toBe("forbidden");
    await logJoin(sessionId, tutor.id);
    const response = await callContract(sessionContracts.reportAbsence, {
      params: { id: sessionId },
      token: student.token,
    });
    expect([response.status, response.body.code]).toEqual([422, "tutor-attended"]);
    const row = await env.DB.prepare("SELECT canceled_at, reported_absent_at FROM lessons WHERE id = ?")
      .bind(lessonId)
      .first();
    expect(row).toEqual({ canceled_at: null, reported_absent_at: null });
    expect(await attendance(sessionId)).toHaveLength(1);
  });

  it("answers lesson-not-found for an unknown lesson and for an interview", async () => {
    const student = await createStudent();
    expect(
      (
        await callContract(sessionContracts.reportAbsence, {
          params: { id: "lesson:777777" },
          token: student.token,
        })
      ).body.code,
    ).toBe("lesson-not-found");
    expect(
      (
        await callContract(sessionContracts.reportAbsence, {
          params: { id: "interview:777777" },
          token: student.token,
        })
      ).body.code,
    ).toBe("session-not-found");
  });
});
