import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { ar, errorMessage } from "../../web/src/i18n/ar-EG-all";
import { baseUrl, expectNoAxeViolations, launch, newPage, screenshot, field, signIn } from "./browser";

const t = ar.adminArea;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function openSection(page: Page, label: string, path: RegExp) {
  await page
    .getByRole("navigation", { name: ar.admin.navLabel })
    .getByRole("link", { name: label, exact: true })
    .click();
  await page.waitForURL(path);
  await page.locator("h1").first().waitFor();
}

describe("the admin area", () => {
  it("an admin creates a staff account, opens a student, creates and deletes a plan, browses topics, sets withdrawal limits and flushes the cache", async () => {
    const page = await newPage(browser);
    await signIn(page, "admin@dars.test", "/admin");

    // Users: search by email, then open the student.
    await openSection(page, t.nav.users, /\/admin\/users$/);
    await page.getByRole("table", { name: ar.adminFigures.tables.users }).waitFor();
    await expectNoAxeViolations(page, "/admin/users");
    await screenshot(page, "admin-users-1280");
    // A staff account, created by the admin (who stays signed in as themselves).
    const staffEmail = `studio-${Date.now().toString(36)}@dars.test`;
    await page.getByRole("button", { name: t.users.createStaff }).click();
    const staff = page.getByRole("dialog", { name: t.users.createTitle });
    await field(staff, t.users.name).fill("استوديو القاهرة");
    await field(staff, t.users.email).fill(staffEmail);
    await field(staff, t.users.password).fill("Strong#Pass1");
    await field(staff, t.users.role).selectOption(String(Role.Studio));
    await expectNoAxeViolations(page, "/admin/users (create staff dialog)");
    await staff.getByRole("button", { name: t.users.createSubmit }).click();
    await page.getByText(t.users.createdStaff(staffEmail)).waitFor();
    await field(page, t.users.searchLabel).fill(staffEmail);
    await page.getByText(t.users.total(1)).waitFor();
    await page
      .getByRole("table", { name: ar.adminFigures.tables.users })
      .getByText(ar.roles[Role.Studio], { exact: true })
      .waitFor();
    await page.getByRole("banner").getByText("مدير المنصة").waitFor();

    await field(page, t.users.searchLabel).fill("student@dars");
    await page.getByText(t.users.total(1)).waitFor();
    await page.getByRole("link", { name: "سارة أحمد" }).click();
    await page.waitForURL(/\/admin\/user\/\d+$/);
    await page.getByRole("heading", { name: t.user.studentStats }).waitFor();
    await page.getByRole("heading", { name: t.user.subscriptions }).waitFor();
    await page.getByText(t.user.attendedLessons).waitFor();
    await expectNoAxeViolations(page, "/admin/user/{id}");
    await screenshot(page, "admin-user-1280");

    // Plans: create a 600-minute plan (listed last), see its prices, then delete it with confirmation.
    await openSection(page, t.nav.plans, /\/admin\/plans$/);
    await page.getByRole("table", { name: ar.adminFigures.tables.plans }).waitFor();
    await expectNoAxeViolations(page, "/admin/plans");
    await page.getByRole("button", { name: t.plans.add }).click();
    const dialog = page.getByRole("dialog", { name: t.plans.createTitle });
    await field(dialog, t.plans.weeklyMinutes).fill("600");
    await field(dialog, t.plans.baseMonthPrice).fill("abc");
    await dialog.getByRole("button", { name: ar.ui.save }).click();
    await dialog.getByText(errorMessage("invalid-plan-price")).waitFor();
    await expect.poll(() => field(dialog, t.plans.baseMonthPrice).getAttribute("aria-invalid")).toBe("true");
    await field(dialog, t.plans.baseMonthPrice).fill("4000");
    await field(dialog, t.plans.yearDiscount).fill("25");
    await dialog.getByRole("button", { name: ar.ui.save }).click();
    await dialog.waitFor({ state: "hidden" });
    const plan = page
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: t.plans.weekly(600) }) });
    await plan.waitFor();
    await expect.poll(() => plan.textContent()).toContain("٤٬٠٠٠");
    await screenshot(page, "admin-plans-1280");
    await plan.getByRole("button", { name: t.common.delete }).click();
    const confirm = page.getByRole("dialog", { name: t.plans.deleteTitle });
    await confirm.getByRole("button", { name: t.common.confirmDelete }).click();
    await confirm.waitFor({ state: "hidden" });
    await plan.waitFor({ state: "detached" });

    // Topics: the seeded ones are listed.
    await openSection(page, t.nav.topics, /\/admin\/topics$/);
    await page.getByRole("list", { name: t.topics.title }).waitFor();
    await expectNoAxeViolations(page, "/admin/topics");
    await screenshot(page, "admin-topics-1280");

    // Platform settings: flushing the cache asks first.
    await openSection(page, t.nav.settings, /\/admin\/platform-settings$/);
    await expectNoAxeViolations(page, "/admin/platform-settings");

    // Withdrawal limits: a minimum above the maximum is refused; the defaults save again.
    await field(page, t.settings.minWithdraw).fill("60000");
    await field(page, t.settings.maxWithdraw).fill("50000");
    await page.getByRole("button", { name: t.settings.saveLimits }).click();
    await page.getByText(errorMessage("min-withdraw-above-max")).waitFor();
    await field(page, t.settings.minWithdraw).fill("100");
    const saved = page.waitForResponse((response) =>
      response.url().endsWith("/api/v1/platform-settings/withdrawals"),
    );
    await page.getByRole("button", { name: t.settings.saveLimits }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText(t.settings.savedLimits).waitFor();
    await page.getByRole("button", { name: t.settings.flush }).click();
    const flush = page.getByRole("dialog", { name: t.settings.flushTitle });
    await expectNoAxeViolations(page, "/admin/platform-settings (confirmation)");
    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/v1/cache/flush") && response.request().method() === "DELETE",
    );
    await flush.getByRole("button", { name: t.settings.confirmFlush }).click();
    expect((await answer).status()).toBe(204);
    await page.getByText(t.settings.flushed).waitFor();
    await screenshot(page, "admin-settings-1280");

    // Tutors' media: every tutor (the demo tutors have all three files), with the video on demand.
    await openSection(page, t.nav.media, /\/admin\/media$/);
    await field(page, t.media.filter).selectOption("");
    const media = page.getByRole("list", { name: t.media.title });
    await media.getByText(t.media.kindState(t.media.video, t.media.present)).first().waitFor();
    await expectNoAxeViolations(page, "/admin/media");
    await screenshot(page, "admin-media-1280");

    // The admin's own account, inside the admin area: the same tabs as every user's settings.
    await openSection(page, t.nav.accountSettings, /\/admin\/user-settings$/);
    await page
      .getByRole("tablist", { name: ar.settings.tabsLabel })
      .getByRole("tab", { name: ar.settings.passwordTab })
      .waitFor();
    await expectNoAxeViolations(page, "/admin/user-settings");
    await screenshot(page, "admin-user-settings-1280");
  });

  it("a regular admin reads plans without write actions, and the other admin screens pass axe at 360 px", async () => {
    // A new tutor has no media yet, so /admin/media lists at least one row (with its upload link).
    const registered = await fetch(`${baseUrl()}/api/v1/user/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: `e2e-media-${Date.now().toString(36)}@example.com`,
        password: "Strong#Pass1",
        role: 3,
        name: "مدرس بلا ملفات",
      }),
    });
    expect(registered.status).toBe(201);
    const page = await newPage(browser, { width: 360, height: 800 });
    await signIn(page, "regular-admin@dars.test", "/admin");
    await page.goto("/admin/plans");
    await page.getByRole("table", { name: ar.adminFigures.tables.plans }).waitFor();
    await page.getByText(t.common.readOnly).waitFor();
    expect(await page.getByRole("button", { name: t.plans.add }).count()).toBe(0);
    expect(await page.getByRole("button", { name: t.common.delete }).count()).toBe(0);
    await expectNoAxeViolations(page, "/admin/plans (regular admin, 360)");
    const screens: Array<[string, string, string, string]> = [
      ["/admin/users", "admin-users-360", ar.adminFigures.tables.users, t.users.empty],
      ["/admin/tutors", "admin-tutors-360", ar.adminFigures.tables.tutors, t.tutors.empty],
      ["/admin/coupons", "admin-coupons-360", ar.adminFigures.tables.coupons, t.coupons.couponsEmpty],
      ["/admin/lessons", "admin-lessons-360", ar.adminFigures.tables.lessons, t.lessons.empty],
      ["/admin/interviews", "admin-interviews-360", t.interviews.interviews, t.interviews.empty],
      ["/admin/photo-sessions", "admin-photo-sessions-360", t.photoSessions.title, t.photoSessions.empty],
      ["/admin/media", "admin-media-360", t.media.title, "never empty here"],
    ];
    for (const [path, name, list, empty] of screens) {
      await page.goto(path);
      // The list, or its empty state, once loaded.
      await page
        .getByRole("list", { name: list })
        .or(page.getByRole("table", { name: list }))
        .or(page.getByText(empty))
        .first()
        .waitFor();
      await expectNoAxeViolations(page, `${path} (360)`);
      await screenshot(page, name);
    }
  });
});
