import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAIRO, dayOf, weekdayOf } from "../../schema/calendar";
import { DAY_MS } from "../../schema/time";
import { ar } from "../../web/src/i18n/ar-EG-all";
import {
  baseUrl,
  bookOnTutorPage,
  expectNoAxeViolations,
  launch,
  newPage,
  screenshot,
  DEMO_PASSWORD,
  signIn,
  userIdOf,
} from "./browser";

const b = ar.marketplace.booking;
const l = ar.marketplace.lessons;
const s = ar.lessonsSchedule;
const cairoDay = (at: number) => dayOf(at, CAIRO);
const formatTimeInCairo = (iso: string) =>
  new Intl.DateTimeFormat("ar-EG", { timeStyle: "short", timeZone: "Africa/Cairo" }).format(new Date(iso));
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The student dashboard's «minutes left this week», as a number. */
async function minutesLeftOnDashboard(page: Page): Promise<number> {
  await page.goto("/s/dashboard");
  const value = page
    .locator("dt", { hasText: ar.stats.minutesLeftThisWeek })
    .locator("xpath=following-sibling::dd[1]/span[1]");
  await expect.poll(async () => ((await value.textContent()) ?? "…").trim()).not.toBe("…");
  const text = (await value.textContent()) ?? "";
  return Number(text.replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660)).replace(/\D/g, ""));
}

/** The lesson's block in the week grid, moving to the next week when it falls there. */
async function lessonBlock(page: Page, lessonId: number) {
  const block = page.locator(`[role="grid"] [data-lesson="${lessonId}"]`);
  await page.getByRole("grid", { name: ar.lessonsSchedule.calendarLabel }).waitFor();
  if ((await block.count()) === 0) {
    await page.getByRole("button", { name: new RegExp(ar.schedule.nextWeek) }).click();
  }
  await block.waitFor();
  return block;
}

let studentToken: Promise<string> | null = null;

/** The demo student's bearer token for API calls (signed in once: sign-in is rate limited). */
function studentApiToken(): Promise<string> {
  studentToken ??= fetch(`${baseUrl()}/api/v1/auth/password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "student@dars.test", password: DEMO_PASSWORD }),
  }).then(async (auth) => ((await auth.json()) as { token: string }).token);
  return studentToken;
}

/** The lesson's stored start, through the API as the student. */
async function lessonStart(lessonId: number): Promise<string> {
  const token = await studentApiToken();
  const response = await fetch(`${baseUrl()}/api/v1/lesson/${lessonId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { start: string }).start;
}

describe("booking a lesson (docs/rules.md, Lessons)", () => {
  it("has no axe violations on /tutors and /plans for a visitor", async () => {
    const page = await newPage(browser);
    await page.goto("/tutors");
    await page.locator("ul li").first().waitFor();
    await expectNoAxeViolations(page, "/tutors");
    await screenshot(page, "tutors");
    await page.goto("/plans");
    await page.getByRole("link", { name: /اشترك/ }).first().waitFor();
    await expectNoAxeViolations(page, "/plans");
    await screenshot(page, "plans");
    await page.context().close();
  });

  it("a subscribed student books a 30-minute lesson, sees it in upcoming lessons and the calendar, reschedules it, cancels it and gets the minutes back", async () => {
    const tutorId = await userIdOf("tutor@dars.test");
    const page = await newPage(browser);
    // Signed out, booking leads to sign-in and back.
    await page.goto(`/t/${tutorId}`);
    await page.getByRole("link", { name: b.signInToBook }).click();
    await page.waitForURL(/\/login\?next=/);
    await signIn(page, "student@dars.test", `/t/${tutorId}`);
    const minutesBefore = await minutesLeftOnDashboard(page);
    expect(minutesBefore).toBeGreaterThanOrEqual(30);

    await page.goto(`/t/${tutorId}`);
    await page.locator("[data-day]").first().waitFor();
    await expectNoAxeViolations(page, "/t/{id}");
    await screenshot(page, "tutor-profile");

    // The day after tomorrow (Cairo): inside this subscription week (the seed subscribed today)
    // and well outside the 6-hour cancel window; the seeded tutor is free 16:00–20:00 every day.
    const day = cairoDay(Date.now() + 2 * DAY_MS);
    await bookOnTutorPage(page, day, async () => {
      await page.getByText(b.minutesLeft).waitFor();
      await screenshot(page, "booking-confirm");
    });

    const lesson = page.locator("[data-lesson]").first();
    await lesson.waitFor();
    expect(await lesson.textContent()).toContain(ar.marketplace.booking.minutes("٣٠"));
    const lessonId = Number(await lesson.getAttribute("data-lesson"));
    await expectNoAxeViolations(page, "/upcoming-lessons");
    await screenshot(page, "upcoming-lessons");

    // Booking took the minutes: the dashboard says so (its figures refresh after a booking).
    expect(await minutesLeftOnDashboard(page)).toBe(minutesBefore - 30);

    // The calendar, reached from the header: the lesson in its week, pending, with the tutor's name.
    await page.getByRole("navigation", { name: ar.nav.main }).getByRole("link", { name: s.nav }).click();
    await page.waitForURL(/\/lessons-schedule$/);
    const block = await lessonBlock(page, lessonId);
    expect(await block.getAttribute("data-state")).toBe("pending");
    expect(await block.textContent()).toContain(l.states.pending);
    const startBefore = await lessonStart(lessonId);
    await expectNoAxeViolations(page, "/lessons-schedule");
    await screenshot(page, "lessons-schedule");

    // Keyboard: Tab reaches the lesson, Enter opens its details; reschedule from there.
    await block.locator("xpath=ancestor::button[1]").focus();
    await page.keyboard.press("Enter");
    const details = page.getByRole("dialog", { name: s.details.title });
    await details.waitFor();
    await expectNoAxeViolations(page, "/lessons-schedule (lesson details)");
    await details.getByRole("button", { name: l.reschedule }).click();
    const move = page.getByRole("dialog", { name: b.rescheduleTitle });
    await move.locator(`[data-day="${day}"]`).click();
    await move.getByRole("button", { name: ar.ui.next }).click();
    const newTimes = move.locator("fieldset button");
    await newTimes.last().waitFor();
    await newTimes.last().click();
    await move.getByRole("button", { name: b.confirmReschedule }).click();
    await move.waitFor({ state: "detached" });
    await expect.poll(() => lessonStart(lessonId)).not.toBe(startBefore);
    // The same lesson, moved: the calendar shows it at its new time (placed by the new start).
    const moved = await lessonBlock(page, lessonId);
    await expect
      .poll(async () => (await moved.locator("xpath=ancestor::button[1]").textContent()) ?? "")
      .toContain(formatTimeInCairo(await lessonStart(lessonId)));

    // Phones: the week as a list of days.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.locator(`section [data-lesson="${lessonId}"]`).waitFor();
    await expectNoAxeViolations(page, "/lessons-schedule at 360 px");
    await screenshot(page, "lessons-schedule-360");
    await page.goto("/upcoming-lessons");
    await page.locator(`[data-lesson="${lessonId}"]`).waitFor();
    await expectNoAxeViolations(page, "/upcoming-lessons at 360 px");
    await screenshot(page, "upcoming-lessons-360");
    await page.setViewportSize({ width: 1280, height: 900 });

    // Cancel it: the minutes return this week.
    const count = await page.locator("[data-lesson]").count();
    await page
      .locator(`[data-lesson="${lessonId}"]`)
      .getByRole("button", { name: new RegExp(`^${l.cancel}`) })
      .click();
    const dialog = page.getByRole("dialog", { name: l.cancelTitle });
    await dialog.getByRole("button", { name: l.cancelConfirm }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.locator("[data-lesson]").count()).toBe(count - 1);
    expect(await minutesLeftOnDashboard(page)).toBe(minutesBefore);

    // The calendar keeps the cancelled lesson, marked in words and not by colour alone.
    await page.goto("/lessons-schedule");
    const canceled = await lessonBlock(page, lessonId);
    await expect.poll(() => canceled.getAttribute("data-state")).toBe("canceled");
    expect(await canceled.textContent()).toContain(l.states.canceled);
    await page.context().close();
  }, 120_000);

  it("a tutor's open calendar shows a lesson booked and then cancelled by the student, without a reload (realtime)", async () => {
    const tutorId = await userIdOf("tutor@dars.test");
    const page = await newPage(browser);
    await signIn(page, "tutor@dars.test", "/lessons-schedule");
    await page.getByRole("grid", { name: s.calendarLabel }).waitFor();

    // A free 15-minute start the day after tomorrow; show its week first (it may be the next one).
    const day = cairoDay(Date.now() + 2 * DAY_MS);
    const cairoWeekday = weekdayOf(cairoDay(Date.now()));
    const daysToSaturday = (6 - cairoWeekday + 7) % 7 || 7;
    if (2 >= daysToSaturday)
      await page.getByRole("button", { name: new RegExp(ar.schedule.nextWeek) }).click();
    const from = new Date(Date.now() + DAY_MS).toISOString();
    const to = new Date(Date.now() + 4 * DAY_MS).toISOString();
    const free = (await (
      await fetch(
        `${baseUrl()}/api/v1/lesson/free-times?tutorId=${tutorId}&from=${from}&to=${to}&duration=15`,
      )
    ).json()) as { starts: string[] };
    const start = free.starts.find((item) => cairoDay(Date.parse(item)) === day);
    expect(start).toBeDefined();

    const token = await studentApiToken();
    const booked = await fetch(`${baseUrl()}/api/v1/lesson/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ tutorId, start, duration: 15 }),
    });
    expect(booked.status).toBe(201);
    const lessonId = ((await booked.json()) as { id: number }).id;
    const block = page.locator(`[role="grid"] [data-lesson="${lessonId}"]`);
    await block.waitFor({ timeout: 10_000 });
    expect(await block.getAttribute("data-state")).toBe("pending");
    expect(await block.textContent()).toContain("سارة أحمد");

    const canceled = await fetch(`${baseUrl()}/api/v1/lesson/${lessonId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(canceled.status).toBe(200);
    await expect.poll(() => block.getAttribute("data-state"), { timeout: 10_000 }).toBe("canceled");
    await page.context().close();
  }, 60_000);
});
