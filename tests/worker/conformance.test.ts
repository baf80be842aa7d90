import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { InterviewStatus, IntroVideoStatus, MessagingApp, ReviewStatus, Role } from "../../schema/enums";
import { insertInterview, insertIntroVideo, manager, managerSlot } from "./factories-onboarding";
import { addMinutes, at, bookLessonInSlot, createSlot, slotActions } from "./factories-tutors";
import { callContract, latestMessage, PASSWORD, register, uniqueEmail } from "./helpers";
import { userContracts } from "../../schema/api/user";
import { interviewContracts } from "../../schema/api/interview";
import { demoSessionContracts } from "../../schema/api/demo-session";

const registerAs = (role: Role, name: string, email = uniqueEmail("conf")) =>
  callContract(userContracts.register, {
    body: { email, password: PASSWORD, role, name },
    headers: {
      "cf-connecting-ip": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });
const storedUser = (email: string) =>
  env.DB.prepare("SELECT name, role FROM users WHERE email = ?")
    .bind(email)
    .first<{ name: string; role: number }>();

describe("registration names (docs/rules.md, Validation bounds)", () => {
  it("refuses a tutor registering with a Latin name (invalid-tutor-name) and stores nothing", async () => {
    const email = uniqueEmail("tutor-latin");
    const response = await registerAs(Role.Tutor, "Ahmed Ali", email);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("invalid-tutor-name");
    expect(response.body.fields).toEqual({ name: "invalid-tutor-name" });
    expect(await storedUser(email)).toBeNull();
  });

  it("registers a tutor with an Arabic name", async () => {
    const email = uniqueEmail("tutor-arabic");
    const response = await registerAs(Role.Tutor, "أحمد علي", email);
    expect(response.status).toBe(201);
    expect(await storedUser(email)).toEqual({ name: "أحمد علي", role: Role.Tutor });
  });

  it("still lets a student register with a Latin name", async () => {
    const email = uniqueEmail("student-latin");
    const response = await registerAs(Role.Student, "Sara Ali", email);
    expect(response.status).toBe(201);
    expect(await storedUser(email)).toEqual({ name: "Sara Ali", role: Role.Student });
  });
});

describe("notifications of a deleted slot's cancellations (docs/rules.md, Notifications)", () => {
  it("reach the student on WhatsApp too when they verified a phone and chose it", async () => {
    const tutor = await register(Role.Tutor);
    const student = await register(Role.Student);
    await env.DB.prepare(
      "UPDATE users SET phone = '01012345678', verified_phone = 1, notification_method = ? WHERE id = ?",
    )
      .bind(MessagingApp.Whatsapp, student.user.id)
      .run();
    const id = await createSlot(tutor.token, at(1440), at(1560));
    await bookLessonInSlot(tutor.user.id, student.user.id, id, at(1470));
    const response = await slotActions(tutor.token, [{ type: "delete", id }]);
    expect(response.status).toBe(200);
    expect((await latestMessage(student.user.email)).subject).toBe("حصتك اتلغت");
    const whatsapp = await latestMessage("01012345678");
    expect(whatsapp).toMatchObject({ channel: "whatsapp", subject: "حصتك اتلغت" });
  });

  it("stay email-only for a student without a verified phone", async () => {
    const tutor = await register(Role.Tutor);
    const student = await register(Role.Student);
    const id = await createSlot(tutor.token, at(1440), at(1560));
    await bookLessonInSlot(tutor.user.id, student.user.id, id, at(1470));
    await slotActions(tutor.token, [{ type: "delete", id }]);
    const rows = await env.DB.prepare(
      "SELECT channel FROM notifications_outbox WHERE user_id = ? AND subject = ?",
    )
      .bind(student.user.id, "حصتك اتلغت")
      .all<{ channel: string }>();
    expect(rows.results.map((row) => row.channel)).toEqual(["email"]);
  });
});

describe("interviews and demo sessions tell the other party (docs/rules.md, Notifications and Chat)", () => {
  const managerEmail = async (id: number) =>
    (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(id).first<{ email: string }>())!.email;

  it("a booked interview opens the pair's chat room and tells the manager", async () => {
    const boss = await manager();
    const tutor = await register(Role.Tutor);
    const start = at(2 * 24 * 60);
    await managerSlot(boss.user.id, start, addMinutes(start, 60));
    const response = await callContract(interviewContracts.book, {
      token: tutor.token,
      body: { interviewerId: boss.user.id, start },
    });
    expect(response.status).toBe(201);
    const room = await env.DB.prepare(
      "SELECT count(*) AS n FROM chat_room_members m JOIN chat_rooms r ON r.id = m.room_id WHERE r.pair_key = ?",
    )
      .bind(`${Math.min(tutor.user.id, boss.user.id)}:${Math.max(tutor.user.id, boss.user.id)}`)
      .first<{ n: number }>();
    expect(room?.n).toBe(2);
    expect((await latestMessage(await managerEmail(boss.user.id))).subject).toBe("مقابلة جديدة محجوزة");
  });

  it("a tutor cancelling the interview tells the manager; the manager cancelling tells the tutor", async () => {
    const boss = await manager();
    const tutor = await register(Role.Tutor);
    const first = await insertInterview(
      tutor.user.id,
      boss.user.id,
      at(3 * 24 * 60),
      InterviewStatus.Pending,
    );
    const cancel = await callContract(interviewContracts.update, {
      token: tutor.token,
      body: { id: first, status: InterviewStatus.CanceledByInterviewee },
    });
    expect(cancel.status).toBe(200);
    expect((await latestMessage(await managerEmail(boss.user.id))).subject).toBe("اتلغت مقابلة");
    const second = await insertInterview(
      tutor.user.id,
      boss.user.id,
      at(4 * 24 * 60),
      InterviewStatus.Pending,
    );
    const byManager = await callContract(interviewContracts.update, {
      token: boss.token,
      body: { id: second, status: InterviewStatus.CanceledByInterviewer },
    });
    expect(byManager.status).toBe(200);
    expect((await latestMessage(tutor.user.email)).subject).toBe("اتلغت مقابلة");
  });

  it("a booked demo session tells the manager, and the tutor's cancellation too", async () => {
    const boss = await manager();
    const tutor = await register(Role.Tutor);
    await insertIntroVideo(tutor.user.id, IntroVideoStatus.Approved, new Date().toISOString());
    const start = at(2 * 24 * 60);
    await managerSlot(boss.user.id, start, addMinutes(start, 60), 4);
    const booked = await callContract(demoSessionContracts.book, {
      token: tutor.token,
      body: { tutorManagerId: boss.user.id, start },
    });
    expect(booked.status).toBe(201);
    expect((await latestMessage(await managerEmail(boss.user.id))).subject).toBe("حصة تجريبية جديدة محجوزة");
    const cancel = await callContract(demoSessionContracts.update, {
      params: { id: booked.body.id },
      token: tutor.token,
      body: { status: ReviewStatus.CanceledByTutor },
    });
    expect(cancel.status).toBe(200);
    expect((await latestMessage(await managerEmail(boss.user.id))).subject).toBe("اتلغت حصة تجريبية");
  });
});
