import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AdminChannel } from "../../durable-objects/admin-channel";
import { InterviewStatus, IntroVideoStatus, ReviewStatus, Role } from "../../schema/enums";
import { TestSocket, closeAll } from "./factories-chat";
import { createStudent } from "./factories-lessons";
import { insertDemo, insertInterview, insertIntroVideo, manager } from "./factories-onboarding";
import { at, createSlot, onboardedTutor } from "./factories-tutors";
import { call, callContract, createUserWithRole, latestMessage, register } from "./helpers";
import { introVideoContracts } from "../../schema/api/intro-video";
import { interviewContracts } from "../../schema/api/interview";
import { demoSessionContracts } from "../../schema/api/demo-session";
import { onboardingContracts } from "../../schema/api/onboarding";
import { tutorContracts } from "../../schema/api/tutor";
import { lessonContracts } from "../../schema/api/lesson";

const outboxSubjects = async (userId: number) =>
  (
    await env.DB.prepare("SELECT subject FROM notifications_outbox WHERE user_id = ? ORDER BY id")
      .bind(userId)
      .all<{ subject: string }>()
  ).results.map((row) => row.subject);

describe("onboarding notifications (outbox, Arabic)", () => {
  it("tells the tutor their intro video was approved, or rejected", async () => {
    const reviewer = await manager();
    const approved = await register(Role.Tutor);
    const rejected = await register(Role.Tutor);
    const a = await insertIntroVideo(approved.user.id, IntroVideoStatus.Pending, null, reviewer.user.id);
    const r = await insertIntroVideo(rejected.user.id, IntroVideoStatus.Pending, null, reviewer.user.id);
    await callContract(introVideoContracts.review, {
      params: { id: a },
      token: reviewer.token,
      body: { status: 3, feedback: "فيديو واضح" },
    });
    await callContract(introVideoContracts.review, {
      params: { id: r },
      token: reviewer.token,
      body: { status: 2, feedback: "الصوت غير واضح" },
    });
    expect((await latestMessage(approved.user.email)).subject).toBe("الفيديو التعريفي اتقبل");
    const message = await latestMessage(rejected.user.email);
    expect(message.subject).toBe("الفيديو التعريفي متقبلش");
    expect(message.body).toContain("٣ شهور");
  });

  it("tells the tutor the interview decision", async () => {
    const m = await manager();
    const passed = await register(Role.Tutor);
    const rejected = await register(Role.Tutor);
    const p = await insertInterview(passed.user.id, m.user.id, at(-60), InterviewStatus.Pending);
    const r = await insertInterview(rejected.user.id, m.user.id, at(-120), InterviewStatus.Pending);
    await callContract(interviewContracts.update, {
      token: m.token,
      body: { id: p, status: 2, feedback: "أداء ممتاز", level: 4 },
    });
    await callContract(interviewContracts.update, {
      token: m.token,
      body: { id: r, status: 3, feedback: "يحتاج تدريبًا", level: 2 },
    });
    expect((await latestMessage(passed.user.email)).subject).toBe("نجحت في المقابلة");
    expect((await latestMessage(rejected.user.email)).subject).toBe("نتيجة المقابلة");
  });

  it("tells the tutor the demo session decision", async () => {
    const m = await manager();
    const passed = await register(Role.Tutor);
    const rejected = await register(Role.Tutor);
    const p = await insertDemo(passed.user.id, m.user.id, at(-60), ReviewStatus.Pending);
    const r = await insertDemo(rejected.user.id, m.user.id, at(-120), ReviewStatus.Pending);
    await callContract(demoSessionContracts.update, {
      params: { id: p },
      token: m.token,
      body: { status: 2, feedback: "حصة ممتازة" },
    });
    await callContract(demoSessionContracts.update, {
      params: { id: r },
      token: m.token,
      body: { status: 3, feedback: "حصة ضعيفة" },
    });
    expect((await latestMessage(passed.user.email)).subject).toBe("نجحت في الحصة التجريبية");
    expect((await latestMessage(rejected.user.email)).subject).toBe("نتيجة الحصة التجريبية");
  });

  it("tells the tutor when the last passed step activates them", async () => {
    const m = await manager();
    const tutor = await register(Role.Tutor);
    await insertIntroVideo(tutor.user.id, IntroVideoStatus.Approved);
    await insertInterview(
      tutor.user.id,
      m.user.id,
      at(-24 * 60),
      InterviewStatus.Passed,
      new Date().toISOString(),
    );
    const demo = await insertDemo(tutor.user.id, m.user.id, at(-60), ReviewStatus.Pending);
    await callContract(demoSessionContracts.update, {
      params: { id: demo },
      token: m.token,
      body: { status: 2, feedback: "حصة ممتازة" },
    });
    expect(await outboxSubjects(tutor.user.id)).toEqual(
      expect.arrayContaining(["نجحت في الحصة التجريبية", "حسابك كمدرّس اتفعّل"]),
    );
  });

  it("tells the tutor when an admin activates or deactivates them, and says nothing when nothing changed", async () => {
    const admin = await createUserWithRole(Role.RegularAdmin);
    const tutor = await register(Role.Tutor);
    const set = (body: Record<string, boolean>) =>
      callContract(onboardingContracts.update, { params: { id: tutor.user.id }, token: admin.token, body });
    await set({ activated: true });
    expect((await latestMessage(tutor.user.email)).subject).toBe("حسابك كمدرّس اتفعّل");
    await set({ activated: true });
    await set({ activated: false });
    expect((await latestMessage(tutor.user.email)).subject).toBe("حسابك كمدرّس اتوقف");
    expect(
      (await outboxSubjects(tutor.user.id)).filter((s) => s.startsWith("حسابك كمدرّس اتفعّل")),
    ).toHaveLength(1);
  });
});

describe("realtime tutor events", () => {
  it("pushes TutorUpdated to the tutor when an admin activates them", async () => {
    const admin = await createUserWithRole(Role.SuperAdmin);
    const tutor = await register(Role.Tutor);
    const socket = await TestSocket.userChannel(tutor);
    await callContract(onboardingContracts.update, {
      params: { id: tutor.user.id },
      token: admin.token,
      body: { activated: true },
    });
    expect(await socket.next("TutorUpdated")).toEqual({ tutorId: tutor.user.id });
    await closeAll(socket);
  });

  it("pushes TutorUpdated when the tutor changes their profile", async () => {
    const tutor = await register(Role.Tutor);
    const socket = await TestSocket.userChannel(tutor);
    await callContract(tutorContracts.updateProfile, { token: tutor.token, body: { notice: 120 } });
    expect(await socket.next("TutorUpdated")).toEqual({ tutorId: tutor.user.id });
    await closeAll(socket);
  });

  it("pushes TutorsCacheUpdated to staff when an admin flushes the cache", async () => {
    const admin = await createUserWithRole(Role.SuperAdmin);
    const staff = await TestSocket.open(`/parties/admin-channel/main?token=${admin.token}`);
    expect((await callContract(tutorContracts.flushCache, { token: admin.token })).status).toBe(204);
    expect(await staff.next("TutorsCacheUpdated")).toEqual({});
    staff.close();
    // The channel stays usable for the other tests of this file.
    await (env.ADMIN_CHANNEL as DurableObjectNamespace<AdminChannel>).getByName("main").stats();
  });
});

describe("bookings refresh the cached tutor list", () => {
  it("drops a tutor's free time from the list as soon as a lesson fills it, and shows it again on cancel", async () => {
    const tutor = await onboardedTutor({ name: "مدرس الحجز السريع" });
    const start = at(24 * 60);
    const end = new Date(Date.parse(start) + 15 * 60_000).toISOString();
    await createSlot(tutor.token, start, end);
    const nextFree = async () =>
      (
        (
          await call(
            "GET",
            "/api/v1/user/tutor/list/onboarded?size=100&name=" + encodeURIComponent("مدرس الحجز السريع"),
          )
        ).body.list as Array<{ id: number; nextFreeAt: string | null }>
      ).find((card) => card.id === tutor.user.id)?.nextFreeAt;
    expect(await nextFree()).toBe(start);
    const student = await createStudent();
    const booked = await callContract(lessonContracts.book, {
      token: student.token,
      body: { tutorId: tutor.user.id, start, duration: 15 },
    });
    expect(booked.status).toBe(201);
    expect(await nextFree()).toBeNull();
    expect(
      (await callContract(lessonContracts.cancel, { params: { id: booked.body.id }, token: student.token }))
        .status,
    ).toBeLessThan(300);
    expect(await nextFree()).toBe(start);
  });
});
