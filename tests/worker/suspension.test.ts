// Suspension: admins suspend and restore an account with a reason. A suspended account answers
// account-suspended everywhere, its sessions end, its sockets close, it leaves the public lists,
// and its future lessons are cancelled with the usual notices (the student's minutes come back).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { errorMessage } from "../../schema/error-messages";
import { TestSocket, closeAll, eventually } from "./factories-chat";
import {
  addMinutes,
  book,
  createStudent,
  createUser,
  gridTime,
  subscribe,
  tutorFreeAt,
} from "./factories-lessons";
import { createLesson, openRoom } from "./factories-sessions";
import { onboardedTutor } from "./factories-tutors";
import { call, callContract, PASSWORD, register } from "./helpers";
import { suspensionContracts } from "../../schema/api/suspension";
import { authContracts } from "../../schema/api/auth";
import { userContracts } from "../../schema/api/user";
import { subscriptionContracts } from "../../schema/api/subscription";

const suspend = (token: string, id: number, reason: unknown = "إساءة متكررة في المحادثات") =>
  call("POST", `/api/v1/user/${id}/suspend`, { token, body: { reason } });
const restore = (token: string, id: number) =>
  callContract(suspensionContracts.restore, { params: { id }, token });
const auditRows = (id: number) =>
  env.DB.prepare(
    "SELECT action, actor_id AS actorId, after FROM audit_log WHERE target_type = 'user' AND target_id = ? ORDER BY id",
  )
    .bind(String(id))
    .all<{ action: string; actorId: number; after: string }>();

describe("suspending an account", () => {
  it("answers account-suspended on every route, public ones too, and to its sign-in; writes the audit row and ends its sessions", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const { user, token } = await register();
    const done = await suspend(admin.token, user.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ suspensionReason: "إساءة متكررة في المحادثات", canceledLessons: 0 });
    for (const [method, path] of [
      ["GET", "/api/v1/user/current"],
      ["GET", "/api/v1/user/tutor/list/onboarded"],
      ["POST", "/api/v1/auth/refresh-token"],
    ] as const) {
      const answer = await call(method, path, { token });
      expect([path, answer.status, answer.body.code]).toEqual([path, 403, "account-suspended"]);
      expect(answer.body.message).toBe(errorMessage["account-suspended"]);
    }
    const signIn = await callContract(authContracts.password, {
      body: { email: user.email, password: PASSWORD },
    });
    expect([signIn.status, signIn.body.code]).toEqual([403, "account-suspended"]);
    const open = await env.DB.prepare(
      "SELECT count(*) AS n FROM auth_sessions WHERE user_id = ? AND ended_at IS NULL",
    )
      .bind(user.id)
      .first<{ n: number }>();
    expect(open!.n).toBe(0);
    const audit = (await auditRows(user.id)).results;
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([["user.suspend", admin.id]]);
    expect(JSON.parse(audit[0]!.after)).toEqual({ suspended: true, reason: "إساءة متكررة في المحادثات" });
    const seen = await callContract(userContracts.get, { params: { id: user.id }, token: admin.token });
    expect(seen.body).toMatchObject({ suspensionReason: "إساءة متكررة في المحادثات" });
    expect(seen.body.suspendedAt).toBeTruthy();
  });

  it("restores the account: the user signs in again, and the restore is audited", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const { user } = await register();
    await suspend(admin.token, user.id);
    const again = await suspend(admin.token, user.id);
    expect([again.status, again.body.code]).toEqual([409, "account-already-suspended"]);
    const restored = await restore(admin.token, user.id);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ suspendedAt: null, suspensionReason: null });
    const twice = await restore(admin.token, user.id);
    expect([twice.status, twice.body.code]).toEqual([409, "account-not-suspended"]);
    const signIn = await callContract(authContracts.password, {
      body: { email: user.email, password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    expect((await callContract(userContracts.current, { token: signIn.body.token })).status).toBe(200);
    expect((await auditRows(user.id)).results.map((row) => row.action)).toEqual([
      "user.suspend",
      "user.restore",
    ]);
  });

  it("needs a reason, and only admins suspend: never oneself, and an admin only by a SuperAdmin", async () => {
    const regular = await createUser(Role.RegularAdmin);
    const otherAdmin = await createUser(Role.RegularAdmin);
    const superAdmin = await createUser(Role.SuperAdmin);
    const student = await createStudent();
    for (const reason of [null, "", "  a ", "x".repeat(501)]) {
      const refused = await suspend(regular.token, student.id, reason);
      expect([refused.status, refused.body.code]).toEqual([400, "invalid-suspension-reason"]);
    }
    expect((await suspend(regular.token, otherAdmin.id)).status).toBe(403);
    expect((await suspend(regular.token, superAdmin.id)).status).toBe(403);
    const self = await suspend(regular.token, regular.id);
    expect([self.status, self.body.code]).toEqual([400, "illegal"]);
    const manager = await createUser(Role.TutorManager);
    expect((await suspend(manager.token, student.id)).status).toBe(403);
    expect((await suspend(superAdmin.token, otherAdmin.id)).status).toBe(200);
    const missing = await suspend(superAdmin.token, 987_654_321);
    expect([missing.status, missing.body.code]).toEqual([404, "user-not-found"]);
    const unchanged = await env.DB.prepare("SELECT suspended_at FROM users WHERE id = ?")
      .bind(student.id)
      .first<{ suspended_at: string | null }>();
    expect(unchanged!.suspended_at).toBeNull();
  });

  it("cancels the account's future lessons with the usual notices, and the student's minutes come back", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const start = gridTime(24);
    const tutor = await tutorFreeAt(addMinutes(start, -60), 4);
    const student = await createStudent();
    await subscribe(student.id, { weeklyMinutes: 120 });
    const remaining = async () =>
      (await callContract(subscriptionContracts.current, { token: student.token })).body
        .remainingWeeklyMinutes as number;
    const before = await remaining();
    const booked = await book(student, tutor.id, start, 30);
    expect(booked.status).toBe(201);
    expect(await remaining()).toBe(before - 30);
    const done = await suspend(admin.token, tutor.id, "لم يحضر الحصص");
    expect(done.body.canceledLessons).toBe(1);
    const lesson = await env.DB.prepare("SELECT canceled_at, canceled_by FROM lessons WHERE id = ?")
      .bind(booked.body.id)
      .first<{ canceled_at: string | null; canceled_by: number }>();
    expect(lesson!.canceled_at).toBeTruthy();
    expect(lesson!.canceled_by).toBe(admin.id);
    const notices = await env.DB.prepare(
      "SELECT recipient, subject FROM notifications_outbox WHERE recipient IN (?, ?) AND subject = ?",
    )
      .bind(student.email, tutor.email, "اتلغت حصة في درس")
      .all<{ recipient: string }>();
    expect(notices.results.map((row) => row.recipient).sort()).toEqual([student.email, tutor.email].sort());
    const after = await remaining();
    expect(after === before || after === 120).toBe(true);
    // Nobody books the suspended tutor meanwhile.
    const refused = await book(student, tutor.id, addMinutes(start, 60), 30);
    expect([refused.status, refused.body.code]).toEqual([404, "tutor-not-found"]);
  });

  it("takes a suspended tutor off the public list, and back once restored", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const tutor = await onboardedTutor({ name: "مدرس سيوقف" });
    const listed = async () => {
      const answer = await call(
        "GET",
        "/api/v1/user/tutor/list/onboarded?size=100&name=" + encodeURIComponent("مدرس سيوقف"),
      );
      return (answer.body.list as { id: number }[]).some((card) => card.id === tutor.user.id);
    };
    expect(await listed()).toBe(true);
    await suspend(admin.token, tutor.user.id);
    expect(await listed()).toBe(false);
    await restore(admin.token, tutor.user.id);
    expect(await listed()).toBe(true);
  });

  it("closes the suspended user's socket in a live lesson's room; the other member stays", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const { sessionId, tutor, student } = await createLesson({ minutesFromNow: -5 });
    const studentRoom = await openRoom(sessionId, student);
    const tutorRoom = await openRoom(sessionId, tutor);
    let closedWith: number | null = null;
    tutorRoom.socket.addEventListener("close", (event) => {
      closedWith = event.code;
    });
    expect((await suspend(admin.token, tutor.id)).status).toBe(200);
    await eventually(() => closedWith !== null);
    expect(closedWith).toBe(4003);
    await studentRoom.next("SessionMemberLeft", (payload) => payload.userId === tutor.id);
    studentRoom.close();
  });

  it("closes the suspended user's open sockets and admits no new one", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const student = await register();
    const socket = await TestSocket.userChannel(student);
    let closed = false;
    socket.socket.addEventListener("close", () => {
      closed = true;
    });
    await suspend(admin.token, student.user.id);
    await eventually(() => closed);
    const ticket = await callContract(authContracts.socketTicket, {
      token: student.token,
      body: { party: "user-channel", name: String(student.user.id) },
    });
    expect([ticket.status, ticket.body.code]).toEqual([403, "account-suspended"]);
    await closeAll(socket);
  });
});
