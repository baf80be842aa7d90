// «طلبات البيانات الشخصية»: a new student asks for a copy of their data, then deletes their
// account; an admin finds both on /admin/data-requests by the student's email (deletions and
// exports tabs), with axe at 1280 and 360 px.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { adminDataRequests as t } from "../../web/src/i18n/ar-EG-privacy-deletion";
import { api } from "./api";
import { expectNoAxeViolations, field, launch, newPage, screenshot, signIn } from "./browser";

type Auth = { token: string; user: { id: number } };
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function openDataRequests(page: Page) {
  await page
    .getByRole("navigation", { name: ar.admin.navLabel })
    .getByRole("link", { name: t.nav, exact: true })
    .click();
  await page.waitForURL(/\/admin\/data-requests$/);
  await page.getByRole("heading", { level: 1, name: t.title }).waitFor();
}

describe("admins see personal data requests", () => {
  it("a student's export and deletion request are listed, found by email, on a desktop and a phone", async () => {
    const stamp = Date.now().toString(36);
    const email = `e2e-data-${stamp}@example.com`;
    const password = "Strong#Pass1";
    const registered = await api<Auth>("POST", "/user/", {
      email,
      password,
      role: 4,
      name: "طالبة البيانات",
    });
    expect(registered.status).toBe(201);
    const { token } = registered.body;
    expect((await api("POST", "/user/current/export", undefined, token)).status).toBe(202);
    expect((await api("POST", "/user/current/deletion", { password }, token)).status).toBe(200);

    const admin = await newPage(browser);
    await signIn(admin, "admin@dars.test", "/admin");
    await openDataRequests(admin);
    await field(admin, t.searchLabel).fill(email);
    const deletions = admin.getByRole("tabpanel");
    const row = deletions.locator("[data-deletion-row]");
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    expect(await row.getAttribute("data-state")).toBe("pending");
    expect(await row.getByText(t.states.pending).count()).toBe(1);
    expect(await row.getByText(t.requestedBy.self).count()).toBe(1);
    expect(await row.getByText(email).count()).toBe(1);
    await expectNoAxeViolations(admin, "/admin/data-requests (deletions)");
    await screenshot(admin, "admin-data-requests-deletions-1280");

    await admin.getByRole("tab", { name: t.tabs.exports }).click();
    const exportRow = admin.getByRole("tabpanel").locator("[data-export-row]");
    await expect.poll(() => exportRow.count(), { timeout: 10_000 }).toBe(1);
    expect(await exportRow.getByText(email).count()).toBe(1);
    await expectNoAxeViolations(admin, "/admin/data-requests (exports)");
    await screenshot(admin, "admin-data-requests-exports-1280");

    await admin.getByRole("tab", { name: t.tabs.erasures }).click();
    await admin.getByText(t.empty.erasures).waitFor();
    await admin.context().close();

    const phone = await newPage(browser, { width: 360, height: 800 });
    await signIn(phone, "admin@dars.test", "/admin/data-requests");
    await field(phone, t.searchLabel).fill(email);
    await expect
      .poll(() => phone.getByRole("tabpanel").locator("[data-deletion-row]").count(), { timeout: 10_000 })
      .toBe(1);
    await expectNoAxeViolations(phone, "/admin/data-requests at 360 px");
    await screenshot(phone, "admin-data-requests-360");
    await phone.context().close();
  });
});
