// From booking a lesson inside the cancel window to the page after the lesson's end: the student is
// told before confirming that the lesson cannot be cancelled or moved (and again once booked), and the
// ended lesson's page shows what happened, the rating prompt and «احجز مرة أخرى».
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { api } from "./api";
import {
  DEMO_PASSWORD,
  expectNoAxeViolations,
  latestCode,
  launch,
  newPage,
  screenshot,
  signIn,
} from "./browser";

const QUARTER = 15 * 60_000;
const TUTOR_EMAIL = "tutor9@dars.test";
const b = ar.marketplace.booking;
const ended = ar.endedSession;

type Auth = { token: string; user: { id: number; name: string | null } };

let browser: Browser;
let tutor: Auth;
let student: { email: string };
/** The lesson booked by the first test: its id, start and end (ms). */
let lesson: { id: number; start: number; end: number } | null = null;

/** A Cairo calendar day as the booking's day buttons name it (YYYY-MM-DD). */
const cairoDay = (at: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Cairo" }).format(new Date(at));

beforeAll(async () => {
  browser = await launch();
  tutor = (await api<Auth>("POST", "/auth/password", { email: TUTOR_EMAIL, password: DEMO_PASSWORD })).body;
  // The tutor takes bookings a minute ahead, with an hour free two hours from now: inside the
  // default 6-hour cancel window, so a lesson booked there is locked at once.
  expect((await api("PUT", "/user/tutor/profile", { notice: 1 }, tutor.token)).status).toBe(200);
  const start = Math.ceil((Date.now() + 2 * 60 * 60_000) / QUARTER) * QUARTER;
  const slot = await api(
    "POST",
    "/availability-slot/",
    {
      actions: [
        {
          type: "create",
          start: new Date(start).toISOString(),
          end: new Date(start + 4 * QUARTER).toISOString(),
          purpose: 1,
        },
      ],
    },
    tutor.token,
  );
  expect([200, 409]).toContain(slot.status);
  // A new student (no plan: the 15-minute trial is what they may book).
  const email = `e2e-journey-${Date.now().toString(36)}@example.com`;
  const registered = await api<Auth>("POST", "/user/", {
    email,
    password: DEMO_PASSWORD,
    role: 4,
    name: "طالبة الرحلة",
  });
  expect(registered.status).toBe(201);
  expect(
    (
      await api(
        "POST",
        "/confirmation-code/email/confirm",
        { code: await latestCode(email) },
        registered.body.token,
      )
    ).status,
  ).toBe(200);
  student = { email };
});

afterAll(async () => {
  await browser?.close();
});

async function chooseFirstTime(page: Page, day: string): Promise<void> {
  await page.locator(`[data-day="${day}"]`).click();
  await page.getByRole("button", { name: ar.ui.next }).click();
  const times = page.locator("fieldset button");
  await times.first().waitFor();
  await times.first().click();
  await page.getByText(b.confirmTitle).waitFor();
}

describe("a lesson inside the cancel window, then its end", () => {
  it("warns before confirming that the lesson cannot be cancelled or moved, and says it again once booked", async () => {
    const page = await newPage(browser, { width: 360, height: 800 });
    await signIn(page, student.email, `/t/${tutor.user.id}`);
    await page.goto(`/t/${tutor.user.id}#book`);
    const day = cairoDay(Math.ceil((Date.now() + 2 * 60 * 60_000) / QUARTER) * QUARTER);
    await chooseFirstTime(page, day);
    await page.getByText(ar.market.changes.lockedTitle).waitFor();
    await expectNoAxeViolations(page, "booking confirm (locked), 360");
    await screenshot(page, "booking-locked-confirm-360");
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page, "booking confirm (locked), 1280");
    await screenshot(page, "booking-locked-confirm-1280");

    await page.getByRole("button", { name: b.confirm }).click();
    const notice = page.locator("[data-booked-notice]");
    await notice.waitFor();
    expect(await notice.innerText()).toContain(b.booked);
    expect(await notice.innerText()).toMatch(/مقفولة/);
    await expectNoAxeViolations(page, "booked (locked), 1280");
    await screenshot(page, "booking-locked-done-1280");

    await page.getByRole("button", { name: b.goToLessons }).click();
    await page.waitForURL(/\/upcoming-lessons$/);
    const card = page.locator("[data-lesson]").first();
    await card.waitFor();
    const id = Number(await card.getAttribute("data-lesson"));
    const signedIn = (
      await api<Auth>("POST", "/auth/password", { email: student.email, password: DEMO_PASSWORD })
    ).body;
    const view = (
      await api<{ start: string; end: string }>("GET", `/lesson/${id}`, undefined, signedIn.token)
    ).body;
    lesson = { id, start: Date.parse(view.start), end: Date.parse(view.end) };
    await page.context().close();
  });

  it("shows the ended lesson: who attended, the rating prompt, book again and the way back (1280 and 360)", async () => {
    expect(lesson).not.toBeNull();
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 360, height: 800 },
    ]) {
      const page = await newPage(browser, viewport);
      await signIn(page, student.email, "/upcoming-lessons");
      // The browser's clock moves past the lesson's end (the server's stays real).
      await page.clock.install({ time: new Date(lesson!.end + 5 * 60_000) });
      await page.goto(`/lesson/${lesson!.id}`);
      await page.getByRole("heading", { level: 1, name: ended.title.lesson }).waitFor();
      await page.locator("[data-ended-session]").waitFor();
      // Nobody joined: each member's line says so.
      await page.getByText(ended.youAbsent).waitFor();
      await page.getByRole("button", { name: new RegExp(ended.rate("").trim()) }).waitFor();
      const again = page.getByRole("link", { name: new RegExp(`^${ended.bookAgain}`) });
      // The same length again, at the tutor's soonest free time (web/src/features/learning/book-again.tsx).
      const minutes = Math.round((lesson!.end - lesson!.start) / 60_000);
      expect(await again.getAttribute("href")).toBe(`/t/${tutor.user.id}?book=next&duration=${minutes}#book`);
      expect(await page.getByRole("link", { name: ended.backToLessons }).getAttribute("href")).toBe(
        "/upcoming-lessons",
      );
      await expectNoAxeViolations(page, `ended lesson, ${viewport.width}`);
      await screenshot(page, `lesson-ended-${viewport.width}`);
      await page.context().close();
    }
  });
});
