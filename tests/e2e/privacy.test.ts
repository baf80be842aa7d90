import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar, errorMessage } from "../../web/src/i18n/ar-EG-all";
import { privacyDeletion } from "../../web/src/i18n/ar-EG-privacy-deletion";
import {
  baseUrl,
  expectNoAxeViolations,
  field,
  launch,
  newPage,
  registerStudent,
  screenshot,
  signIn,
} from "./browser";
import { readFile } from "node:fs/promises";
import { privacyData } from "../../web/src/i18n/ar-EG-privacy";
import { marketingPrivacy } from "../../web/src/i18n/ar-EG-marketing-privacy";

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

  it("a SuperAdmin erases an account at once on a written request, with its reference required (1280 px)", async () => {
    const student = await newPage(browser);
    const email = uniqueEmail("e2e-erased");
    await registerStudent(student, "منى طلب مكتوب", email, PASSWORD);
    const userId = await student.evaluate(
      () => (JSON.parse(localStorage.getItem("dars.session.user") ?? "null") as { id: number } | null)?.id,
    );
    expect(userId).toBeGreaterThan(0);
    await student.context().close();

    const admin = await newPage(browser);
    await signIn(admin, "admin@dars.test", "/admin");
    await admin.goto(`/admin/user/${userId}`);
    await admin.getByRole("heading", { name: privacyDeletion.staff.title }).waitFor();
    await admin.getByRole("button", { name: privacyDeletion.staff.start }).click();
    const dialog = admin.getByRole("dialog", { name: privacyDeletion.staff.confirmTitle });
    await dialog.getByRole("button", { name: privacyDeletion.staff.confirm }).click();
    await dialog.getByText(errorMessage("invalid-deletion-reason")).first().waitFor();
    await field(dialog, privacyDeletion.staff.reason).fill("طلب مكتوب رقم ٤٥ بالبريد");
    await expectNoAxeViolations(admin, "/admin/user erase dialog");
    await screenshot(admin, "privacy-staff-erase-1280");
    await dialog.getByRole("button", { name: privacyDeletion.staff.confirm }).click();
    await admin.waitForURL((url) => url.pathname === "/admin/users");
    // The address is free again: the person may register anew.
    const again = await fetch(`${baseUrl()}/api/v1/user/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD, role: 4 }),
    });
    expect(again.status).toBe(201);
    await admin.context().close();
  });
});

// docs/rules.md, "Your data: export, consents, retention".
describe("privacy: data export, consents and the policy", () => {
  const exportCard = privacyData.exportCard;
  const consentsCard = privacyData.consentsCard;

  it("a student asks for a copy of their data in settings, follows it until ready and downloads the ZIP; the consent switches record a choice (1280 and 360 px)", async () => {
    const page = await newPage(browser);
    await registerStudent(page, "مروان نسخة البيانات", uniqueEmail("e2e-export"), PASSWORD);
    await page.goto("/s/settings");
    const heading = page.getByRole("heading", { name: exportCard.title });
    await heading.scrollIntoViewIfNeeded();
    await page.getByText(exportCard.empty).waitFor();
    await page.getByRole("button", { name: exportCard.request }).click();
    // Built after the answer; the card follows it until it is ready.
    const download = page.getByRole("button", { name: exportCard.download });
    await download.waitFor({ timeout: 30_000 });
    await page.getByText(exportCard.states.ready, { exact: true }).waitFor();
    await expectNoAxeViolations(page, "/s/settings data export card");
    await heading.scrollIntoViewIfNeeded();
    await screenshot(page, "privacy-export-card-1280");

    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^dars-my-data-\d+\.zip$/);
    const bytes = await readFile((await file.path())!);
    // A ZIP: the first local header's signature, and the end record's at its end.
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.readUInt32LE(bytes.length - 22)).toBe(0x06054b50);
    expect(bytes.includes(Buffer.from("profile.json"))).toBe(true);

    // A second request the same day is refused with its message.
    await page.getByRole("button", { name: exportCard.request }).click();
    await page.getByText(errorMessage("export-too-soon")).waitFor();

    // Marketing is off until the person turns it on; turning it off again is the same click.
    const marketing = page.getByRole("switch", { name: consentsCard.marketing });
    await marketing.scrollIntoViewIfNeeded();
    expect(await marketing.isChecked()).toBe(false);
    await marketing.click();
    await page.getByText(consentsCard.saved).first().waitFor();
    await expect.poll(() => marketing.isChecked()).toBe(true);
    await expectNoAxeViolations(page, "/s/settings consents card");

    const narrow = await newPage(browser, { width: 360, height: 780 });
    await narrow.context().addCookies(await page.context().cookies());
    await narrow.addInitScript(
      (entries) => {
        for (const [key, value] of entries) localStorage.setItem(key, value);
      },
      await page.evaluate(() => Object.entries(localStorage)),
    );
    await narrow.goto("/s/settings");
    await narrow.getByRole("heading", { name: consentsCard.title }).scrollIntoViewIfNeeded();
    await expect
      .poll(() => narrow.getByRole("switch", { name: consentsCard.marketing }).isChecked())
      .toBe(true);
    await narrow.getByRole("heading", { name: exportCard.title }).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(narrow, "/s/settings privacy cards at 360 px");
    await screenshot(narrow, "privacy-export-card-360");
    await narrow.context().close();
    await page.context().close();
  });

  it("the marketing opt-in on registration is off by default and, when ticked, is the choice settings show", async () => {
    const page = await newPage(browser);
    await page.goto("/register/student");
    const optIn = page.getByRole("checkbox", { name: privacyData.registerOptIn });
    expect(await optIn.isChecked()).toBe(false);
    await field(page, ar.fields.name).fill("نادين عروض");
    await field(page, ar.fields.email).fill(uniqueEmail("e2e-optin"));
    await field(page, ar.fields.password).fill(PASSWORD);
    await field(page, ar.fields.confirmPassword).fill(PASSWORD);
    await optIn.check();
    await expectNoAxeViolations(page, "/register/student with the marketing opt-in");
    await page.getByRole("button", { name: ar.register.submit }).click();
    await page.waitForURL(/\/(s\/dashboard|complete-profile)/);
    await page.goto("/s/settings");
    const marketing = page.getByRole("switch", { name: privacyData.consentsCard.marketing });
    await marketing.scrollIntoViewIfNeeded();
    await expect.poll(() => marketing.isChecked()).toBe(true);
    await page.context().close();
  });

  it("/privacy says how long each kind is kept, where it is stored and how to use each right (360 px)", async () => {
    const page = await newPage(browser, { width: 360, height: 780 });
    await page.goto("/privacy");
    await page.getByRole("heading", { name: marketingPrivacy.retention.heading }).waitFor();
    await page.getByText(/رسائل التواصل: سنة/).waitFor();
    await page.getByText(/سجل موافقاتك: ٣ سنين/).waitFor();
    await page.getByText(marketingPrivacy.retention.notificationRows("١٨٠ يوم")).waitFor();
    await page.getByText(/Cloudflare D1/).waitFor();
    await page
      .getByText(/تنزيل بياناتي/)
      .first()
      .waitFor();
    await expectNoAxeViolations(page, "/privacy at 360 px");
    await screenshot(page, "privacy-policy-360");
    await page.context().close();
  });
});
