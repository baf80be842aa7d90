import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { expectNoAxeViolations, launch, newPage, screenshot, field } from "./browser";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  await signIn(page, "tutor@dars.test");
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await field(page, ar.fields.email).fill(email);
  await field(page, ar.fields.password).fill("Dars@2026");
  await page.getByRole("button", { name: ar.login.submit, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

describe("the tutor's schedule", () => {
  it("adds a slot next week through the dialog, sees it, and removes it", async () => {
    await page.goto("/schedule-management");
    await page.getByRole("grid", { name: ar.schedule.calendarLabel }).waitFor();
    await expectNoAxeViolations(page, "/schedule-management");

    await page.getByRole("button", { name: ar.schedule.nextWeek }).click();
    await page.getByRole("button", { name: ar.schedule.addSlot }).click();
    const dialog = page.getByRole("dialog", { name: ar.schedule.addSlot });
    await dialog.getByLabel(ar.schedule.day, { exact: true }).selectOption({ index: 2 });
    await dialog.getByLabel(ar.schedule.start, { exact: true }).selectOption(String(9 * 60));
    await dialog.getByLabel(ar.schedule.end, { exact: true }).selectOption(String(10 * 60 + 30));
    await dialog.getByLabel(ar.schedule.purpose, { exact: true }).selectOption("3");
    await dialog.getByRole("button", { name: ar.schedule.apply }).click();
    await page.getByRole("button", { name: ar.schedule.saveChanges }).click();
    await page.getByText(ar.schedule.saved).first().waitFor();

    const block = page.getByRole("button", { name: new RegExp(`^${ar.schedule.purposes[3]}`) });
    await block.waitFor();
    await screenshot(page, "schedule-saved");
    await expectNoAxeViolations(page, "/schedule-management (with a slot)");

    await block.click();
    await page
      .getByRole("dialog", { name: ar.schedule.editSlot })
      .getByRole("button", { name: ar.schedule.removeSlot })
      .click();
    const confirm = page.getByRole("dialog", { name: ar.schedule.removeTitle });
    await confirm.getByText(ar.schedule.removeWarning).waitFor();
    await confirm.getByRole("button", { name: ar.schedule.removeConfirm }).click();
    await page.getByRole("button", { name: ar.schedule.saveChanges }).click();
    await page.getByText(ar.schedule.saved).first().waitFor();
    await page.getByRole("button", { name: ar.schedule.saveChanges }).waitFor({ state: "detached" });
    expect(await block.count()).toBe(0);
  });

  it("keeps the profile screen accessible", async () => {
    await page.goto("/t/profile-settings");
    await page.getByRole("heading", { name: ar.tutorProfile.topicsTitle }).waitFor();
    await page.getByText(ar.tutorProfile.availableTopics).waitFor();
    await page.getByRole("button", { name: ar.tutorProfile.saveTopics }).waitFor();
    await screenshot(page, "tutor-profile-settings");
    await expectNoAxeViolations(page, "/t/profile-settings");
  });
});
