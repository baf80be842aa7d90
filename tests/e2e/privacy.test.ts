import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar, errorMessage } from "../../web/src/i18n/ar-EG-all";
import { privacyDeletion } from "../../web/src/i18n/ar-EG-privacy-deletion";
import { expectNoAxeViolations, field, launch, newPage, registerStudent, screenshot } from "./browser";

const PASSWORD = "Strong#Pass1";
const card = privacyDeletion.card;
const screen = privacyDeletion.screen;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

// docs/rules.md, "Your data: deletion". Other privacy screens get their own describe block here.
describe("privacy: account deletion", () => {
  it("a student asks to delete the account from settings, sees the grace screen on signing in again, and restores it (1280 and 360 px)", async () => {
    const page = await newPage(browser);
    const email = uniqueEmail("e2e-deletion");
    await registerStudent(page, "سلمى حذف التجربة", email, PASSWORD);

    await page.goto("/s/settings");
    const heading = page.getByRole("heading", { name: card.title });
    await heading.scrollIntoViewIfNeeded();
    await page.getByText(card.erasedTitle).waitFor();
    await page.getByText(card.keptTitle).waitFor();
    const deletion = page.locator("section", { has: heading });
    await deletion.getByRole("button", { name: card.start }).click();
    await field(deletion, card.password).fill("Wrong#Pass0");
    await deletion.getByRole("button", { name: card.confirm }).click();
    await deletion.getByText(errorMessage("wrong-password")).waitFor();
    await expectNoAxeViolations(page, "/s/settings deletion card");
    await heading.scrollIntoViewIfNeeded();
    await screenshot(page, "privacy-deletion-card-1280");

    await field(deletion, card.password).fill(PASSWORD);
    await deletion.getByRole("button", { name: card.confirm }).click();
    // Every session ended on the server: this browser is signed out, and told the date.
    await page.waitForURL((url) => url.pathname === "/");
    await page
      .getByText(/سجّلنا طلبك/)
      .first()
      .waitFor();

    // Signing in again during the grace period shows only the deletion screen.
    const narrow = await newPage(browser, { width: 360, height: 780 });
    await narrow.goto("/login?next=%2Fs%2Fsettings");
    await field(narrow, ar.fields.email).fill(email);
    await field(narrow, ar.fields.password).fill(PASSWORD);
    await narrow.getByRole("button", { name: ar.login.submit, exact: true }).click();
    await narrow.waitForURL((url) => url.pathname === "/account-deletion");
    await narrow.getByRole("heading", { name: screen.title }).waitFor();
    await narrow.getByText(/هنمسح بيانات حسابك يوم/).waitFor();
    await expectNoAxeViolations(narrow, "/account-deletion at 360 px");
    await screenshot(narrow, "privacy-deletion-grace-360");

    await narrow.getByRole("button", { name: screen.restore }).click();
    await narrow.waitForURL((url) => url.pathname !== "/account-deletion");
    await narrow.goto("/s/settings");
    await narrow.getByRole("heading", { name: card.title }).waitFor();
    await expect.poll(() => narrow.getByRole("button", { name: card.start }).count()).toBe(1);
    await narrow.context().close();
    await page.context().close();
  });
});
