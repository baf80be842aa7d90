// The student's level and «تقدّمي» (docs/rules.md, "Learning after the lesson"): the tutor sets the
// level from an ended lesson's page, sees it beside the student on the upcoming lessons, and the
// student finds it with its Arabic meaning, the figures and the weekly chart on /progress. axe at
// 1280 and 360.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arProgress } from "../../web/src/i18n/ar-EG-learning-progress";
import { counts } from "../../web/src/i18n/ar-EG-counts";
import { countOf } from "../../web/src/lib/plural";
import { pairWithLessons } from "./pair";
import { expectNoAxeViolations, field, launch, newPage, screenshot, signIn } from "./browser";

// A demo tutor no other browser test uses (its lock: vitest.e2e.config.ts).
const TUTOR_EMAIL = "tutor10@dars.test";
const REASON = "بيتكلم عن يومه بجمل كاملة";
const viewports = [
  { width: 1280, height: 900 },
  { width: 360, height: 800 },
];
const t = arProgress;

let browser: Browser;
let student: { email: string; token: string };
/** The pair's lesson two days ago, and their next one in 20 hours. */
let past = 0;
let next = 0;

beforeAll(async () => {
  browser = await launch();
  const pair = await pairWithLessons(TUTOR_EMAIL, "progress", "طالبة التقدّم", [-2 * 24 * 60, 20 * 60]);
  ({ student } = pair);
  [past = 0, next = 0] = pair.lessons;
});

afterAll(async () => {
  await browser?.close();
});

async function open(page: Page, email: string, path: string) {
  await signIn(page, email, "/upcoming-lessons");
  await page.goto(path);
}

describe("the student's level and «تقدّمي»", () => {
  it("lets the tutor set the level from the ended lesson's page and shows it beside the student (1280 and 360)", async () => {
    const page = await newPage(browser, viewports[0]);
    await open(page, TUTOR_EMAIL, `/lesson/${past}`);
    const card = page.locator("[data-lesson-level]");
    await card.getByText(t.level.none).waitFor();
    await card.getByRole("button", { name: t.level.set }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("radio", { name: new RegExp(`B1 — ${t.level.names.B1}`) }).check();
    await field(dialog, t.level.reason).fill(REASON);
    await expectNoAxeViolations(page, "level dialog, 1280");
    await screenshot(page, "level-dialog-1280");
    await dialog.getByRole("button", { name: t.level.save }).click();
    await page.getByText(t.level.saved).first().waitFor();
    await card.locator('[data-level="B1"]').waitFor();
    await card.getByRole("button", { name: t.level.change }).waitFor();
    await expectNoAxeViolations(page, "ended lesson with the level, 1280");
    await screenshot(page, "lesson-level-1280");

    await page.goto("/upcoming-lessons");
    await page.locator(`[data-lesson="${next}"] [data-level="B1"]`).waitFor();
    await screenshot(page, "upcoming-lessons-level-1280");
    await page.context().close();

    const phone = await newPage(browser, viewports[1]);
    await open(phone, TUTOR_EMAIL, `/lesson/${past}`);
    await phone.locator('[data-lesson-level] [data-level="B1"]').waitFor();
    await phone.getByRole("button", { name: t.level.change }).click();
    await phone.getByRole("dialog").waitFor();
    await expectNoAxeViolations(phone, "level dialog, 360");
    await screenshot(phone, "level-dialog-360");
    await phone.getByRole("dialog").getByRole("button", { name: t.level.cancel }).click();
    await phone.goto("/upcoming-lessons");
    await phone.locator(`[data-lesson="${next}"] [data-level="B1"]`).waitFor();
    await expectNoAxeViolations(phone, "upcoming lessons with the level, 360");
    await phone.context().close();
  });

  it("shows the student their level with its meaning, the figures and the weekly chart on /progress (1280 and 360)", async () => {
    for (const viewport of viewports) {
      const page = await newPage(browser, viewport);
      await open(page, student.email, "/progress");
      await page.getByRole("heading", { level: 1, name: t.progress.title }).waitFor();
      const level = page.locator("[data-progress-level]");
      await level.locator('[data-level="B1"]').waitFor();
      await level.getByText(t.level.meanings.B1).waitFor();
      await page.getByText(REASON).waitFor();
      expect(await page.locator('[data-figure="lessons"] dd').textContent()).toBe(countOf(counts.lessons, 1));
      // The chart: twelve bars drawn right to left, and the same weeks as a table for screen readers.
      expect(await page.locator("[data-chart] rect").count()).toBe(12);
      expect(await page.getByRole("table", { name: t.progress.chartTitle }).locator("tbody tr").count()).toBe(
        12,
      );
      await expectNoAxeViolations(page, `progress, ${viewport.width}`);
      await screenshot(page, `progress-${viewport.width}`);
      await page.context().close();
    }
  });

  it("is in the student's account menu", async () => {
    const page = await newPage(browser, viewports[0]);
    await open(page, student.email, "/s/dashboard");
    await page.getByRole("button", { name: /حسابي/ }).first().click();
    await page.getByRole("menuitem", { name: t.progress.title }).click();
    await page.waitForURL((url) => url.pathname === "/progress");
    await page.context().close();
  });
});
