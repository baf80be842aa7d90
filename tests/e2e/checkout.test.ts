import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "@schema/api/common";
import type { PlanView } from "@schema/api/plan";
import { ar } from "../../web/src/i18n/ar-EG";
import { baseUrl, expectNoAxeViolations, latestCode, launch, newPage, screenshot } from "./browser";

const PASSWORD = "Checkout#2026";
const p = ar.payments;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const field = (page: Page | ReturnType<Page["getByRole"]>, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/** The cheapest plan a newcomer can buy, by its month price. */
async function cheapestPlan(): Promise<PlanView> {
  const response = await fetch(`${baseUrl()}/api/v1/plan/list?size=100`);
  const { list } = (await response.json()) as Paged<PlanView>;
  const plans = list.filter((plan) => plan.active && !plan.inviteOnly).sort((a, b) => a.monthPrice - b.monthPrice);
  if (!plans[0]) throw new Error("no plan to buy");
  return plans[0];
}

describe("checkout (issue 5)", () => {
  it("a new student buys the cheapest plan for a month by reference number and sees it paid", async () => {
    const page = await newPage(browser);
    const email = `e2e-buyer-${Date.now().toString(36)}@example.com`;

    // Register and verify the email with the mailed code.
    await page.goto("/register/student");
    await field(page, ar.fields.name).fill("منى عادل");
    await field(page, ar.fields.email).fill(email);
    await field(page, ar.fields.password).fill(PASSWORD);
    await field(page, ar.fields.confirmPassword).fill(PASSWORD);
    await page.getByRole("button", { name: ar.register.submit }).click();
    await page.waitForURL(/\/(s\/dashboard|complete-profile)/);
    await page.goto("/s/dashboard");
    await page.getByRole("button", { name: ar.verification.verifyEmail }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: ar.verification.sendCode }).click();
    // The code field appears once the new code is stored (it replaces the one sent at registration).
    await field(dialog, ar.fields.code).waitFor();
    await field(dialog, ar.fields.code).fill(await latestCode(email));
    await dialog.getByRole("button", { name: ar.verification.confirm }).click();
    await page.getByText(ar.verification.emailVerified).first().waitFor();

    // The checkout of the cheapest plan, one month.
    const plan = await cheapestPlan();
    await page.goto(`/checkout/${plan.id}/0`);
    await page.getByTestId("checkout-total").waitFor();
    await page.getByRole("tab").first().waitFor();
    expect((await page.getByTestId("checkout-total").textContent())?.replace(/\s/g, "")).toBe(
      new Intl.NumberFormat("ar-EG", { style: "currency", currency: "EGP", minimumFractionDigits: 0, maximumFractionDigits: 2 })
        .format(plan.monthPrice / 100)
        .replace(/\s/g, ""),
    );
    await expectNoAxeViolations(page, "/checkout/{planId}/{period}");
    await screenshot(page, "checkout");

    // Reference number: pay it "at an outlet" through the sandbox, and the page turns to Paid.
    await page.getByRole("tab", { name: p.methods[3] }).click();
    await page.getByRole("button", { name: p.reference.start }).click();
    const reference = (await page.getByTestId("reference-number").textContent())?.trim() ?? "";
    expect(reference).toMatch(/^\d+$/);
    await page.getByText(p.reference.steps[0]).waitFor();
    await expectNoAxeViolations(page, "/checkout (reference number)");
    await screenshot(page, "checkout-reference-number");

    const paid = await fetch(`${baseUrl()}/api/v1/dev/fawry/__emu/pay/${reference}`, { method: "POST" });
    expect(paid.status).toBe(200);
    await page.getByRole("heading", { name: p.paid.title }).waitFor({ timeout: 15_000 });
    await screenshot(page, "checkout-paid");
    await expect(page.locator("#main-content").getByRole("link", { name: p.paid.dashboard }).getAttribute("href")).resolves.toBe("/s/dashboard");

    // /payments: the paid transaction and the new subscription.
    await page.goto("/payments");
    await page.getByTestId("current-subscription").waitFor();
    await page.locator("[data-transaction]").first().getByText(p.statuses[1]).waitFor();
    await expectNoAxeViolations(page, "/payments");
    await screenshot(page, "payments");
    await page.context().close();
  });
});
