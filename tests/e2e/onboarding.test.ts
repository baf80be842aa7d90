import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { ar, errorMessage, governorateNames } from "../../web/src/i18n/ar-EG-all";
import { Governorate, Role } from "@schema/enums";
import { arManager } from "../../web/src/i18n/ar-EG-manager";
import {
  baseUrl,
  expectNoAxeViolations,
  latestCode,
  launch,
  newPage,
  screenshot,
  DEMO_PASSWORD,
  field,
  escapeRegExp,
} from "./browser";
import { api } from "./api";
import { solidPng, vp8KeyFrame, webmWithDuration } from "./media";

/**
 * The onboarding of docs/rules.md (Tutors) end to end: a new tutor registers, completes the profile, uploads an intro video and
 * books an interview; the tutor manager approves the video and passes the interview; the demo
 * session is booked and passed; a studio uploads the photo, video and thumbnail; the activated
 * tutor publishes a slot and is listed in /tutors and on /t/{id}.
 *
 * Seeded through the API (as the staff users themselves, nothing the UI could not do): the
 * manager's interview and demo availability (the seed gives manager@dars.test none), the
 * tutor's email code (read from the local outbox). Decisions do not wait for the meeting time:
 * docs/rules.md lets the manager decide a pending interview or demo at any time.
 */

const HOUR = 60 * 60_000;
const t = ar.onboarding;
const s = ar.studio;

type Auth = { token: string; user: { id: number; name: string | null } };

const signIn = async (email: string) =>
  (await api<Auth>("POST", "/auth/password", { email, password: DEMO_PASSWORD })).body;

/** A signed-in page for a staff user, with the session put where the SPA keeps it. */
async function openAs(
  browser: Browser,
  auth: Auth,
  path: string,
  viewport = { width: 1280, height: 900 },
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
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

const stepCard = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(`${title}$`) }) });

/** Arabic letters only (tutor names are Arabic), different on every run so the list search finds this tutor. */
function uniqueArabicName(): string {
  const letters = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي";
  let suffix = "";
  for (let n = Date.now(); suffix.length < 5; n = Math.floor(n / letters.length))
    suffix += letters[n % letters.length];
  return `ريم ${suffix}`;
}

/** The file input of one of the studio's three media ("choose", or "replace" once there is one). */
const mediaInput = (page: Page, kind: "image" | "video" | "thumbnail") =>
  page.getByLabel(
    new RegExp(`^(${escapeRegExp(ar.studio.choose[kind])}|${escapeRegExp(ar.studio.replace[kind])})$`),
  );

async function idFromLink(link: Locator): Promise<number> {
  const href = (await link.getAttribute("href")) ?? "";
  const id = Number(href.split("/").pop());
  expect(id).toBeGreaterThan(0);
  return id;
}

let browser: Browser;
/** The tutor the first test took through the photo session (for the 360 px screenshots). */
let photographedTutorId = 0;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("a tutor's onboarding, from registration to the public list (docs/rules.md, Tutors)", () => {
  it(
    "registers, is vetted, photographed, activated, publishes a slot and is listed",
    { timeout: 5 * 60_000 },
    async () => {
      const name = uniqueArabicName();
      const email = `e2e-onboarding-${Date.now().toString(36)}@example.com`;
      const phone = `010${String(Date.now()).slice(-8)}`;
      const manager = await signIn("manager@dars.test");
      const studio = await signIn("studio@dars.test");

      // The manager's interview and demo-session availability, tomorrow (purposes 3 and 4).
      const base = Math.ceil((Date.now() + 24 * HOUR) / HOUR) * HOUR;
      for (const [offset, purpose] of [
        [0, 3],
        [2, 4],
      ] as const) {
        const start = new Date(base + offset * HOUR).toISOString();
        const end = new Date(base + (offset + 2) * HOUR).toISOString();
        const created = await api(
          "POST",
          "/availability-slot/",
          { actions: [{ type: "create", start, end, purpose }] },
          manager.token,
        );
        expect([200, 409]).toContain(created.status);
      }

      // 1. Registration, then the dashboard sends the new tutor to /t/complete-profile.
      const page = await newPage(browser);
      onTestFailed(async () => {
        for (const open of browser.contexts().flatMap((context) => context.pages()))
          await screenshot(open, `onboarding-failure-${open.url().split("/").slice(3).join("-")}`);
      });
      await page.goto("/register/tutor");
      await field(page, ar.fields.name).fill(name);
      await field(page, ar.fields.email).fill(email);
      await field(page, ar.fields.password).fill("Strong#Pass1");
      await field(page, ar.fields.confirmPassword).fill("Strong#Pass1");
      await page.getByRole("button", { name: ar.register.submit }).click();
      await page.waitForURL(/\/t\/dashboard/);
      await page.getByRole("link", { name: ar.dashboard.completeProfileAction }).click();
      await page.waitForURL(/\/t\/complete-profile/);
      await page.getByRole("heading", { level: 1, name: ar.tutorComplete.title }).waitFor();
      await expectNoAxeViolations(page, "/t/complete-profile");

      // A Latin bio gets its code on the field before anything is sent.
      await field(page, ar.tutorProfile.bio).fill("English tutor for conversation and grammar");
      await page.getByRole("button", { name: ar.tutorComplete.submit }).click();
      await page.getByText(errorMessage("invalid-bio")).first().waitFor();
      await screenshot(page, "tutor-complete-profile-errors");
      await expectNoAxeViolations(page, "/t/complete-profile (errors)");

      await field(page, ar.tutorProfile.name).fill(name);
      await field(page, ar.tutorProfile.bio).fill("مدرّسة إنجليزي للمحادثة والقواعد للكبار");
      await field(page, ar.tutorProfile.about).fill(
        "أدرّس اللغة الإنجليزية منذ عشر سنوات، وأركّز على المحادثة اليومية والنطق السليم والثقة في الكلام",
      );
      await page.getByRole("radio", { name: ar.genders.female }).check();
      await field(page, ar.fields.birthYear).fill("1994");
      await field(page, ar.fields.city).selectOption({ label: governorateNames[Governorate.Giza] });
      await field(page, ar.fields.phone).fill(phone);
      await page.getByRole("radio", { name: ar.messagingApps[1] }).check();
      await page.getByRole("button", { name: ar.tutorComplete.submit }).click();
      const phoneDialog = page.getByRole("dialog", { name: ar.verification.phoneDialogTitle });
      await field(phoneDialog, ar.fields.code).fill(await latestCode(phone));
      await phoneDialog.getByRole("button", { name: ar.verification.confirm }).click();
      await page.waitForURL(/\/t\/onboarding/);

      // The email code from the local outbox (the dashboard's dialog does the same in the UI).
      const token = (await page.evaluate(() => localStorage.getItem("dars.session.token")))!;
      expect(
        (await api("POST", "/confirmation-code/email/confirm", { code: await latestCode(email) }, token))
          .status,
      ).toBe(200);
      const me = await api<{ id: number; verifiedPhone: boolean; phone: string }>(
        "GET",
        "/user/current",
        undefined,
        token,
      );
      expect(me.body).toMatchObject({ verifiedPhone: true, phone });
      const tutorId = me.body.id;

      // 2. Onboarding: support group, intro video (a generated 61-second WebM), interview booking.
      await page.getByRole("heading", { level: 1, name: t.title }).waitFor();
      await expectNoAxeViolations(page, "/t/onboarding");
      await stepCard(page, t.steps.supportGroup).getByRole("button", { name: t.joined }).click();
      await stepCard(page, t.steps.supportGroup).getByText(t.joinedDone).waitFor();

      const keyFrame = await vp8KeyFrame(page);
      const video = webmWithDuration(61, keyFrame);
      const videoStep = stepCard(page, t.steps.introVideo);
      // First on a slow uplink: the progress bar shows, and stopping aborts the multipart upload.
      const network = await page.context().newCDPSession(page);
      await network.send("Network.enable");
      await network.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 64 * 1024,
      });
      await videoStep.locator('input[type="file"]').setInputFiles({
        name: "intro.webm",
        mimeType: "video/webm",
        buffer: webmWithDuration(61, keyFrame, { padding: 2 * 1024 * 1024 }),
      });
      await videoStep.getByRole("button", { name: t.uploadVideo }).click();
      const progress = videoStep.getByRole("progressbar", { name: t.uploadingVideo });
      await expect
        .poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await screenshot(page, "tutor-onboarding-uploading");
      await videoStep.getByRole("button", { name: t.stopUpload }).click();
      await page.getByText(t.uploadStopped).first().waitFor();
      await network.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const videos = await api<{ total: number }>("GET", "/intro-video/list", undefined, token);
      expect(videos.body.total).toBe(0);
      // Then the real upload.
      await videoStep
        .locator('input[type="file"]')
        .setInputFiles({ name: "intro.webm", mimeType: "video/webm", buffer: video });
      await videoStep.getByRole("button", { name: t.uploadVideo }).click();
      await videoStep.getByText(t.videoPending).waitFor();

      const interviewStep = stepCard(page, t.steps.interview);
      await interviewStep.locator("label:has(input[type=radio])").first().click();
      await interviewStep.getByRole("button", { name: t.book }).click();
      const interviewId = await idFromLink(interviewStep.getByRole("link", { name: t.openDetails }));
      await screenshot(page, "tutor-onboarding-booked");

      // 3. The tutor manager approves the video and passes the interview.
      const managerPage = await openAs(browser, manager, "/interviews");
      await managerPage.getByRole("tab", { name: t.myVideos }).click();
      const review = managerPage
        .getByRole("listitem")
        .filter({ has: managerPage.getByRole("heading", { name }) });
      await review.getByRole("button", { name: t.approve }).click();
      await managerPage.getByText(t.reviewed).first().waitFor();

      async function decide(path: string, withLevel: boolean) {
        await managerPage.goto(path);
        await managerPage.getByRole("radio", { name: t.pass }).check();
        if (withLevel) await field(managerPage, t.level).selectOption("4");
        await field(managerPage, t.feedbackLabel).fill("أداء ممتاز ونطق واضح");
        await managerPage.getByRole("button", { name: t.saveDecision }).click();
        await managerPage.getByText(t.decided).first().waitFor();
      }
      await decide(`/interview/${interviewId}`, true);

      // 4. The demo session, open now that the video is approved, booked and passed. The tutor's
      // page follows each decision live (TutorUpdated on the user channel), without a reload.
      await stepCard(page, t.steps.interview).getByText(t.interviewPassed).waitFor();
      const demoStep = stepCard(page, t.steps.demoSession);
      await demoStep.locator("label:has(input[type=radio])").first().click();
      await demoStep.getByRole("button", { name: t.book }).click();
      const demoId = await idFromLink(demoStep.getByRole("link", { name: t.openDetails }));
      await decide(`/demo-session/${demoId}`, false);
      await managerPage.context().close();

      // 5. The photo session: the tutor asks the studio, which uploads the three media and finishes.
      await page.getByRole("heading", { name: t.activatedTitle }).waitFor();
      const photoStep = stepCard(page, t.steps.photoSession);
      await field(photoStep, s.chooseStudio).selectOption({ label: "استوديو درس" });
      await photoStep.getByRole("button", { name: s.request }).click();
      await photoStep.getByText(s.waitingStudio).waitFor();
      await screenshot(page, "tutor-onboarding-photo-requested");
      await expectNoAxeViolations(page, "/t/onboarding (activated, photo session requested)");

      const studioPage = await openAs(browser, studio, "/photo-sessions");
      await studioPage.getByRole("heading", { level: 1, name: s.listTitle }).waitFor();
      const sessionLink = studioPage.getByRole("link", { name: new RegExp(name) });
      await sessionLink.waitFor();
      await expectNoAxeViolations(studioPage, "/photo-sessions");
      await screenshot(studioPage, "studio-photo-sessions");
      await sessionLink.click();
      await studioPage.waitForURL(new RegExp(`/photo-session/${tutorId}$`));

      // A wrong type is refused in the browser, with nothing sent.
      await mediaInput(studioPage, "image").setInputFiles({
        name: "photo.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("not a photo"),
      });
      await studioPage.getByText(s.fileErrors.image["asset-type"]).waitFor();

      // The appointment, then the uploads.
      const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Cairo" }).format(
        new Date(Date.now() + 24 * HOUR),
      );
      await field(studioPage, s.day).fill(tomorrow);
      await field(studioPage, s.time).selectOption({ index: 8 });
      await studioPage.getByRole("button", { name: s.saveAppointment }).click();
      await studioPage.getByText(s.appointmentSaved).first().waitFor();
      await mediaInput(studioPage, "image").setInputFiles({
        name: "photo.png",
        mimeType: "image/png",
        buffer: solidPng(480, 480, [14, 116, 144]),
      });
      await studioPage.getByRole("img", { name: s.previewAlt.image }).waitFor();
      await mediaInput(studioPage, "video").setInputFiles({
        name: "video.webm",
        mimeType: "video/webm",
        buffer: video,
      });
      await studioPage.getByText(s.uploaded.video).first().waitFor();
      await mediaInput(studioPage, "thumbnail").setInputFiles({
        name: "thumb.png",
        mimeType: "image/png",
        buffer: solidPng(320, 180, [250, 204, 21]),
      });
      await studioPage.getByRole("img", { name: s.previewAlt.thumbnail }).waitFor();
      await expectNoAxeViolations(studioPage, "/photo-session/{tutorId}");
      await screenshot(studioPage, "studio-photo-session");
      await studioPage.getByRole("button", { name: s.finish }).click();
      await studioPage.getByText(s.doneNotice).waitFor();
      photographedTutorId = tutorId;

      // The studio's tutors tab finds the tutor by name.
      await studioPage.goto("/photo-sessions");
      await studioPage.getByRole("tab", { name: s.tutorsTab }).click();
      await field(studioPage, s.searchTutor).fill(name);
      await studioPage.getByRole("button", { name: s.search }).click();
      await studioPage
        .getByRole("list", { name: s.tutorsTab })
        .getByRole("link", { name: new RegExp(name) })
        .waitFor();
      await expectNoAxeViolations(studioPage, "/photo-sessions (tutors)");
      await studioPage.context().close();

      await stepCard(page, t.steps.photoSession).getByText(t.photoDone).waitFor();
      await screenshot(page, "tutor-onboarding-done");

      // 6. The activated tutor publishes a slot next week, and is listed.
      await page.goto("/schedule-management");
      await page.getByRole("grid", { name: ar.schedule.calendarLabel }).waitFor();
      await page.getByRole("button", { name: ar.schedule.nextWeek }).click();
      await page.getByRole("button", { name: ar.schedule.addSlot }).click();
      const dialog = page.getByRole("dialog", { name: ar.schedule.addSlot });
      await dialog.getByLabel(ar.schedule.day, { exact: true }).selectOption({ index: 2 });
      await dialog.getByLabel(ar.schedule.start, { exact: true }).selectOption(String(9 * 60));
      await dialog.getByLabel(ar.schedule.end, { exact: true }).selectOption(String(11 * 60));
      await dialog.getByLabel(ar.schedule.purpose, { exact: true }).selectOption("1");
      await dialog.getByRole("button", { name: ar.schedule.apply }).click();
      await page.getByRole("button", { name: ar.schedule.saveChanges }).click();
      await page.getByText(ar.schedule.saved).first().waitFor();

      await page.goto(`/tutors?name=${encodeURIComponent(name)}`);
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
      await card.waitFor();
      await card.getByRole("button", { name: ar.tutorVideo.play(name) }).click();
      const player = page.getByRole("dialog", { name: ar.tutorVideo.dialogTitle(name) });
      expect(await player.locator("video").getAttribute("src")).toMatch(/^\/api\/v1\/assets\/uploads\//);
      await screenshot(page, "tutors-video-dialog");
      await player.getByRole("button", { name: ar.ui.close }).click();
      await screenshot(page, "tutors-new-tutor");
      await expectNoAxeViolations(page, "/tutors (new tutor)");

      await card.getByRole("link", { name: `${ar.marketplace.tutors.profileOf} ${name}` }).click();
      await page.waitForURL(new RegExp(`/t/${tutorId}`));
      await page.getByRole("heading", { level: 1, name }).waitFor();
      await page.getByText("مدرّسة إنجليزي للمحادثة والقواعد للكبار").first().waitFor();
      expect(await page.locator("video").getAttribute("preload")).toBe("none");
      await screenshot(page, "tutor-public-profile");
      await page.context().close();
    },
  );

  it("lays the new screens out at 360 px in RTL", async () => {
    const tutor = await signIn("tutor@dars.test");
    const studio = await signIn("studio@dars.test");
    const screens: Array<[Auth, string, string, (page: Page) => Locator]> = [
      [
        tutor,
        "/t/complete-profile",
        "tutor-complete-profile-360",
        (page) => page.getByRole("button", { name: ar.tutorComplete.submit }),
      ],
      [
        tutor,
        "/t/onboarding",
        "tutor-onboarding-360",
        (page) => page.getByRole("list", { name: t.stepsLabel }),
      ],
      [
        studio,
        "/photo-sessions",
        "studio-photo-sessions-360",
        (page) =>
          page
            .getByRole("radiogroup")
            .or(page.getByText(s.empty))
            .or(page.getByRole("list", { name: s.sessionsTab }))
            .first(),
      ],
    ];
    // Seeded tutors have the demo media, so their cards carry the video button.
    screens.push([
      tutor,
      "/tutors",
      "tutors-cards-360",
      (page) =>
        page.getByRole("button", { name: new RegExp(`^${escapeRegExp(ar.tutorVideo.play(""))}`) }).first(),
    ]);
    if (photographedTutorId > 0)
      screens.push([
        studio,
        `/photo-session/${photographedTutorId}`,
        "studio-photo-session-360",
        (page) => page.getByRole("heading", { name: s.mediaTitle }),
      ]);
    for (const [auth, path, name, ready] of screens) {
      const page = await openAs(browser, auth, path, { width: 360, height: 740 });
      await ready(page).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, name);
      await page.context().close();
    }
  });
});

describe("staff screens of the onboarding (the manager's home, a studio's cancelled session)", () => {
  it("a tutor manager lands on their home, and a studio opens a cancelled photo session, both axe-clean at 1280 and 360 px", async () => {
    const home = arManager.home;
    // The tutor manager signs in and lands on their home: decisions and today's, not tutor earnings.
    const page = await newPage(browser);
    onTestFailed(async () => {
      for (const open of browser.contexts().flatMap((context) => context.pages()))
        await screenshot(open, `staff-screens-failure-${open.url().split("/").slice(3).join("-")}`);
    });
    await page.goto("/login");
    await field(page, ar.fields.email).fill("manager@dars.test");
    await field(page, ar.fields.password).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: ar.login.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/t/dashboard");
    await page.getByRole("heading", { level: 1, name: home.title }).waitFor();
    await page.getByRole("heading", { name: home.toDecide }).waitFor();
    await page.getByRole("heading", { name: home.today }).waitFor();
    await expectNoAxeViolations(page, "/t/dashboard (tutor manager)");
    await screenshot(page, "manager-home-1280");
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoAxeViolations(page, "/t/dashboard (tutor manager, 360 px)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "manager-home-360");
    await page.context().close();

    // A new tutor asks the studio for a session, then cancels it; the studio opens it all the same.
    const studio = await signIn("studio@dars.test");
    const email = `e2e-photo-cancel-${Date.now().toString(36)}@example.com`;
    const registered = await api<Auth>("POST", "/user/", {
      email,
      password: "Strong#Pass1",
      role: Role.Tutor,
      name: uniqueArabicName(),
    });
    expect(registered.status).toBe(201);
    const tutor = registered.body;
    const booked = await api<{ id: number }>(
      "POST",
      "/photo-session",
      { studioId: studio.user.id },
      tutor.token,
    );
    expect(booked.status).toBe(201);
    const canceled = await api(
      "PATCH",
      `/photo-session/${booked.body.id}`,
      { status: "canceled" },
      tutor.token,
    );
    expect(canceled.status).toBe(200);
    for (const [viewport, name] of [
      [{ width: 1280, height: 900 }, "studio-canceled-session-1280"],
      [{ width: 360, height: 800 }, "studio-canceled-session-360"],
    ] as const) {
      const studioPage = await openAs(browser, studio, `/photo-session/${tutor.user.id}`, viewport);
      await studioPage.getByRole("heading", { name: s.sessionTitle }).waitFor();
      await studioPage.getByText(s.statuses.canceled, { exact: true }).first().waitFor();
      await studioPage.getByText(s.canceledNotice).waitFor();
      expect(await studioPage.getByText(s.tutorNotFound).count()).toBe(0);
      await expectNoAxeViolations(studioPage, `/photo-session/{id} (cancelled, ${viewport.width} px)`);
      await screenshot(studioPage, name);
      await studioPage.context().close();
    }
  });
});
