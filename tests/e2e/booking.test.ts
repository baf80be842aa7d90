import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG";
import { baseUrl, expectNoAxeViolations, launch, newPage, screenshot } from "./browser";

const DEMO_PASSWORD = "Dars@2026";
const b = ar.marketplace.booking;
const l = ar.marketplace.lessons;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

async function signIn(page: Page, email: string, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await field(page, ar.fields.email).fill(email);
  await field(page, ar.fields.password).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: ar.login.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === next.split("#")[0]);
}

async function userIdOf(email: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/v1/auth/password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await response.json()) as { user: { id: number } }).user.id;
}

describe("booking a lesson (issue 4)", () => {
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

  it("a subscribed student books a 30-minute lesson, sees it in upcoming lessons, and cancels it", async () => {
    const tutorId = await userIdOf("tutor@dars.test");
    const page = await newPage(browser);
    // Signed out, booking leads to sign-in and back.
    await page.goto(`/t/${tutorId}`);
    await page.getByRole("link", { name: b.signInToBook }).click();
    await page.waitForURL(/\/login\?next=/);
    await signIn(page, "student@dars.test", `/t/${tutorId}`);
    await page.locator("[data-day]").first().waitFor();
    await expectNoAxeViolations(page, "/t/{id}");
    await screenshot(page, "tutor-profile");

    // The furthest free day, so the lesson is well outside the 6-hour cancel window.
    const days = page.locator("[data-day]:not([disabled])");
    expect(await days.count()).toBeGreaterThan(0);
    await days.last().click();
    await page.getByLabel(b.minutes("٣٠")).check();
    await page.getByRole("button", { name: ar.ui.next }).click();
    const times = page.locator("fieldset button");
    await times.first().waitFor();
    await times.first().click();
    await page.getByText(b.confirmTitle).waitFor();
    await page.getByText(b.minutesLeft).waitFor();
    await screenshot(page, "booking-confirm");
    await page.getByRole("button", { name: b.confirm }).click();
    await page.getByRole("button", { name: b.goToLessons }).click();

    await page.waitForURL(/\/upcoming-lessons$/);
    const lesson = page.locator("[data-lesson]").first();
    await lesson.waitFor();
    expect(await lesson.textContent()).toContain(ar.marketplace.booking.minutes("٣٠"));
    await expectNoAxeViolations(page, "/upcoming-lessons");
    await screenshot(page, "upcoming-lessons");

    const count = await page.locator("[data-lesson]").count();
    await lesson.getByRole("button", { name: new RegExp(`^${l.cancel}`) }).click();
    const dialog = page.getByRole("dialog", { name: l.cancelTitle });
    await dialog.getByRole("button", { name: l.cancelConfirm }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.locator("[data-lesson]").count()).toBe(count - 1);
    await page.context().close();
  }, 60_000);
});
