// An intro video upload on a bad network (web/src/features/onboarding/upload.ts,
// worker/domain/media/multipart.ts): one part's connection drops and the part is sent again; then
// every try of a part fails, the page is reloaded halfway, the same file is chosen again and the
// upload resumes from the parts the Worker already stored, sending none of them twice.
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "@schema/enums";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { api } from "./api";
import { expectNoAxeViolations, field, launch, newPage, screenshot } from "./browser";
import { vp8KeyFrame, webmWithDuration } from "./media";

const t = ar.onboarding;
const MB = 1024 * 1024;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function newTutor(page: Page): Promise<string> {
  const email = `e2e-resume-${Date.now().toString(36)}@example.com`;
  const password = "Strong#Pass1";
  const registered = await api<{ token: string }>("POST", "/user/", {
    email,
    password,
    role: Role.Tutor,
    name: "مدرّس الرفع",
  });
  expect(registered.status).toBe(201);
  await page.goto("/login?next=%2Ft%2Fonboarding");
  await field(page, ar.fields.email).fill(email);
  await field(page, ar.fields.password).fill(password);
  await page.getByRole("button", { name: ar.login.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/t/onboarding");
  return registered.body.token;
}

const videoStep = (page: Page) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`${t.steps.introVideo}$`) }) });

/** Counts the PUTs of each part and lets `decide` drop some of them. */
async function watchParts(page: Page, decide: (partNumber: number, attempt: number) => "drop" | "pass") {
  const tries = new Map<number, number>();
  await page.route(/\/api\/v1\/intro-video\/upload\/part\?/, async (route: Route) => {
    const partNumber = Number(new URL(route.request().url()).searchParams.get("partNumber"));
    const attempt = (tries.get(partNumber) ?? 0) + 1;
    tries.set(partNumber, attempt);
    if (decide(partNumber, attempt) === "drop") await route.abort("connectionreset");
    else await route.continue();
  });
  return tries;
}

describe("an intro video upload that survives a bad network", () => {
  it("sends a dropped part again, then resumes after a reload from the parts already stored", async () => {
    const page = await newPage(browser);
    try {
      const token = await newTutor(page);
      const keyFrame = await vp8KeyFrame(page);
      // Three parts of 10 MB, 10 MB and a little.
      const video = webmWithDuration(61, keyFrame, { padding: 21 * MB });
      const step = videoStep(page);
      await step
        .locator('input[type="file"]')
        .setInputFiles({ name: "intro.webm", mimeType: "video/webm", buffer: video });

      // Part 2 never goes through: each of its tries is dropped, so the upload stops, kept.
      const tries = await watchParts(page, (partNumber) => (partNumber === 2 ? "drop" : "pass"));
      await step.getByRole("button", { name: t.uploadVideo }).click();
      await step.getByText(t.retrying("١", "٣")).waitFor();
      await screenshot(page, "intro-video-retrying");
      await step.getByText(t.uploadBroke).waitFor({ timeout: 30_000 });
      expect(Object.fromEntries(tries)).toEqual({ 1: 1, 2: 4 });
      await expectNoAxeViolations(page, "/t/onboarding (upload stopped by the network)");
      await screenshot(page, "intro-video-upload-broke");

      // The page reloads halfway: it says an upload is unfinished; the same file resumes it.
      await page.unroute(/\/api\/v1\/intro-video\/upload\/part\?/);
      await page.reload();
      await step.getByText(t.unfinishedUpload).waitFor();
      await screenshot(page, "intro-video-unfinished");
      // This time part 2's first try drops and its second goes through.
      const resumed = await watchParts(page, (partNumber, attempt) =>
        partNumber === 2 && attempt === 1 ? "drop" : "pass",
      );
      await step
        .locator('input[type="file"]')
        .setInputFiles({ name: "intro.webm", mimeType: "video/webm", buffer: video });
      await step.getByRole("button", { name: t.resumeUpload }).click();
      await step.getByText(t.videoPending).waitFor({ timeout: 60_000 });
      // Part 1 was stored before the reload and is not sent again.
      expect(Object.fromEntries(resumed)).toEqual({ 2: 2, 3: 1 });
      const videos = await api<{ total: number; list: Array<{ size: number }> }>(
        "GET",
        "/intro-video/list",
        undefined,
        token,
      );
      expect(videos.body.total).toBe(1);
      expect(videos.body.list[0]?.size).toBe(video.byteLength);
    } finally {
      await page.context().close();
    }
    // Two 21 MB uploads with part retries and their backoff: its own waits allow 30 s and 60 s.
  }, 180_000);

  it("shows the unfinished upload on a phone, and «ابدأ من الأول» drops it", async () => {
    const page = await newPage(browser, { width: 360, height: 780 });
    try {
      await newTutor(page);
      const keyFrame = await vp8KeyFrame(page);
      const video = webmWithDuration(61, keyFrame, { padding: 12 * MB });
      const step = videoStep(page);
      await watchParts(page, (partNumber) => (partNumber === 2 ? "drop" : "pass"));
      await step
        .locator('input[type="file"]')
        .setInputFiles({ name: "intro.webm", mimeType: "video/webm", buffer: video });
      await step.getByRole("button", { name: t.uploadVideo }).click();
      await step.getByText(t.uploadBroke).waitFor({ timeout: 30_000 });
      await page.reload();
      await step.getByText(t.unfinishedUpload).waitFor();
      await expectNoAxeViolations(page, "/t/onboarding (unfinished upload, 360 px)");
      await screenshot(page, "intro-video-unfinished-360");
      await step.getByRole("button", { name: t.dropUnfinished }).click();
      await expect.poll(() => step.getByText(t.unfinishedUpload).count()).toBe(0);
      await page.reload();
      await step.getByRole("button", { name: t.uploadVideo }).waitFor();
      expect(await step.getByText(t.unfinishedUpload).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
