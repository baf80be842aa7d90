// Saved tutors and «احجز مرة أخرى» (docs/rules.md, "Learning after the lesson"): a visitor's heart
// asks to sign in and comes back, the student saves a tutor from the list, finds them on
// /favourites and removes them there; an ended lesson's «احجز مرة أخرى» opens the tutor's booking at
// the soonest free time with the same length. axe at 1280 and 360.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arFavourites } from "../../web/src/i18n/ar-EG-favourites";
import { arLive } from "../../web/src/i18n/ar-EG-live";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { byGender } from "../../web/src/lib/plural";
import { api } from "./api";
import {
  DEMO_PASSWORD,
  escapeRegExp,
  expectNoAxeViolations,
  field,
  launch,
  newPage,
  screenshot,
  signIn,
} from "./browser";

// The demo student (holds a plan, so both lengths can be booked) and a demo tutor no other browser
// test uses (their locks: vitest.e2e.config.ts).
const STUDENT_EMAIL = "student@dars.test";
const TUTOR_EMAIL = "tutor12@dars.test";
const viewports = [
  { width: 1280, height: 900 },
  { width: 360, height: 800 },
];

type Auth = { token: string; user: { id: number } };
type Info = { id: number; name: string; gender: "male" | "female" | null };

let browser: Browser;
let student: Auth;
let tutor: Info;

beforeAll(async () => {
  browser = await launch();
  student = (await api<Auth>("POST", "/auth/password", { email: STUDENT_EMAIL, password: DEMO_PASSWORD }))
    .body;
  const tutorAuth = (
    await api<Auth>("POST", "/auth/password", { email: TUTOR_EMAIL, password: DEMO_PASSWORD })
  ).body;
  tutor = (await api<Info>("GET", `/user/tutor/info/${tutorAuth.user.id}`)).body;
  // From a clean slate: the tutor is not saved.
  await api("DELETE", `/tutor/${tutor.id}/favourite`, undefined, student.token);
});

afterAll(async () => {
  await api("DELETE", `/tutor/${tutor.id}/favourite`, undefined, student.token);
  await browser?.close();
});

const saveLabel = () => byGender(arFavourites.save, tutor.gender);
const unsaveLabel = () => byGender(arFavourites.unsave, tutor.gender);
const heart = (page: Page) => page.locator(`[data-favourite="${tutor.id}"]`).first();
const listPath = () => `/tutors?name=${encodeURIComponent(tutor.name)}`;

describe("saved tutors", () => {
  it("sends a visitor's heart to sign in and back to the list", async () => {
    const page = await newPage(browser, viewports[0]);
    await page.goto(listPath());
    await expect.poll(() => heart(page).getAttribute("aria-label")).toBe(saveLabel());
    await heart(page).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("next")).toBe(listPath());
    await field(page, ar.fields.email).fill(STUDENT_EMAIL);
    await field(page, ar.fields.password).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: ar.login.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/tutors");
    await expect.poll(() => heart(page).getAttribute("aria-pressed")).toBe("false");
    await page.close();
  });

  for (const viewport of viewports) {
    it(`saves a tutor from the list, shows them on /favourites and removes them there (${viewport.width} px)`, async () => {
      const page = await newPage(browser, viewport);
      await signIn(page, STUDENT_EMAIL, "/tutors");
      await page.goto(listPath());
      const button = heart(page);
      await expect.poll(() => button.getAttribute("aria-pressed")).toBe("false");
      await button.click();
      // Optimistic: pressed at once, and the Worker keeps it.
      await expect.poll(() => button.getAttribute("aria-pressed")).toBe("true");
      expect(await button.getAttribute("aria-label")).toBe(unsaveLabel());
      await expect
        .poll(
          async () =>
            (await api<{ ids: number[] }>("GET", "/favourites/ids", undefined, student.token)).body.ids,
        )
        .toContain(tutor.id);
      await expectNoAxeViolations(page, `tutors with a saved tutor ${viewport.width}`);
      await screenshot(page, `favourites-list-${viewport.width}`);

      // The student's menu leads to /favourites.
      await page.goto("/favourites");
      await page.getByRole("heading", { level: 1, name: arFavourites.title }).waitFor();
      const card = page.getByRole("listitem").filter({ hasText: tutor.name });
      await card.waitFor();
      await expectNoAxeViolations(page, `favourites ${viewport.width}`);
      await screenshot(page, `favourites-page-${viewport.width}`);

      await card.getByRole("button", { name: unsaveLabel() }).click();
      await page.getByText(arFavourites.empty).waitFor();
      expect(await page.getByRole("link", { name: arFavourites.browse }).getAttribute("href")).toBe(
        "/tutors",
      );
      expect(
        (await api<{ ids: number[] }>("GET", "/favourites/ids", undefined, student.token)).body.ids,
      ).not.toContain(tutor.id);
      await expectNoAxeViolations(page, `favourites empty ${viewport.width}`);
      await screenshot(page, `favourites-empty-${viewport.width}`);
      await page.close();
    });
  }

  it("lists /favourites in the student's menu", async () => {
    const page = await newPage(browser, viewports[0]);
    await signIn(page, STUDENT_EMAIL, "/tutors");
    await page
      .getByRole("button", { name: new RegExp(escapeRegExp(ar.nav.account)) })
      .first()
      .click();
    await page.getByRole("menuitem", { name: ar.nav.favourites }).click();
    await page.waitForURL((url) => url.pathname === "/favourites");
    await page.getByRole("heading", { level: 1, name: arFavourites.title }).waitFor();
    await page.close();
  });
});

describe("«احجز مرة أخرى» after a lesson", () => {
  let lessonId = 0;

  beforeAll(async () => {
    // A 15-minute lesson two days ago: the booking would start on 30 minutes without the link's length.
    const made = await api<{ id: number }>(
      "POST",
      "/dev/lessons",
      { tutorId: tutor.id, startInMinutes: -2 * 24 * 60, duration: 15 },
      student.token,
    );
    expect(made.status).toBe(201);
    lessonId = made.body.id;
  });

  for (const viewport of viewports) {
    it(`opens the tutor's booking at the soonest free time with the same 15 minutes (${viewport.width} px)`, async () => {
      const page = await newPage(browser, viewport);
      await signIn(page, STUDENT_EMAIL, "/upcoming-lessons");
      await page.goto(`/lesson/${lessonId}`);
      const again = page.getByRole("link", {
        name: new RegExp(`^${escapeRegExp(arLive.endedSession.bookAgain)}`),
      });
      await again.waitFor();
      await again.click();
      await page.waitForURL(
        (url) =>
          url.pathname === `/t/${tutor.id}` &&
          url.searchParams.get("book") === "next" &&
          url.searchParams.get("duration") === "15",
      );
      const booking = page.locator("#book");
      await booking.getByText(ar.marketplace.booking.confirmTitle).waitFor();
      await booking.getByText(arFavourites.soonestChosen).waitFor();
      // The confirmation holds the same length, at the soonest free time the tutor page offers.
      await booking.getByText(ar.marketplace.booking.minutes("١٥"), { exact: true }).waitFor();
      expect(await booking.getByText(ar.marketplace.booking.minutes("٣٠"), { exact: true }).count()).toBe(0);
      await expectNoAxeViolations(page, `book again ${viewport.width}`);
      await screenshot(page, `book-again-${viewport.width}`);
      await page.close();
    });
  }
});
