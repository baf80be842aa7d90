import { mkdirSync } from "node:fs";
import path from "node:path";
import axe from "axe-core";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import type { Paged } from "../../schema/api/common";
import type { PlanView } from "../../schema/api/plan";
import { ar } from "../../web/src/i18n/ar-EG-all";

export const baseUrl = () => inject("baseUrl");

/** Screenshots are kept as test artefacts for a person to look at. */
export const ARTEFACTS = path.resolve("test-results/e2e");

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  // Pages run under the product's Content-Security-Policy (axe-core is injected through the
  // DevTools protocol below, which the policy does not govern), so a blocked script shows here.
  // Reduced motion: the product's styles then make transitions instant, so axe never measures a
  // colour halfway through a button's or dialog's transition (a flaky contrast violation).
  const context = await browser.newContext({
    viewport,
    locale: "ar-EG",
    timezoneId: "Africa/Cairo",
    baseURL: baseUrl(),
    reducedMotion: "reduce",
    // Each browser comes from its own client address, as real visitors do: the per-address limits
    // (registrations, the contact form) then apply to each test's visitor, not to the whole suite.
    extraHTTPHeaders: { "cf-connecting-ip": clientAddress() },
  });
  return context.newPage();
}

/** A client address from the documentation range (RFC 5737), different for each caller. */
export function clientAddress(): string {
  addressCount += 1;
  return `203.0.113.${(process.pid + addressCount * 7) % 250}`;
}
let addressCount = 0;

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTEFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTEFACTS, `${name}.png`), fullPage: true });
}

/**
 * Waits until React has taken over the element: a prerendered page paints its controls before the
 * scripts run, and a tap on one before then does nothing.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await locator.waitFor();
  await expect
    .poll(() =>
      locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))),
    )
    .toBe(true);
}

/** Runs axe-core in the page and fails with the list of violations, if any. */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  // Lazy screens: wait until the screen itself (its heading) has rendered.
  await page.locator("h1").first().waitFor();
  // A control that just changed state is still fading to its colours (buttons' transition-colors: a
  // join button enabled a moment ago was caught half-way, below 4.5:1). Wait for every animation
  // that ends; a spinner's runs forever and is left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === "running" &&
            Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the DevTools protocol: an inline <script> would be refused by the CSP.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ["violations"],
    });
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  });
  expect({ screen, violations }).toEqual({ screen, violations: [] });
}

/** The newest message in the local mailbox for an address, read through the API. */
export async function latestCode(to: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${baseUrl()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
    const { list } = (await response.json()) as { list: Array<{ code: string | null }> };
    if (list[0]?.code) return list[0].code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code for ${to}`);
}

/** Every demo account's password (emulators/seed.ts). */
export const DEMO_PASSWORD = "Dars@2026";

/** Text matched literally inside a RegExp. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A labelled control by its exact Arabic label (a trailing required mark allowed). */
export const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));

/** Signs a demo account in through /login?next= and waits for the next page's heading. */
export async function signIn(page: Page, email: string, next: string): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await field(page, ar.fields.email).fill(email);
  await field(page, ar.fields.password).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: ar.login.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === next.split(/[?#]/)[0]);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
}

/** Registers a new student through /register/student and waits for the first signed-in page. */
export async function registerStudent(
  page: Page,
  name: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto("/register/student");
  await field(page, ar.fields.name).fill(name);
  await field(page, ar.fields.email).fill(email);
  await field(page, ar.fields.password).fill(password);
  await field(page, ar.fields.confirmPassword).fill(password);
  await page.getByRole("button", { name: ar.register.submit }).click();
  await page.waitForURL(/\/(s\/dashboard|complete-profile)/);
}

/** A demo account's id, through the API. */
export async function userIdOf(email: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/v1/auth/password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await response.json()) as { user: { id: number } }).user.id;
}

/** The cheapest plan a newcomer can buy, by its month price. */
export async function cheapestPlan(): Promise<PlanView> {
  const response = await fetch(`${baseUrl()}/api/v1/plan/list?size=100`);
  const { list } = (await response.json()) as Paged<PlanView>;
  const plans = list
    .filter((plan) => plan.active && !plan.inviteOnly)
    .sort((a, b) => a.monthPrice - b.monthPrice);
  if (!plans[0]) throw new Error("no plan to buy");
  return plans[0];
}

/** Registers a new student through the UI and verifies the email with the mailed code. */
export async function newVerifiedStudent(
  page: Page,
  name: string,
  password: string,
  prefix = "e2e-student",
): Promise<void> {
  const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await registerStudent(page, name, email, password);
  await page.goto("/s/dashboard");
  await page.getByRole("button", { name: ar.verification.verifyEmail }).first().click();
  const dialog = page.getByRole("dialog");
  // The dialog asks for the code registration already emailed (no second code is sent).
  await field(dialog, ar.fields.code).waitFor();
  await field(dialog, ar.fields.code).fill(await latestCode(email));
  await dialog.getByRole("button", { name: ar.verification.confirm }).click();
  await page.getByText(ar.verification.emailVerified).first().waitFor();
}

/**
 * Books a 30-minute lesson on the tutor page that is open: the day (YYYY-MM-DD, Cairo), 30
 * minutes, next, the first free time, confirm, then on to the upcoming lessons. `onConfirmScreen`
 * runs on the confirmation screen, before confirming (to look at it or take its screenshot).
 */
export async function bookOnTutorPage(
  page: Page,
  day: string,
  onConfirmScreen?: () => Promise<void>,
): Promise<void> {
  const booking = ar.marketplace.booking;
  await page.locator(`[data-day="${day}"]`).click();
  await page.getByLabel(booking.minutes("٣٠")).check();
  await page.getByRole("button", { name: ar.ui.next }).click();
  const times = page.locator("fieldset button");
  await times.first().waitFor();
  await times.first().click();
  await page.getByText(booking.confirmTitle).waitFor();
  await onConfirmScreen?.();
  await page.getByRole("button", { name: booking.confirm }).click();
  await page.getByRole("button", { name: booking.goToLessons }).click();
  await page.waitForURL(/\/upcoming-lessons$/);
}
