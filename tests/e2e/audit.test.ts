import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { lastServedPage } from "../../schema/api/common";
import { formatNumber } from "../../web/src/lib/format";
import {
  DEMO_PASSWORD,
  baseUrl,
  expectNoAxeViolations,
  field,
  launch,
  newPage,
  screenshot,
  signIn,
} from "./browser";

const t = ar.staff.audit;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("the audit log screen «سجل التدقيق»", () => {
  it("shows an admin's own write with its Arabic label and before → after, filters it, and offers no way to change it", async () => {
    const page = await newPage(browser);
    await signIn(page, "admin@dars.test", "/admin");
    // A staff write through the API as this admin: a coupon, then its discount changed.
    const session = await fetch(`${baseUrl()}/api/v1/auth/password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@dars.test", password: DEMO_PASSWORD }),
    });
    const { token } = (await session.json()) as { token: string };
    const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
    const code = `AUDIT${Date.now().toString(36).toUpperCase()}`.slice(0, 16);
    const expiresAt = new Date(Date.now() + 7 * 864e5).toISOString();
    const created = await page.request.post(`${baseUrl()}/api/v1/coupon`, {
      headers,
      data: { code, discount: 2500, expiresAt },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(
      (
        await page.request.put(`${baseUrl()}/api/v1/coupon/${id}`, { headers, data: { discount: 3000 } })
      ).status(),
    ).toBe(200);

    await page
      .getByRole("navigation", { name: ar.admin.navLabel })
      .getByRole("link", { name: t.nav, exact: true })
      .click();
    await page.waitForURL(/\/admin\/audit$/);
    await page.getByRole("heading", { level: 1, name: t.title }).waitFor();
    const table = page.getByRole("table", { name: t.title });
    await table.waitFor();
    await field(page, t.action).selectOption("coupon.update");
    await field(page, t.targetId).fill(String(id));
    const row = table.getByRole("row").filter({ hasText: t.actions["coupon.update"] }).first();
    await row.waitFor();
    await row.getByText(t.fields.discount!).waitFor();
    // Before → after, as the screen writes numbers.
    expect(await row.innerText()).toContain(formatNumber(2500));
    expect(await row.innerText()).toContain(formatNumber(3000));
    await expectNoAxeViolations(page, "/admin/audit");
    await screenshot(page, "admin-audit-1280");
    // Read-only: no button in the table edits or deletes a record.
    expect(await table.getByRole("button").count()).toBe(0);

    // A staff password reset from the student's page: a code by email, never a password set for them.
    await page
      .getByRole("navigation", { name: ar.admin.navLabel })
      .getByRole("link", { name: ar.adminArea.nav.users, exact: true })
      .click();
    await page.waitForURL(/\/admin\/users$/);
    await field(page, ar.adminArea.users.searchLabel).fill("student@dars");
    await page.getByRole("link", { name: "سارة أحمد" }).click();
    await page.waitForURL(/\/admin\/user\/\d+$/);
    await page.getByRole("button", { name: ar.staff.passwordReset.button }).click();
    const confirm = page.getByRole("dialog", { name: ar.staff.passwordReset.confirmTitle });
    await expectNoAxeViolations(page, "/admin/user/{id} (password reset dialog)");
    await screenshot(page, "admin-user-password-reset-1280");
    await confirm.getByRole("button", { name: ar.staff.passwordReset.button }).click();
    await page.getByText(ar.staff.passwordReset.sent).waitFor();
    await page
      .getByRole("navigation", { name: ar.admin.navLabel })
      .getByRole("link", { name: t.nav, exact: true })
      .click();
    await page.waitForURL(/\/admin\/audit$/);
    await page
      .getByRole("table", { name: t.title })
      .getByText(t.actions["user.password-reset"])
      .first()
      .waitFor();

    const narrow = await newPage(browser, { width: 390, height: 844 });
    await signIn(narrow, "admin@dars.test", "/admin/audit");
    await narrow.getByRole("table", { name: t.title }).waitFor();
    await expectNoAxeViolations(narrow, "/admin/audit (390 px)");
    await screenshot(narrow, "admin-audit-390");
  }, 120_000);

  it("says a capped total as «أكتر من ١٬٠٠٠ سجل» at 360 px, with «التالي» open up to the deepest page served and no «الأخيرة»", async () => {
    const narrow = await newPage(browser, { width: 360, height: 780 });
    // The answer a Dars with more than 1,000 audit rows gives (worker/core/capped-count.ts; the
    // cap itself is tests/worker/capped-totals.test.ts): the real page, its total capped.
    // Every page shows the demo's first page of rows, so the deepest page served has rows too.
    await narrow.route(/\/api\/v1\/admin\/audit\?/, async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set("page", "1");
      const response = await route.fetch({ url: url.href });
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, total: 1000, totalIsLowerBound: true } });
    });
    await signIn(narrow, "admin@dars.test", "/admin/audit");
    await narrow.getByRole("table", { name: t.title }).waitFor();
    await narrow.getByText(ar.ui.moreThan(t.total(1000))).waitFor();
    const pager = narrow.getByRole("navigation", { name: ar.adminArea.common.pagination });
    await pager.getByText(ar.ui.pageOfMore(formatNumber(1), formatNumber(50))).waitFor();
    expect(await pager.getByRole("button", { name: ar.ui.last }).count()).toBe(0);
    expect(await pager.getByRole("button", { name: ar.ui.next }).isEnabled()).toBe(true);
    await expectNoAxeViolations(narrow, "/admin/audit capped total (360 px)");
    await screenshot(narrow, "admin-audit-capped-360");

    // The deepest page served (lastServedPage, schema/api/common.ts): «التالي» closes and a line
    // under the pager says to narrow the search; a deeper page is page-too-deep.
    const deepest = lastServedPage(20);
    await pager.getByRole("textbox", { name: ar.ui.goToPage }).fill(formatNumber(deepest));
    await pager.getByRole("button", { name: ar.ui.go }).click();
    await pager.getByText(ar.ui.pageOfMore(formatNumber(deepest), formatNumber(50))).waitFor();
    expect(await pager.getByRole("button", { name: ar.ui.next }).isDisabled()).toBe(true);
    await pager.getByText(ar.ui.narrowToSeeMore).waitFor();
    await expectNoAxeViolations(narrow, "/admin/audit deepest page served (360 px)");
    await screenshot(narrow, "admin-audit-deepest-360");
  }, 60_000);
});
