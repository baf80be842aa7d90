import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanView } from "@schema/api/plan";
import { ar, errorMessage } from "../../web/src/i18n/ar-EG-all";
import { money } from "../../web/src/i18n/ar-EG-money";
import { arLessons } from "../../web/src/i18n/ar-EG-lessons";
import {
  baseUrl,
  cheapestPlan,
  newVerifiedStudent,
  expectNoAxeViolations,
  launch,
  newPage,
  screenshot,
  field,
} from "./browser";

const PASSWORD = "Checkout#2026";
const p = ar.payments;
/** The sandbox 3-D Secure page's failure buttons (emulators/fawry/app.ts, threeDsFailures). */
const threeDsFailures = {
  decline: { label: "البنك رفض البطاقة" },
  authentication: { label: "فشل التحقق" },
};
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the checkout of a plan for a month and waits for the payment tabs. */
async function openCheckout(page: Page, plan: PlanView) {
  await page.goto(`/checkout/${plan.id}/0`);
  await page.getByTestId("checkout-total").waitFor();
  await page.getByRole("tab").first().waitFor();
}

/** Chooses the saved card, types the CVV and pays: the browser goes to the 3-D Secure page. */
async function payWithSavedCard(page: Page) {
  await page.getByRole("tab", { name: p.methods[0] }).click();
  const panel = page.getByRole("tabpanel");
  await panel.getByRole("radio").first().check();
  await field(panel, p.card.cvv).fill("123");
  await panel.getByRole("button", { name: /^ادفع/ }).click();
  await page.waitForURL(/\/dev\/fawry\/3ds\//);
  await page.getByRole("heading", { name: /3-D Secure/ }).waitFor();
}

/** The weekly minutes left on the student dashboard: the new subscription's minutes. */
async function expectDashboardMinutes(page: Page, weeklyMinutes: number) {
  await page.goto("/s/dashboard");
  const figure = page
    .locator("dt", { hasText: ar.stats.minutesLeftThisWeek })
    .locator("xpath=following-sibling::dd");
  await figure.getByText(new Intl.NumberFormat("ar-EG").format(weeklyMinutes), { exact: true }).waitFor();
  expect(await figure.textContent()).not.toContain(ar.stats.noSubscription);
}

/** A screenshot at a 360 px wide phone, then back to the desktop size. */
async function narrowScreenshot(page: Page, name: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 800 });
  await screenshot(page, name);
  if (size) await page.setViewportSize(size);
}

/** Runs axe on every payment-method tab of the checkout. */
async function expectTabsAccessible(page: Page) {
  const tabs = page.getByRole("tab");
  const count = await tabs.count();
  expect(count).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    await tab.click();
    await expect(tab.getAttribute("aria-selected")).resolves.toBe("true");
    await expectNoAxeViolations(page, `/checkout (${(await tab.textContent())?.trim()} tab)`);
  }
}

describe("checkout (docs/rules.md, Payments)", () => {
  it("a new student buys the cheapest plan for a month by reference number, and sees it paid and on the dashboard", async () => {
    const page = await newPage(browser);
    await newVerifiedStudent(page, "منى عادل", PASSWORD, "e2e-buyer");

    // The checkout of the cheapest plan, one month.
    const plan = await cheapestPlan();
    await openCheckout(page, plan);
    expect((await page.getByTestId("checkout-total").textContent())?.replace(/\s/g, "")).toBe(
      new Intl.NumberFormat("ar-EG", {
        style: "currency",
        currency: "EGP",
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      })
        .format(plan.monthPrice / 100)
        .replace(/\s/g, ""),
    );
    await screenshot(page, "checkout");
    await expectTabsAccessible(page);

    // Reference number: pay it "at an outlet" through the sandbox, and the page turns to Paid.
    await page.getByRole("tab", { name: p.methods[3] }).click();
    await page.getByRole("button", { name: p.reference.start }).click();
    const reference = (await page.getByTestId("reference-number").textContent())?.trim() ?? "";
    expect(reference).toMatch(/^\d+$/);
    await page.getByText(p.reference.steps[0]).waitFor();
    await expectNoAxeViolations(page, "/checkout (reference number)");
    await screenshot(page, "checkout-reference-number");
    await narrowScreenshot(page, "checkout-reference-number-360");

    // A reload resumes the waiting order: the same reference number, no new order.
    await page.reload();
    await expect(page.getByTestId("reference-number").textContent()).resolves.toBe(reference);
    await page.getByText(p.reference.steps[0]).waitFor();

    const paid = await fetch(`${baseUrl()}/api/v1/dev/fawry/__emu/pay/${reference}`, { method: "POST" });
    expect(paid.status).toBe(200);
    await page.getByRole("heading", { name: p.paid.title }).waitFor({ timeout: 15_000 });
    await screenshot(page, "checkout-paid");
    await expect(
      page.locator("#main-content").getByRole("link", { name: p.paid.dashboard }).getAttribute("href"),
    ).resolves.toBe("/s/dashboard");

    // /payments: the paid transaction and the new subscription.
    await page.goto("/payments");
    await page.getByTestId("current-subscription").waitFor();
    await page.locator("[data-transaction]").first().getByText(p.statuses[1]).waitFor();
    expect(await page.locator("[data-transaction]").count()).toBe(1);
    await expectNoAxeViolations(page, "/payments");
    await screenshot(page, "payments");
    await narrowScreenshot(page, "payments-360");

    // The dashboard: the subscription's weekly minutes, all still left this week.
    await expectDashboardMinutes(page, plan.weeklyMinutes);
    await screenshot(page, "dashboard-after-reference-number");
    await page.context().close();
  });

  it("a new student adds a card on Fawry's hosted page, fails once at 3-D Secure, retries and buys the plan by card", async () => {
    const page = await newPage(browser);
    await newVerifiedStudent(page, "كريم حسن", PASSWORD, "e2e-buyer");
    const plan = await cheapestPlan();
    await openCheckout(page, plan);

    // No saved card yet: add one on the sandbox's hosted page, then come back to this checkout.
    await page.getByRole("tab", { name: p.methods[0] }).click();
    await page.getByText(p.card.noCards).waitFor();
    await page.getByRole("button", { name: p.card.addCard }).click();
    await page.waitForURL(/\/atfawry\/plugin\/card-token/);
    await screenshot(page, "sandbox-add-card");
    await page.getByRole("button", { name: "حفظ البطاقة" }).click();
    // Saved: /card-added resumes the same checkout at once, the new (default) card already chosen.
    await page.waitForURL(new RegExp(`/checkout/${plan.id}/0\\?resume=card`));
    await page.getByText(money.card.resumed).waitFor();
    await page.getByRole("tab", { name: p.methods[0] }).click();
    await page.getByRole("tabpanel").getByText("512345******2346").waitFor();
    await expect(page.getByRole("tabpanel").getByRole("radio").first().isChecked()).resolves.toBe(true);
    await expectNoAxeViolations(page, "/checkout (card tab, a saved card)");
    await screenshot(page, "checkout-card");
    await narrowScreenshot(page, "checkout-card-360");

    // First attempt: the bank declines the card on the 3-D Secure page. One message says so and
    // what to do (another card, a Fawry reference, a wallet), not a gateway error.
    await payWithSavedCard(page);
    await screenshot(page, "sandbox-3ds");
    await page.getByRole("button", { name: threeDsFailures.decline.label }).click();
    await page.waitForURL(new RegExp(`/checkout/${plan.id}/0\\?tx=\\d+`));
    await page.locator('[data-status="6"]').waitFor();
    await page.getByText(p.failures.declined).waitFor();
    await page.getByText(p.failures.whatToDo.declined).waitFor();
    expect(await page.getByText(errorMessage("fawry-error")).count()).toBe(0);
    await expectNoAxeViolations(page, "/checkout (card declined at 3-D Secure)");
    await screenshot(page, "checkout-card-failed-1280");
    await narrowScreenshot(page, "checkout-card-failed-360");

    // Second attempt: the bank's check does not pass; the message says that instead.
    await page.getByRole("button", { name: p.waiting.retry }).click();
    await page.getByRole("tab").first().waitFor();
    await payWithSavedCard(page);
    await page.getByRole("button", { name: threeDsFailures.authentication.label }).click();
    await page.waitForURL(new RegExp(`/checkout/${plan.id}/0\\?tx=\\d+`));
    await page.getByText(p.failures.authentication).waitFor();
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoAxeViolations(page, "/checkout (3-D Secure check failed, 360 px)");
    await screenshot(page, "checkout-card-check-failed-360");
    await page.setViewportSize({ width: 1280, height: 800 });

    // Retry: back to the methods, pay again, press Pay this time.
    await page.getByRole("button", { name: p.waiting.retry }).click();
    await page.getByRole("tab").first().waitFor();
    expect(new URL(page.url()).search).toBe("");
    await payWithSavedCard(page);
    await page.getByRole("button", { name: "ادفع", exact: true }).click();
    await page.waitForURL(new RegExp(`/checkout/${plan.id}/0\\?tx=\\d+`));
    await page.getByRole("heading", { name: p.paid.title }).waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page, "/checkout (card paid)");
    await screenshot(page, "checkout-card-paid-1280");
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoAxeViolations(page, "/checkout (card paid, 360 px)");
    await screenshot(page, "checkout-card-paid-360");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The subscription and its weekly minutes on the dashboard; both attempts on /payments.
    await page.locator("#main-content").getByRole("link", { name: p.paid.dashboard }).click();
    await page.waitForURL(/\/s\/dashboard$/);
    await expectDashboardMinutes(page, plan.weeklyMinutes);
    await screenshot(page, "dashboard-after-card");
    await page.goto("/payments");
    await page.getByTestId("current-subscription").waitFor();
    await page.locator("[data-transaction]").nth(0).getByText(p.statuses[1]).waitFor();
    await page.locator("[data-transaction]").nth(1).getByText(p.statuses[6]).waitFor();
    expect(await page.locator("[data-transaction]").count()).toBe(3);

    // /plans now: their plan first, and «اشترك» explains how a change goes instead of a checkout.
    const plans = arLessons.marketplace.plans;
    await page.goto("/plans");
    await page.getByTestId("current-plan").waitFor();
    expect(await page.locator('a[href^="/checkout/"]').count()).toBe(0);
    await page.getByRole("button", { name: plans.subscribeTo(plan.weeklyMinutes, plans.periods[1]) }).click();
    await page.getByRole("dialog", { name: plans.current.dialogTitle }).waitFor();
    await expectNoAxeViolations(page, "/plans (subscribed, change explained)");
    await screenshot(page, "plans-subscribed-1280");
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoAxeViolations(page, "/plans (subscribed, change explained, 360 px)");
    await screenshot(page, "plans-subscribed-360");
    await page.context().close();
  });
});
