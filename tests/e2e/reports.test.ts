// «الإبلاغ عن مشكلة»: a student reports a problem from the account menu with a screenshot; an
// admin finds it (with the link the student came by) on /admin/reports, notes and resolves it.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { expectNoAxeViolations, launch, newPage, screenshot, field, signIn } from "./browser";

const t = ar.support;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// A 1×1 transparent PNG.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

describe("problem reports", () => {
  it("a student reports a problem with a screenshot and an admin resolves it with a note", async () => {
    const title = `زر الحجز لا يستجيب ${Date.now().toString(36)}`;
    const student = await newPage(browser, { width: 360, height: 800 });
    // Came by the WhatsApp short link: the report says so.
    await student.goto("/url/wa");
    await student.waitForURL((url) => url.search === "?src=wa");
    await signIn(student, "student@dars.test", "/s/dashboard");
    await student.getByRole("button", { name: ar.nav.account }).click();
    await student.getByRole("menuitem", { name: ar.nav.reportProblem }).click();
    const dialog = student.getByRole("dialog", { name: t.report.title });
    await dialog.waitFor();
    await field(dialog, t.report.titleLabel).fill(title);
    await field(dialog, t.report.descriptionLabel).fill("ضغطت على احجز في صفحة المدرّس ولم يحدث أي شيء.");
    await dialog
      .getByLabel(t.report.chooseScreenshot)
      .setInputFiles({ name: "screen.png", mimeType: "image/png", buffer: png });
    await dialog.getByText("screen.png").waitFor();
    await expectNoAxeViolations(student, "report dialog");
    await screenshot(student, "report-dialog-360");
    await dialog.getByRole("button", { name: t.report.send }).click();
    await student.getByText(t.report.sent).waitFor();
    expect(await dialog.count()).toBe(0);
    await student.context().close();

    const admin = await newPage(browser);
    await signIn(admin, "admin@dars.test", "/admin");
    await admin
      .getByRole("navigation", { name: ar.admin.navLabel })
      .getByRole("link", { name: t.adminReports.nav, exact: true })
      .click();
    await admin.waitForURL(/\/admin\/reports$/);
    // The reports are a table; a report opens in a dialog to read, note and resolve.
    const row = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: title }) });
    await row.waitFor();
    expect(await row.getByText("student@dars.test").count()).toBe(1);
    await expectNoAxeViolations(admin, "/admin/reports");
    await screenshot(admin, "admin-reports-1280");
    await row.getByRole("button", { name: title }).click();
    const item = admin.getByRole("dialog", { name: title });
    await item.waitFor();
    expect(await item.getByText("student@dars.test").count()).toBe(1);
    expect(await item.getByText("wa", { exact: true }).count()).toBe(1);
    expect(await item.getByRole("button", { name: t.adminReports.screenshot }).count()).toBe(1);
    expect(await item.getByRole("button", { name: t.adminReports.log }).count()).toBe(1);
    await expectNoAxeViolations(admin, "/admin/reports (report dialog)");
    await screenshot(admin, "admin-report-dialog-1280");
    await field(item, t.adminReports.noteLabel).fill("تم إصلاح زر الحجز");
    await item.getByRole("button", { name: t.adminReports.resolve }).click();
    // The dialog now offers to reopen it; closed, the report has left the "open" filter and shows under "resolved" with the note.
    await item.getByRole("button", { name: t.adminReports.reopen }).waitFor();
    await item.getByRole("button", { name: ar.ui.close }).click();
    await expect.poll(() => admin.getByRole("rowheader", { name: title }).count()).toBe(0);
    await admin.getByRole("button", { name: t.adminReports.statuses.resolved }).click();
    const resolved = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: title }) });
    await resolved.waitFor();
    expect(await resolved.getByText("تم إصلاح زر الحجز").count()).toBe(1);
    await resolved.getByRole("button", { name: title }).click();
    expect(
      await field(admin.getByRole("dialog", { name: title }), t.adminReports.noteLabel).inputValue(),
    ).toBe("تم إصلاح زر الحجز");
    await admin.context().close();
  });
});
