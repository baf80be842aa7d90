import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Gender } from "../../schema/enums";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { byGender } from "../../web/src/lib/plural";
import { baseUrl, expectNoAxeViolations, latestCode, screenshot } from "./browser";
import { api } from "./api";

const DEMO_PASSWORD = "Dars@2026";
const t = ar.liveSession;
const c = ar.chat;
const QUARTER = 15 * 60_000;
/** The room admits its members from 10 minutes before the start. */
const ROOM_OPENS_BEFORE = 10 * 60_000;
let browser: Browser;

type Auth = { token: string; user: { id: number; name: string | null } };

const signIn = async (email: string) =>
  (await api<Auth>("POST", "/auth/password", { email, password: DEMO_PASSWORD })).body;

/**
 * A new student with a paid plan of their own (bought by reference number through the local Fawry
 * sandbox), so this test never spends the seeded student's weekly minutes other tests rely on.
 */
async function subscribedStudent(): Promise<Auth> {
  const email = `e2e-lesson-${Date.now().toString(36)}@example.com`;
  const registered = await api<Auth>("POST", "/user/", {
    email,
    password: "Strong#Pass1",
    role: 4,
    name: "Lesson Student",
  });
  expect(registered.status).toBe(201);
  const { token } = registered.body;
  expect(
    (await api("POST", "/confirmation-code/email/confirm", { code: await latestCode(email) }, token)).status,
  ).toBe(200);
  const plans = await api<{ list: Array<{ id: number; weeklyMinutes: number }> }>(
    "GET",
    "/plan/list?size=100",
  );
  const biggest = [...plans.body.list].sort((a, b) => b.weeklyMinutes - a.weeklyMinutes)[0]!;
  const order = await api<{ referenceNumber: string }>(
    "POST",
    "/fawry/pay/ref-num",
    { planId: biggest.id, period: 0 },
    token,
  );
  expect(order.status).toBe(201);
  expect((await api("POST", `/dev/fawry/__emu/pay/${order.body.referenceNumber}`)).status).toBe(200);
  await expect
    .poll(
      async () =>
        (await api<{ remainingWeeklyMinutes?: number }>("GET", "/sub/user", undefined, token)).body
          ?.remainingWeeklyMinutes ?? 0,
    )
    .toBeGreaterThan(0);
  return registered.body;
}

/**
 * A 30-minute lesson of the student with the seeded tutor at the next quarter hour, waiting
 * first (up to 5 minutes) until that start is inside the room's 10-minute window.
 */
async function bookLessonStartingSoon(student: Auth, tutor: Auth): Promise<{ id: number; start: number }> {
  // More than the tutor's one-minute notice set below, or a start under a minute away is refused.
  const margin = 90_000;
  let start = Math.ceil((Date.now() + margin) / QUARTER) * QUARTER;
  const wait = start - ROOM_OPENS_BEFORE + 5_000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  start = Math.ceil((Date.now() + margin) / QUARTER) * QUARTER;
  // The tutor takes bookings a minute ahead, and has a slot then (it may already exist: 16:00–20:00 Cairo).
  expect((await api("PUT", "/user/tutor/profile", { notice: 1 }, tutor.token)).status).toBe(200);
  const slot = await api<{ code?: string }>(
    "POST",
    "/availability-slot/",
    {
      actions: [
        {
          type: "create",
          start: new Date(start).toISOString(),
          end: new Date(start + 2 * QUARTER).toISOString(),
          purpose: 1,
        },
      ],
    },
    tutor.token,
  );
  expect([200, 409]).toContain(slot.status);
  const lesson = await api<{ id: number }>(
    "POST",
    "/lesson/",
    { tutorId: tutor.user.id, start: new Date(start).toISOString(), duration: 30 },
    student.token,
  );
  expect(lesson.status, JSON.stringify(lesson.body)).toBe(201);
  return { id: lesson.body.id, start };
}

/** A new tutor's interview with the seeded manager at `start` (inside the room's window). */
async function bookInterview(manager: Auth, start: number): Promise<{ id: number; tutor: Auth }> {
  const slot = await api(
    "POST",
    "/availability-slot/",
    {
      actions: [
        {
          type: "create",
          start: new Date(start).toISOString(),
          end: new Date(start + 2 * QUARTER).toISOString(),
          purpose: 3,
        },
      ],
    },
    manager.token,
  );
  expect([200, 409]).toContain(slot.status);
  const email = `e2e-interview-${Date.now().toString(36)}@example.com`;
  const registered = await api<Auth>("POST", "/user/", {
    email,
    password: "Strong#Pass1",
    role: 3,
    name: "مدرس المقابلة",
  });
  expect(registered.status).toBe(201);
  const interview = await api<{ id: number }>(
    "POST",
    "/interview",
    { interviewerId: manager.user.id, start: new Date(start).toISOString() },
    registered.body.token,
  );
  expect(interview.status).toBe(201);
  return { id: interview.body.id, tutor: registered.body };
}

async function openAs(
  auth: Auth,
  path: string,
  viewport = { width: 1280, height: 900 },
  init?: () => void,
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale: "ar-EG",
    timezoneId: "Africa/Cairo",
    baseURL: baseUrl(),
    reducedMotion: "reduce",
  });
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem("dars.session.token", token!);
      localStorage.setItem("dars.session.user", user!);
    },
    [auth.token, JSON.stringify(auth.user)],
  );
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** The RTCPeerConnection's own state, as the call screen reports it. */
const peerState = (page: Page) => page.locator("[data-peer-state]").getAttribute("data-peer-state");

const remoteWidth = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLVideoElement>('video[data-role="remote"]')?.videoWidth ?? 0);

async function waitForRemoteVideo(page: Page) {
  await expect.poll(() => remoteWidth(page), { timeout: 20_000, interval: 250 }).toBeGreaterThan(0);
}

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  });
});
afterAll(async () => {
  await browser?.close();
});

describe("the lesson page, peer to peer (docs/rules.md, Live sessions)", () => {
  let lessonId = 0;
  let interview: { id: number; tutor: Auth } | null = null;
  let manager: Auth;
  let student: Auth;
  let tutor: Auth;

  it("student and tutor join a lesson and each sees the other's video", { timeout: 8 * 60_000 }, async () => {
    student = await subscribedStudent();
    tutor = await signIn("tutor@dars.test");
    const lesson = await bookLessonStartingSoon(student, tutor);
    lessonId = lesson.id;
    // An interview at the same time (booked now, while its start is still ahead), for the next test.
    manager = await signIn("manager@dars.test");
    interview = await bookInterview(manager, lesson.start);

    const studentPage = await openAs(student, `/lesson/${lessonId}`);
    await studentPage.locator('video[data-role="local"]').waitFor();
    // Checked once the room is open: the join button turns from disabled to enabled when it opens,
    // fading over 150 ms, and axe reading it half-way finds too little contrast.
    await expect.poll(() => studentPage.getByRole("button", { name: t.join }).isEnabled()).toBe(true);
    await expectNoAxeViolations(studentPage, "/lesson/{id} ready");
    await screenshot(studentPage, "lesson-ready");

    const tutorPage = await openAs(tutor, `/lesson/${lessonId}`, { width: 360, height: 740 });
    // The student sees the tutor arrive on the ready screen.
    // The demo tutor (emulators/seed.ts) is a man: the presence words follow his gender.
    await studentPage.getByText(byGender(ar.gendered.online, Gender.Male, tutor.user.name ?? "")).waitFor();
    await tutorPage.getByRole("button", { name: t.join }).click();
    await studentPage.getByText(t.presenceInCall(tutor.user.name ?? "")).waitFor();
    await studentPage.getByRole("button", { name: t.join }).click();

    await waitForRemoteVideo(studentPage);
    await waitForRemoteVideo(tutorPage);
    await expect.poll(() => peerState(studentPage)).toBe("connected");
    await expect.poll(() => peerState(tutorPage)).toBe("connected");
    // Peer to peer (no LiveKit configured): livekit-client, a chunk of its own, is never downloaded.
    const loaded = await studentPage.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => entry.name),
    );
    expect(loaded.some((url) => url.includes("/assets/live-room"))).toBe(true);
    expect(loaded.filter((url) => url.includes("livekit"))).toEqual([]);

    // The pair's chat beside the call: open on a laptop, a toggle away on a phone.
    const studentChat = studentPage.getByRole("complementary", { name: t.chatPanel });
    await studentChat.getByRole("button", { name: t.hideChat }).waitFor();
    await studentChat.getByLabel(c.composerLabel).fill("أهلًا يا أستاذ، هل تسمعني؟");
    await studentChat.getByRole("button", { name: c.send }).click();
    const tutorChat = tutorPage.getByRole("complementary", { name: t.chatPanel });
    await tutorChat.getByRole("button", { name: t.showChat }).click();
    await tutorChat.getByText("أهلًا يا أستاذ، هل تسمعني؟").waitFor();
    await screenshot(tutorPage, "lesson-chat-phone");
    await tutorChat.getByRole("button", { name: t.hideChat }).click();

    // Screen share: the tutor shares, the student is told and still sees video.
    await tutorPage.getByRole("button", { name: t.shareScreen }).click();
    await studentPage
      .getByText(byGender(ar.gendered.sharingScreen, Gender.Male, tutor.user.name ?? ""))
      .waitFor();
    await waitForRemoteVideo(studentPage);
    await tutorPage.getByRole("button", { name: t.stopSharing }).click();
    await studentPage
      .getByText(byGender(ar.gendered.sharingScreen, Gender.Male, tutor.user.name ?? ""))
      .waitFor({ state: "detached" });

    // The other side sees the microphone and camera go off.
    await studentPage.getByRole("button", { name: t.mute }).click();
    await studentPage.getByRole("button", { name: t.cameraOff }).click();
    await tutorPage.getByText(t.remoteMicOff(student.user.name ?? "")).waitFor();
    await tutorPage.getByText(t.remoteCameraOff(student.user.name ?? "")).waitFor();
    await screenshot(tutorPage, "lesson-call-phone");
    await studentPage.getByRole("button", { name: t.unmute }).click();
    await tutorPage.getByText(t.remoteMicOff(student.user.name ?? "")).waitFor({ state: "detached" });
    await studentPage.getByRole("button", { name: t.cameraOn }).click();
    await tutorPage.getByText(t.remoteCameraOff(student.user.name ?? "")).waitFor({ state: "detached" });

    // A reload of one side recovers the call.
    await studentPage.reload();
    await studentPage.getByRole("button", { name: t.join }).click();
    await waitForRemoteVideo(studentPage);
    await waitForRemoteVideo(tutorPage);
    await screenshot(studentPage, "lesson-call");

    await studentPage.getByRole("button", { name: t.leave }).click();
    await tutorPage.getByText(t.waitingForOther(student.user.name ?? "")).waitFor();

    // The attendance log has both members' joins, and the student's leave.
    const view = await api<{ attendance: { userId: number; event: number }[] }>(
      "GET",
      `/session/lesson:${lessonId}`,
      undefined,
      tutor.token,
    );
    const joined = new Set(
      view.body.attendance.filter((entry) => entry.event === 1).map((entry) => entry.userId),
    );
    expect(joined).toEqual(new Set([student.user.id, tutor.user.id]));
    expect(view.body.attendance.some((entry) => entry.event === 2 && entry.userId === student.user.id)).toBe(
      true,
    );
    await studentPage.context().close();
    await tutorPage.context().close();
  });

  it(
    "the tutor and the manager meet in the interview room; the decision form stays on the page",
    { timeout: 2 * 60_000 },
    async () => {
      if (!interview) throw new Error("the first test books the interview");
      const w = ar.liveSession.kinds.interview;
      const managerPage = await openAs(manager, `/interview/${interview.id}`);
      await managerPage.getByRole("heading", { level: 1, name: w.readyTitle }).waitFor();
      await managerPage.getByRole("heading", { name: ar.onboarding.decisionTitle }).waitFor();
      const tutorPage = await openAs(interview.tutor, `/interview/${interview.id}`, {
        width: 360,
        height: 740,
      });
      await tutorPage.getByRole("button", { name: w.join }).click();
      await managerPage.getByRole("button", { name: w.join }).click();
      await waitForRemoteVideo(managerPage);
      await waitForRemoteVideo(tutorPage);
      await expect.poll(() => peerState(managerPage)).toBe("connected");
      await managerPage.getByRole("heading", { level: 1, name: w.title }).waitFor();
      // The decision form is still there under the call.
      await managerPage.getByRole("heading", { name: ar.onboarding.decisionTitle }).waitFor();
      await screenshot(managerPage, "interview-call");
      await tutorPage.getByRole("button", { name: w.leave }).click();
      await managerPage.getByText(t.waitingForOther(interview.tutor.user.name ?? "")).waitFor();
      const view = await api<{ attendance: { userId: number; event: number }[] }>(
        "GET",
        `/session/interview:${interview.id}`,
        undefined,
        manager.token,
      );
      expect(
        new Set(view.body.attendance.filter((entry) => entry.event === 1).map((entry) => entry.userId)),
      ).toEqual(new Set([manager.user.id, interview.tutor.user.id]));
      await managerPage.context().close();
      await tutorPage.context().close();
    },
  );

  it("shows the Arabic message and the next step when the camera is not allowed", async () => {
    expect(lessonId).toBeGreaterThan(0);
    // A context that has not been granted the camera nor the microphone, in a browser whose
    // permission prompts are not auto-accepted (no --use-fake-ui-for-media-stream): Chromium refuses.
    const strict = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--use-fake-device-for-media-stream",
      ],
    });
    const context = await strict.newContext({
      viewport: { width: 1280, height: 900 },
      locale: "ar-EG",
      timezoneId: "Africa/Cairo",
      baseURL: baseUrl(),
      permissions: [],
    });
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem("dars.session.token", token!);
        localStorage.setItem("dars.session.user", user!);
      },
      [student.token, JSON.stringify(student.user)],
    );
    const page = await context.newPage();
    await page.goto(`/lesson/${lessonId}`);
    const message = t.deviceErrors["permission-denied"];
    await page.getByText(message.title).waitFor();
    await page.getByText(message.next).waitFor();
    await page.getByRole("button", { name: t.joinWithoutMedia }).waitFor();
    await expectNoAxeViolations(page, "/lesson/{id} permission denied");
    await screenshot(page, "lesson-permission-denied");
    await strict.close();
  });
});
