import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { arManager as manager } from "../../web/src/i18n/ar-EG-manager";
import { baseUrl, expectNoAxeViolations, launch, screenshot, signIn } from "./browser";

const f = ar.adminFigures;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A page like browser.ts's newPage; the page's Content-Security-Policy is bypassed so axe can be injected. */
async function newPage(on: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await on.newContext({
    viewport,
    locale: "ar-EG",
    timezoneId: "Africa/Cairo",
    baseURL: baseUrl(),
    bypassCSP: true,
    reducedMotion: "reduce",
  });
  return context.newPage();
}

/** The dashboard once its figures have loaded: both periods, four figures each, four charts. */
async function expectDashboard(page: Page) {
  await page.getByRole("heading", { level: 2, name: new RegExp(`^${f.today("")}`) }).waitFor();
  await page.getByRole("heading", { level: 2, name: new RegExp(`^${f.thisMonth("")}`) }).waitFor();
  expect(await page.locator("[data-figure]").count()).toBe(8);
  for (const label of [f.lessons, f.revenue, f.newStudents, f.activeTutors])
    expect(await page.getByRole("term").filter({ hasText: label }).count()).toBe(2);
  expect(await page.getByRole("figure").count()).toBe(4);
  await page.getByRole("figure", { name: f.lessonsPerDay(14) }).waitFor();
  // Each chart's values are a table for screen readers: 14 days, 6 months, 8 weeks and 8 weeks.
  const rows = async (name: string) => await page.getByRole("table", { name }).getByRole("rowheader").count();
  expect(await rows(f.lessonsPerDay(14))).toBe(14);
  expect(await rows(f.revenuePerMonth(6))).toBe(6);
  expect(await rows(f.newStudentsPerWeek(8))).toBe(8);
  expect(await rows(f.activeTutorsPerWeek(8))).toBe(8);
  // The database's size against D1's limit, with the capacity plan's advice for that share.
  await page.getByRole("heading", { level: 2, name: f.database.heading }).waitFor();
  expect(await page.getByRole("meter", { name: f.database.meter }).count()).toBe(1);
  await page.getByText(f.database.calm).waitFor();
  // The admin shell carries no marketing footer.
  expect(await page.getByRole("contentinfo").count()).toBe(0);
}

describe("the admin area's figures and tables", () => {
  it("shows an admin today's and this month's figures and four charts drawn right to left, without the footer (1280 px)", async () => {
    const page = await newPage(browser);
    await signIn(page, "admin@dars.test", "/admin");
    await expectDashboard(page);
    // Right to left: the oldest day's bar is to the right of the newest.
    const x = await page
      .getByRole("figure", { name: f.lessonsPerDay(14) })
      .locator("rect[data-value]")
      .evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().x));
    expect(x).toHaveLength(14);
    expect(x[0]!).toBeGreaterThan(x[13]!);
    await expectNoAxeViolations(page, "/admin");
    await screenshot(page, "admin-figures-1280");
    await page.context().close();
  });

  it("searches the users table as the admin types, sorts it by a header and jumps to a page (1280 px)", async () => {
    const page = await newPage(browser);
    await signIn(page, "admin@dars.test", "/admin/users");
    const table = page.getByRole("table", { name: f.tables.users });
    await table.waitFor();
    const pager = page.getByRole("navigation", { name: ar.adminArea.common.pagination });
    await pager.waitFor();
    // A page jump: «انتقل إلى صفحة» ٢.
    await pager.getByRole("textbox", { name: ar.ui.goToPage }).fill("٢");
    await pager.getByRole("button", { name: ar.ui.go }).click();
    await pager.getByText(/^صفحة ٢ من /).waitFor();
    await pager.getByRole("button", { name: ar.ui.first }).click();
    await pager.getByText(/^صفحة ١ من /).waitFor();

    // Sorting by name: aria-sort follows, and the rows come in Arabic alphabetical order.
    const nameHeader = table.getByRole("columnheader", { name: f.tables.name });
    expect(await nameHeader.getAttribute("aria-sort")).toBe("none");
    await nameHeader.getByRole("button").click();
    await expect.poll(() => nameHeader.getAttribute("aria-sort")).toBe("ascending");
    await nameHeader.getByRole("button").press("Enter");
    await expect.poll(() => nameHeader.getAttribute("aria-sort")).toBe("descending");

    // Search as you type: no button to press.
    await page
      .getByRole("searchbox", { name: ar.adminArea.users.searchLabel })
      .pressSequentially("student@dars", { delay: 40 });
    await page.getByText(ar.adminArea.users.total(1)).waitFor();
    await table.getByRole("rowheader", { name: "سارة أحمد" }).waitFor();
    expect(await table.getByRole("row").count()).toBe(2); // the header row and hers
    await expectNoAxeViolations(page, "/admin/users (table)");
    await screenshot(page, "admin-users-table-1280");
    await page.context().close();
  });

  it("shows tutors, lessons and coupons as tables sorted by a header and searched as the admin types, under a header as wide as the admin layout (1280 px)", async () => {
    const page = await newPage(browser);
    await signIn(page, "admin@dars.test", "/admin/tutors");
    const tutors = page.getByRole("table", { name: f.tables.tutors });
    await tutors.waitFor();
    // The header's row lines up with the admin shell under it (same width, same start).
    const headerRow = await page.locator("header > div").first().boundingBox();
    const content = await page.locator("#main-content").boundingBox();
    expect(Math.abs(headerRow!.x - content!.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(headerRow!.width - content!.width)).toBeLessThanOrEqual(1);
    expect(await page.getByRole("contentinfo").count()).toBe(0);

    const nameHeader = tutors.getByRole("columnheader", { name: f.tables.name });
    await nameHeader.getByRole("button").click();
    await expect.poll(() => nameHeader.getAttribute("aria-sort")).toBe("ascending");
    await expect
      .poll(async () => {
        const names = await tutors.getByRole("rowheader").allTextContents();
        return names.length > 1 && names.join("|") === [...names].sort().join("|");
      })
      .toBe(true);
    await page
      .getByRole("searchbox", { name: ar.adminArea.tutors.nameFilter })
      .pressSequentially("سلمى", { delay: 40 });
    await tutors.getByRole("rowheader", { name: "سلمى حسين" }).waitFor();
    await expect.poll(() => tutors.getByRole("row").count()).toBe(2);
    await expectNoAxeViolations(page, "/admin/tutors (table)");
    await screenshot(page, "admin-tutors-table-1280");

    await page.goto("/admin/lessons");
    const lessons = page.getByRole("table", { name: f.tables.lessons });
    await lessons.waitFor();
    const price = lessons.getByRole("columnheader", { name: f.tables.price });
    expect(await price.getAttribute("aria-sort")).toBe("none");
    await price.getByRole("button").click();
    await expect.poll(() => price.getAttribute("aria-sort")).toBe("descending");
    // Search as you type by a member's name: the demo student's lessons, then none for a name nobody has.
    await page
      .getByRole("searchbox", { name: f.tables.searchLessons })
      .pressSequentially("سارة", { delay: 40 });
    await lessons.getByRole("link", { name: "سارة أحمد" }).first().waitFor();
    await page
      .getByRole("searchbox", { name: f.tables.searchLessons })
      .pressSequentially("ززز", { delay: 40 });
    await lessons.getByText(ar.adminArea.lessons.empty).waitFor();
    await expectNoAxeViolations(page, "/admin/lessons (table)");
    await screenshot(page, "admin-lessons-table-1280");

    await page.goto("/admin/coupons");
    const coupons = page.getByRole("table", { name: f.tables.coupons });
    await coupons.waitFor();
    const discount = coupons.getByRole("columnheader", { name: f.tables.discount });
    await discount.getByRole("button").click();
    await expect.poll(() => discount.getAttribute("aria-sort")).toBe("descending");
    await page
      .getByRole("searchbox", { name: f.tables.searchCoupons })
      .pressSequentially("zz-none", { delay: 40 });
    await coupons.getByText(ar.adminArea.coupons.couponsEmpty).waitFor();
    await expectNoAxeViolations(page, "/admin/coupons (table)");
    await screenshot(page, "admin-coupons-table-1280");
    await page.context().close();
  });

  it("passes axe at 360 px: the figures, the users table and the plans table", async () => {
    const page = await newPage(browser, { width: 360, height: 800 });
    await signIn(page, "admin@dars.test", "/admin");
    await expectDashboard(page);
    await expectNoAxeViolations(page, "/admin (360)");
    await screenshot(page, "admin-figures-360");
    // Nothing wider than the screen: the tables scroll inside their own region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto("/admin/users");
    await page.getByRole("table", { name: f.tables.users }).waitFor();
    await expectNoAxeViolations(page, "/admin/users (360)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "admin-users-table-360");

    await page.goto("/admin/plans");
    await page.getByRole("table", { name: f.tables.plans }).waitFor();
    await expectNoAxeViolations(page, "/admin/plans (360)");
    await screenshot(page, "admin-plans-table-360");

    // Tutors, lessons and coupons: their tables scroll inside their own region.
    for (const [path, table, name] of [
      ["/admin/tutors", f.tables.tutors, "admin-tutors-table-360"],
      ["/admin/lessons", f.tables.lessons, "admin-lessons-table-360"],
      ["/admin/coupons", f.tables.coupons, "admin-coupons-table-360"],
    ]) {
      await page.goto(path!);
      await page.getByRole("table", { name: table }).waitFor();
      await expectNoAxeViolations(page, `${path} (360)`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(page, name!);
    }

    // Withdrawals and reports: their tables (or, with none yet, the empty row), search box and filters.
    for (const [path, table, search, name] of [
      ["/admin/invoices", f.tables.invoices, f.tables.searchInvoices, "admin-invoices-table-360"],
      ["/admin/reports", f.tables.reports, f.tables.searchReports, "admin-reports-table-360"],
    ]) {
      await page.goto(path!);
      await page.getByRole("table", { name: table }).waitFor();
      await page.getByRole("searchbox", { name: search }).waitFor();
      await expectNoAxeViolations(page, `${path} (360)`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(page, name!);
    }
    await page.context().close();
  });

  it("gives the tutor manager reviews and their schedule in the navigation, and no onboarding steps in the menu", async () => {
    const page = await newPage(browser);
    await signIn(page, "manager@dars.test", "/t/dashboard");
    const nav = page.getByRole("navigation", { name: ar.nav.main });
    await nav.getByRole("link", { name: ar.onboarding.managerTitle }).click();
    await page.waitForURL(/\/interviews$/);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await nav.getByRole("link", { name: ar.nav.schedule }).waitFor();
    await page.getByRole("button", { name: ar.nav.account }).click();
    const menu = page.getByRole("menu", { name: ar.nav.account });
    await menu.getByRole("menuitem", { name: ar.nav.reportProblem }).waitFor();
    expect(await menu.getByRole("menuitem", { name: ar.onboarding.title }).count()).toBe(0);
    await menu.getByRole("menuitem", { name: ar.onboarding.managerTitle }).waitFor();
    await screenshot(page, "manager-navigation-1280");
    await page.keyboard.press("Escape");
    await expectNoAxeViolations(page, "/interviews (manager)");
    // Each of the manager's tabs keeps a sound heading order and passes axe.
    for (const tab of [ar.onboarding.myVideos, manager.reviews.demosTab]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect
        .poll(() => page.getByRole("tab", { name: tab }).getAttribute("aria-selected"))
        .toBe("true");
      await expectNoAxeViolations(page, `/interviews (manager, ${tab})`);
    }

    // On a phone the account menu carries the same links.
    const phone = await newPage(browser, { width: 360, height: 800 });
    await signIn(phone, "manager@dars.test", "/t/dashboard");
    await phone.getByRole("button", { name: ar.nav.account }).click();
    await phone.getByRole("menuitem", { name: ar.nav.schedule }).waitFor();
    expect(await phone.getByRole("menuitem", { name: ar.onboarding.title }).count()).toBe(0);
    await screenshot(phone, "manager-menu-360");
    await page.context().close();
    await phone.context().close();
  });
});
