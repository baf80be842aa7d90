import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { consent } from "../../web/src/i18n/ar-EG-consent";
import { api } from "./api";
import { baseUrl, expectNoAxeViolations, latestCode, screenshot, signIn, userIdOf } from "./browser";

// Three places a student or a tutor in Cairo tripped on: the tutor page's booking bar on a phone,
// the device check outside the room's 10 minutes, and the tutor's schedule (header, past days,
// purposes, 15-minute blocks on a phone). The schedule's changes are never saved; the lesson booked
// for the device check is the seeded tutor's (its lock in vitest.e2e.config.ts).

const phone = { width: 360, height: 740 };
const laptop = { width: 1280, height: 900 };
const QUARTER = 15 * 60_000;
const v = ar.market.visitor;
const d = ar.liveSession.deviceCheck;

type Auth = { token: string; user: { id: number; name: string | null } };

let browser: Browser;
let tutorId = 0;
let student: Auth;
let lessonId = 0;

/** A new student with a verified email: the free trial books 15 minutes without a plan. */
/**
 * In the open «إضافة موعد» dialog: the last day offered, from the earliest start offered at or after
 * `from` (minutes), for `length` minutes. Early in the morning, where the seeded slots are not; on a
 * Friday the last day offered is today, whose starts begin after now.
 */
/** The days the add dialog offers ("YYYY-MM-DD"). */
const dayOptions = (dialog: Locator): Promise<string[]> =>
  dialog
    .getByLabel(ar.schedule.day, { exact: true })
    .locator("option")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

/** The schedule moved to next week, every day of it ahead, with the add dialog open. */
async function nextWeekDialog(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: ar.schedule.nextWeek }).click();
  await page.getByRole("button", { name: ar.schedule.addSlot }).click();
  return page.getByRole("dialog", { name: ar.schedule.addSlot });
}

/** Adds a slot of `length` minutes at the first start from `from` on the dialog's last day. */
async function addEarlySlot(dialog: Locator, from: number, length: number): Promise<void> {
  const days = await dayOptions(dialog);
  await dialog.getByLabel(ar.schedule.day, { exact: true }).selectOption(days[days.length - 1]!);
  const start = dialog.getByLabel(ar.schedule.start, { exact: true });
  const offered = await start
    .locator("option")
    .evaluateAll((options) => options.map((option) => Number((option as HTMLOptionElement).value)));
  const first = Math.min(...offered.filter((minute) => minute >= from));
  await start.selectOption(String(first));
  await dialog.getByLabel(ar.schedule.end, { exact: true }).selectOption(String(first + length));
  await dialog.getByRole("button", { name: ar.schedule.apply }).click();
  await dialog.waitFor({ state: "detached" });
}

async function verifiedStudent(): Promise<Auth> {
  const email = `e2e-journey-${Date.now().toString(36)}@example.com`;
  const registered = await api<Auth>("POST", "/user/", {
    email,
    password: "Strong#Pass1",
    role: 4,
    name: "طالبة الرحلة",
  });
  expect(registered.status).toBe(201);
  const confirmed = await api(
    "POST",
    "/confirmation-code/email/confirm",
    { code: await latestCode(email) },
    registered.body.token,
  );
  expect(confirmed.status).toBe(200);
  return registered.body;
}

/** A trial lesson with the seeded tutor at their first free start at least 3 hours ahead (the room is shut). */
async function bookLaterLesson(auth: Auth): Promise<number> {
  const from = new Date(Math.ceil((Date.now() + 3 * 60 * 60_000) / QUARTER) * QUARTER).toISOString();
  const to = new Date(Date.now() + 14 * 24 * 60 * 60_000).toISOString();
  const free = await api<{ starts: string[] }>(
    "GET",
    `/lesson/free-times?tutorId=${tutorId}&from=${from}&to=${to}&duration=15`,
  );
  expect(free.status).toBe(200);
  for (const start of free.body.starts) {
    const lesson = await api<{ id: number }>(
      "POST",
      "/lesson/",
      { tutorId, start, duration: 15 },
      auth.token,
    );
    if (lesson.status === 201) return lesson.body.id;
  }
  throw new Error("no free start to book with the seeded tutor");
}

async function openAs(auth: Auth | null, path: string, viewport = laptop): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale: "ar-EG",
    timezoneId: "Africa/Cairo",
    baseURL: baseUrl(),
    reducedMotion: "reduce",
  });
  if (auth)
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem("dars.session.token", token!);
        localStorage.setItem("dars.session.user", user!);
      },
      [auth.token, JSON.stringify(auth.user)],
    );
  // Every camera and microphone stream the page asks for, to check that closing the check stops them.
  await context.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { darsStreams: MediaStream[] }).darsStreams = streams;
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) return;
    const original = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
  const page = await context.newPage();
  await page.goto(path);
  return page;
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
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
  tutorId = await userIdOf("tutor@dars.test");
  student = await verifiedStudent();
  lessonId = await bookLaterLesson(student);
});
afterAll(async () => {
  await browser?.close();
});

const barLocator = (page: Page) => page.locator("[data-booking-bar]");

describe("the booking bar on /t/{id} (web/src/features/tutor-profile/booking-bar.tsx)", () => {
  it("stays at the bottom of a phone's screen with the price and the soonest time, covers nothing and opens booking", async () => {
    const page = await openAs(student, `/t/${tutorId}`, phone);
    const region = barLocator(page);
    await region.waitFor();
    expect(await region.getAttribute("aria-label")).toMatch(new RegExp(`^${v.bookingBar("")}`));
    await expect.poll(() => region.locator("[data-bar-price]").textContent()).toMatch(/^الحصة من .+/);
    // The soonest free time comes from the free times the booking flow loaded.
    await region.locator("[data-bar-soonest]").waitFor();
    const soonest = Date.parse(
      (await region.locator("[data-bar-soonest]").getAttribute("data-bar-soonest"))!,
    );
    expect(soonest).toBeGreaterThan(Date.now());
    const box = (await region.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(phone.height, 0);
    await expectNoAxeViolations(page, "/t/{id} with the booking bar, 360 px");
    await screenshot(page, "journey-booking-bar-phone");

    // At the page's end the footer's last line is above the bar (the page keeps room for it), or the
    // bar has stepped aside because the booking card is on screen: either way it covers nothing.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(() =>
        page.evaluate(() => {
          const bar = document.querySelector<HTMLElement>("[data-booking-bar]")!;
          if (bar.hidden)
            return document.getElementById("book")!.getBoundingClientRect().top < innerHeight ? -1 : 1;
          const footer = document.querySelector("footer")!.getBoundingClientRect();
          return Math.round(footer.bottom - bar.getBoundingClientRect().top);
        }),
      )
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: "test-results/e2e/journey-booking-bar-end.png" });

    // «احجز حصة» takes the keyboard to the booking card, whose first step is on screen.
    await page.evaluate(() => window.scrollTo(0, 0));
    await region.getByRole("link", { name: ar.marketplace.tutors.book }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("book");
    const firstDay = page.locator("#book [data-day]").first();
    await firstDay.waitFor();
    await expect.poll(async () => (await firstDay.boundingBox())?.y ?? -1).toBeGreaterThan(0);
    await expect.poll(async () => (await firstDay.boundingBox())?.y ?? phone.height).toBeLessThan(box.y);
    // With the booking card on screen the bar steps aside, so it never covers the card's steps.
    await expect.poll(() => region.isVisible()).toBe(false);
    await page.screenshot({ path: "test-results/e2e/journey-booking-bar-opened.png" });
    await page.context().close();
  });

  it("is not shown on a laptop, where the booking card sits beside the profile", async () => {
    const page = await openAs(null, `/t/${tutorId}`, laptop);
    await page.locator("#book").waitFor();
    await expect.poll(() => barLocator(page).isVisible()).toBe(false);
    await expectNoAxeViolations(page, "/t/{id}, 1280 px");
    await page.context().close();
  });

  it("waits while the consent banner asks, and comes back once it is answered", async () => {
    const context = await browser.newContext({
      viewport: phone,
      locale: "ar-EG",
      timezoneId: "Africa/Cairo",
      baseURL: baseUrl(),
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    // Analytics configured (as in production): the banner asks first.
    await page.route("**/api/v1/config", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, gaId: "G-TESTJOURNEY" } });
    });
    await page.route(/googletagmanager|google-analytics/, (route) => route.abort());
    await page.goto(`/t/${tutorId}`);
    const banner = page.getByRole("region", { name: consent.label });
    await banner.waitFor();
    await page.locator("#book").waitFor();
    expect(await barLocator(page).count()).toBe(0);
    await expectNoAxeViolations(page, "/t/{id} with the consent banner, 360 px");
    await screenshot(page, "journey-booking-bar-consent");
    await banner.getByRole("button", { name: consent.refuse }).click();
    await barLocator(page).waitFor();
    await banner.waitFor({ state: "detached" });
    await context.close();
  });
});

describe("the device check outside the room's 10 minutes (web/src/features/live-session/device-check.tsx)", () => {
  async function checkDialog(page: Page, screen: string, shot: string) {
    const dialog = page.getByRole("dialog", { name: d.title });
    await dialog.waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.querySelector<HTMLVideoElement>('[role="dialog"] video[data-role="local"]')
              ?.videoWidth ?? 0,
        ),
      )
      .toBeGreaterThan(0);
    await dialog.getByText(d.cameraOk).waitFor();
    // Chromium's fake microphone beeps: the meter moves and the check says the microphone hears.
    await dialog.getByText(d.micOk).waitFor({ timeout: 15_000 });
    await dialog.getByRole("button", { name: d.speakerTest }).click();
    await dialog.getByText(d.speakerPlayed).waitFor();
    await dialog.getByText(d.allGood).waitFor();
    await expectNoAxeViolations(page, screen);
    await screenshot(page, shot);
    await dialog.getByRole("button", { name: d.close }).click();
    await dialog.waitFor({ state: "detached" });
    // Closing stops the camera and the microphone.
    const live = await page.evaluate(() =>
      (window as unknown as { darsStreams: MediaStream[] }).darsStreams.flatMap((stream) =>
        stream.getTracks().map((track) => track.readyState),
      ),
    );
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((state) => state === "ended")).toBe(true);
  }

  it(
    "opens from the lesson card hours before the lesson, at 1280 and 360 px",
    { timeout: 120_000 },
    async () => {
      for (const viewport of [laptop, phone]) {
        const page = await openAs(student, "/upcoming-lessons", viewport);
        const card = page.locator(`[data-lesson="${lessonId}"]`);
        await card.waitFor();
        // The room is shut: joining is not possible yet, the check is.
        expect(
          await card.getByRole("button", { name: new RegExp(`^${ar.market.join.action}`) }).isDisabled(),
        ).toBe(true);
        await expectNoAxeViolations(page, `/upcoming-lessons with the device check, ${viewport.width} px`);
        await card.getByRole("button", { name: new RegExp(`^${ar.market.join.deviceCheck}`) }).click();
        await checkDialog(
          page,
          `the device check from a lesson card, ${viewport.width} px`,
          `journey-device-check-card-${viewport.width}`,
        );
        await page.context().close();
      }
    },
  );

  it("opens from the lesson page before the room opens", { timeout: 60_000 }, async () => {
    const page = await openAs(student, `/lesson/${lessonId}`, phone);
    await page.getByText(ar.liveSession.opensAt("").slice(0, 20)).waitFor();
    await page.getByRole("button", { name: d.open }).click();
    await checkDialog(
      page,
      "the device check on /lesson/{id} before the room opens, 360 px",
      "journey-device-check-lesson-page",
    );
    await page.context().close();
  });
});

describe("the tutor's schedule (web/src/features/availability)", () => {
  async function tutorPage(viewport: { width: number; height: number }) {
    const context = await browser.newContext({
      viewport,
      locale: "ar-EG",
      timezoneId: "Africa/Cairo",
      baseURL: baseUrl(),
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    await signIn(page, "tutor@dars.test", "/schedule-management");
    await page.getByRole("grid", { name: ar.schedule.calendarLabel }).waitFor();
    return page;
  }

  /** The Cairo day of now, as the dialog's values ("YYYY-MM-DD"). */
  const cairoToday = () =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Africa/Cairo",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date());

  it(
    "keeps the site header on top with unsaved changes, and offers no past day",
    { timeout: 90_000 },
    async () => {
      const page = await tutorPage(laptop);
      // The purposes are named and explained.
      await page.getByText(ar.schedule.purposeHints[1]).waitFor();

      // The add dialog: today (from now) and later only, this week and a past one.
      for (const week of ["this", "previous"] as const) {
        if (week === "previous") await page.getByRole("button", { name: ar.schedule.previousWeek }).click();
        await page.getByRole("button", { name: ar.schedule.addSlot }).click();
        const dialog = page.getByRole("dialog", { name: ar.schedule.addSlot });
        const days = await dialog
          .getByLabel(ar.schedule.day, { exact: true })
          .locator("option")
          .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
        expect(days.length).toBeGreaterThan(0);
        expect(days.filter((day) => day < cairoToday())).toEqual([]);
        await dialog.getByText(ar.schedule.purposeHints[1]).waitFor();
        if (days[0] === cairoToday()) {
          await dialog.getByLabel(ar.schedule.day, { exact: true }).selectOption(days[0]);
          const starts = await dialog
            .getByLabel(ar.schedule.start, { exact: true })
            .locator("option")
            .evaluateAll((options) => options.map((option) => Number((option as HTMLOptionElement).value)));
          const cairo = new Intl.DateTimeFormat("en-GB", {
            timeZone: "Africa/Cairo",
            hour: "2-digit",
            minute: "2-digit",
            hourCycle: "h23",
          })
            .format(new Date())
            .split(":")
            .map(Number);
          const nowMinute = cairo[0]! * 60 + cairo[1]!;
          expect(starts.every((minute) => minute > nowMinute)).toBe(true);
        }
        if (week === "this") await screenshot(page, "journey-schedule-add-dialog");
        await dialog.getByRole("button", { name: ar.ui.close }).click();
        if (week === "previous") await page.getByRole("button", { name: ar.schedule.thisWeek }).click();
      }
      // An unsaved change: the bar of pending changes sticks under the header. Added next week,
      // whose days are all ahead: on a Friday evening this week has only what is left of today.
      await addEarlySlot(await nextWeekDialog(page), 5 * 60, 30);
      await page.getByRole("button", { name: ar.schedule.saveChanges }).waitFor();

      // Scroll the calendar's day row and blocks under the header: the header stays on top.
      const grid = page.getByRole("grid", { name: ar.schedule.calendarLabel });
      for (const offset of [-200, -40, 10, 40]) {
        await page.evaluate(
          ([selector, by]) => {
            // The grid's scroller (the grid itself is scrolled inside it to the first slots).
            const scroller = document.querySelector(selector)!.parentElement!;
            const top = scroller.getBoundingClientRect().top + window.scrollY;
            window.scrollTo(0, top - by);
          },
          ['[role="grid"]', offset] as const,
        );
        const covered = await page.evaluate(() => {
          const header = document.querySelector("body header")!;
          const { bottom } = header.getBoundingClientRect();
          const misses: string[] = [];
          for (let x = 20; x < window.innerWidth; x += 40)
            for (const y of [2, bottom / 2, bottom - 2]) {
              const hit = document.elementFromPoint(x, y);
              if (hit && !header.contains(hit))
                misses.push(`${x},${Math.round(y)}: ${hit.outerHTML.slice(0, 80)}`);
            }
          return misses;
        });
        expect(covered).toEqual([]);
      }
      await expect(grid.isVisible()).resolves.toBe(true);
      await page.screenshot({ path: "test-results/e2e/journey-schedule-header.png" });
      await expectNoAxeViolations(page, "/schedule-management with unsaved changes, 1280 px");
      await page.context().close();
    },
  );

  it("draws a 15-minute block at least 24 px tall on a phone", { timeout: 60_000 }, async () => {
    const page = await tutorPage(phone);
    const dialog = await nextWeekDialog(page);
    const days = await dayOptions(dialog);
    await addEarlySlot(dialog, 6 * 60, 15);
    // On a phone the calendar shows one day: pick the dialog's (the day picker is Saturday first).
    const column = (new Date(`${days[days.length - 1]}T12:00:00Z`).getUTCDay() + 1) % 7;
    await page.getByRole("group", { name: ar.schedule.dayPicker }).getByRole("button").nth(column).click();
    const block = page.getByRole("button", { name: new RegExp(ar.schedule.states.new) });
    await block.waitFor();
    await block.scrollIntoViewIfNeeded();
    const box = (await block.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(24);
    await expectNoAxeViolations(page, "/schedule-management with a 15-minute block, 360 px");
    await screenshot(page, "journey-schedule-phone");
    await page.context().close();
  });
});
