import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import {
  DEMO_PASSWORD,
  expectNoAxeViolations,
  field,
  latestCode,
  launch,
  newPage,
  screenshot,
  signIn,
  waitForHydration,
} from "./browser";
import { dayOf, weekStartOf } from "../../schema/calendar";
import { api } from "./api";

/**
 * The marketplace's dead ends, no longer reachable (issue: the walk-through as student, tutor and
 * visitor, at 1280 and 360 px, with axe on every screen):
 * - a lesson happening (or about to) without «انضم للحصة» on /upcoming-lessons;
 * - a student without a plan offered 30 minutes that fail at the last step;
 * - cancel and move offered inside the 6 hours before the start;
 * - signed out on a phone, no way to the tutor list; visitors without prices or free times;
 * - the /tutors date filter's «mm/dd/yyyy» and name search only on Enter.
 * Uses tutor7 and tutor8 (no other browser test books with them) and students registered here.
 */

const QUARTER = 15 * 60_000;
const ROOM_OPENS_BEFORE = 10 * 60_000;
const widths = [1280, 360] as const;
const m = ar.market;
const joinName = new RegExp(`^${m.join.action}`);
let browser: Browser;

type Auth = { token: string; user: { id: number; name: string | null } };

/** A new student with a verified email and no plan (the one free 15-minute trial is theirs). */
async function newStudent(tag: string): Promise<Auth & { email: string; password: string }> {
  const email = `e2e-market-${tag}-${Date.now().toString(36)}@example.com`;
  const password = "Strong#Pass1";
  const registered = await api<Auth>("POST", "/user/", { email, password, role: 4, name: "طالب السوق" });
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
  return { ...registered.body, email, password };
}

async function signInAs(page: Page, email: string, password: string, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await field(page, ar.fields.email).fill(email);
  await field(page, ar.fields.password).fill(password);
  await page.getByRole("button", { name: ar.login.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === next);
}

let tutor: Auth;
/** The start of the lesson the join test books with tutor7, which the tutor's schedule then shows. */
let joinLessonStart: number | null = null;
/** The trial bookings' tutor: its soonest times stay clear of the lesson the join test books. */
let trialTutor: Auth;

beforeAll(async () => {
  browser = await launch();
  tutor = (await api<Auth>("POST", "/auth/password", { email: "tutor7@dars.test", password: DEMO_PASSWORD }))
    .body;
  trialTutor = (
    await api<Auth>("POST", "/auth/password", { email: "tutor8@dars.test", password: DEMO_PASSWORD })
  ).body;
  // The tutor takes bookings a minute ahead, so a lesson can start within the room's window.
  expect((await api("PUT", "/user/tutor/profile", { notice: 1 }, tutor.token)).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

describe("visitors reach tutors, prices and free times", () => {
  it.each(widths)(
    "at %i px: the phone menu leads to the tutor list; tutor pages show prices, the week's free times and sharing; /tutor says what a tutor earns",
    async (width) => {
      const page = await newPage(browser, { width, height: 900 });
      await page.goto("/");
      if (width === 360) {
        // The header row has no room for links: «القائمة» holds them, the tutor list first.
        const menu = page.getByRole("button", { name: ar.shell.menu.label });
        // The home page is prerendered: the menu opens once its script has taken it over.
        await waitForHydration(menu);
        await menu.click();
        expect(await menu.getAttribute("aria-expanded")).toBe("true");
        await expectNoAxeViolations(page, `/ with the phone menu at ${width} px`);
        await screenshot(page, `market-menu-${width}`);
        await page
          .getByRole("navigation", { name: ar.shell.menu.label })
          .getByRole("link", { name: ar.marketplace.nav.tutors })
          .click();
      } else {
        await page
          .getByRole("navigation", { name: ar.nav.main })
          .getByRole("link", { name: ar.marketplace.nav.tutors })
          .click();
      }
      await page.waitForURL(/\/tutors$/);
      const card = page.locator("ul li", { hasText: "" }).first();
      await card.waitFor();
      // Cards say what a lesson costs and which days of the week the tutor is free.
      await page.locator("[data-card-price]").first().waitFor();
      await page.locator("[data-card-week]").first().waitFor();
      // The free-day filter is a list of named days, and the name search has its button.
      const day = page.getByLabel(m.tutors.day);
      const labels = await day.locator("option").allTextContents();
      expect(labels[1]).toMatch(new RegExp(`^${ar.relativeDays.today} — `));
      expect(labels.join(" ")).not.toMatch(/mm|dd|yyyy|[A-Za-z]/);
      await page.getByRole("searchbox", { name: ar.marketplace.tutors.name }).fill("لا يوجد اسم كهذا");
      await page.getByRole("button", { name: m.tutors.searchLabel }).click();
      await page.getByText(ar.marketplace.tutors.emptyFiltered).waitFor();
      await expectNoAxeViolations(page, `/tutors filtered at ${width} px`);
      await screenshot(page, `market-tutors-${width}`);

      await page.goto(`/t/${tutor.user.id}`);
      await page.getByText(m.visitor.pricePerLesson).waitFor();
      await page.locator("[data-price='15']").waitFor();
      await page.locator("[data-week-free] li").first().waitFor();
      await page.getByRole("link", { name: m.visitor.shareWhatsApp }).waitFor();
      expect(await page.getByRole("link", { name: m.visitor.shareWhatsApp }).getAttribute("href")).toMatch(
        /^https:\/\/wa\.me\/\?text=/,
      );
      await page.getByRole("button", { name: m.visitor.copyLink }).waitFor();
      // Booking itself asks to sign in.
      await page.getByRole("link", { name: ar.marketplace.booking.signInToBook }).waitFor();
      await expectNoAxeViolations(page, `/t/{id} for a visitor at ${width} px`);
      await screenshot(page, `market-tutor-visitor-${width}`);

      await page.goto("/tutor");
      await page.locator("[data-tutor-rate]").waitFor();
      expect(await page.locator("[data-tutor-rate]").textContent()).toMatch(/١٥٠/);
      await expectNoAxeViolations(page, `/tutor at ${width} px`);
      await screenshot(page, `market-become-tutor-${width}`);
      await page.context().close();
    },
  );
});

describe("a student without a plan books only what will succeed", () => {
  it.each(widths)(
    "at %i px: 15 minutes is preselected, 30 minutes disabled with its reason, and the trial is booked",
    async (width) => {
      const student = await newStudent(`trial-${width}`);
      const page = await newPage(browser, { width, height: 900 });
      // A student with no chat yet: the tutor page asks for the pair's room without a 404 in the console.
      const notFound: string[] = [];
      page.on("response", (response) => {
        if (response.status() === 404) notFound.push(response.url());
      });
      await signInAs(page, student.email, student.password, `/t/${trialTutor.user.id}`);
      await page
        .getByRole("button", { name: ar.chatStart.messageTutor })
        .or(page.getByRole("button", { name: ar.gendered.messageTutor.female() }))
        .waitFor();
      expect(notFound).toEqual([]);
      await page.locator("[data-day]:not([disabled])").first().click();
      const short = page.getByRole("radio", { name: new RegExp(`^${ar.marketplace.booking.minutes("١٥")}`) });
      const long = page.getByRole("radio", { name: new RegExp(`^${ar.marketplace.booking.minutes("٣٠")}`) });
      await expect.poll(() => short.isChecked()).toBe(true);
      expect(await long.isDisabled()).toBe(true);
      await page.getByText(m.booking.trialOnly("ربع ساعة")).waitFor();
      await expectNoAxeViolations(page, `booking durations without a plan at ${width} px`);
      await screenshot(page, `market-trial-durations-${width}`);
      await page.getByRole("button", { name: ar.ui.next }).click();
      await page.locator("fieldset button").first().click();
      await page.getByRole("button", { name: ar.marketplace.booking.confirm }).click();
      await page.getByRole("button", { name: ar.marketplace.booking.goToLessons }).waitFor();
      await page.context().close();
    },
  );
});

describe("lessons say how to join, and offer only changes that will succeed", () => {
  it("a lesson about to start has «انضم للحصة» on /upcoming-lessons and the calendar, and no cancel or move inside the 6 hours", async () => {
    const student = await newStudent("join");
    // The next quarter hour more than 90 s away, waiting (up to 5 minutes) until the room is open.
    const margin = 90_000;
    let start = Math.ceil((Date.now() + margin) / QUARTER) * QUARTER;
    const wait = start - ROOM_OPENS_BEFORE + 5_000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    start = Math.ceil((Date.now() + margin) / QUARTER) * QUARTER;
    const slot = await api(
      "POST",
      "/availability-slot/",
      {
        actions: [
          {
            type: "create",
            start: new Date(start).toISOString(),
            end: new Date(start + QUARTER).toISOString(),
            purpose: 1,
          },
        ],
      },
      tutor.token,
    );
    expect([200, 409]).toContain(slot.status);
    const booked = await api<{ id: number }>(
      "POST",
      "/lesson/",
      { tutorId: tutor.user.id, start: new Date(start).toISOString(), duration: 15 },
      student.token,
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const lessonId = booked.body.id;
    joinLessonStart = start;

    for (const width of widths) {
      const page = await newPage(browser, { width, height: 900 });
      await signInAs(page, student.email, student.password, "/upcoming-lessons");
      const card = page.locator(`[data-lesson="${lessonId}"]`);
      await card.waitFor();
      const join = card.getByRole("link", { name: joinName });
      expect(await join.getAttribute("href")).toBe(`/lesson/${lessonId}`);
      await card.getByText(/^الحصة بتبدأ بعد|^الحصة شغالة دلوقتي/).waitFor();
      expect(
        await card
          .getByRole("button", { name: new RegExp(`^${ar.marketplace.lessons.cancel}`) })
          .isDisabled(),
      ).toBe(true);
      expect(
        await card
          .getByRole("button", { name: new RegExp(`^${ar.marketplace.lessons.reschedule}`) })
          .isDisabled(),
      ).toBe(true);
      await card.getByText(/واتقفلوا/).waitFor();
      await expectNoAxeViolations(page, `/upcoming-lessons with a lesson about to start at ${width} px`);
      await screenshot(page, `market-upcoming-join-${width}`);

      await page.goto("/lessons-schedule");
      // Laptops: the strip above the week; phones: the day list's entry.
      const entryJoin =
        width === 360
          ? page.locator(`section [data-join="${lessonId}"]`).getByRole("link", { name: joinName })
          : page.getByRole("region", { name: m.join.soonTitle }).getByRole("link", { name: joinName });
      await entryJoin.waitFor();
      expect(await entryJoin.getAttribute("href")).toBe(`/lesson/${lessonId}`);
      await expectNoAxeViolations(page, `/lessons-schedule with a lesson about to start at ${width} px`);
      await screenshot(page, `market-calendar-join-${width}`);
      await page.context().close();
    }
  }, 420_000);

  it("the tutor's schedule opens at the first free time and draws the booked lesson inside it", async () => {
    const page = await newPage(browser);
    await signIn(page, "tutor7@dars.test", "/schedule-management");
    // The lesson booked above starts at the next quarter hour: in the last minutes of a Friday in
    // Cairo that is Saturday, on next week's page (weeks start on Saturday).
    await page.getByRole("button", { name: ar.schedule.thisWeek }).waitFor();
    const booked = page.locator("[data-booked-lesson]").first();
    if (joinLessonStart !== null && weekStartOf(dayOf(joinLessonStart)) !== weekStartOf(dayOf(Date.now())))
      await page.getByRole("button", { name: new RegExp(ar.schedule.nextWeek) }).click();
    await booked.waitFor();
    // The grid is scrolled so the week's earliest free time or lesson is in view: not 6 AM, and
    // not the top of the day either (just after midnight the earliest one is at the top).
    const scroller = page.locator("[role=grid]").first().locator("xpath=..");
    const earliest = await scroller.evaluate((element) => {
      const blocks = [...element.querySelectorAll<HTMLElement>("[role=gridcell] button")];
      const top = Math.min(...blocks.map((block) => block.getBoundingClientRect().top));
      const header = element.querySelector<HTMLElement>("[data-header]")?.offsetHeight ?? 0;
      return {
        blocks: blocks.length,
        top: top - element.getBoundingClientRect().top - header,
        height: element.clientHeight - header,
      };
    });
    expect(earliest.blocks).toBeGreaterThan(0);
    expect(earliest.top).toBeGreaterThanOrEqual(0);
    expect(earliest.top).toBeLessThan(earliest.height);
    await expectNoAxeViolations(page, "/schedule-management with a booked lesson");
    await screenshot(page, "market-schedule-management");
    await page.context().close();
  });
});
