import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBusinessSettings } from "../../schema/pricing";
import { ar, errorMessage } from "../../web/src/i18n/ar-EG-all";
import {
  baseUrl,
  DEMO_PASSWORD,
  expectNoAxeViolations,
  field,
  launch,
  newPage,
  screenshot,
  signIn,
} from "./browser";

const t = ar.adminArea.settings;
let browser: Browser;

/** Puts the defaults back through the API, so the other browser tests see the usual numbers. */
async function restoreDefaults() {
  const signedIn = await fetch(`${baseUrl()}/api/v1/auth/password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@dars.test", password: DEMO_PASSWORD }),
  });
  const { token } = (await signedIn.json()) as { token: string };
  const saved = await fetch(`${baseUrl()}/api/v1/platform-settings/business`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(defaultBusinessSettings),
  });
  expect(saved.status).toBe(200);
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await restoreDefaults();
  await browser?.close();
});

describe("operator-set business numbers", () => {
  it("a SuperAdmin changes the cancel window and trial, sees the change in the history, and /pricing says the new numbers", async () => {
    const page = await newPage(browser);
    await signIn(page, "admin@dars.test", "/admin/platform-settings");
    const form = page.getByRole("form", { name: t.business });
    await form.waitFor();
    // A tutor rate above the lesson price is refused before anything is sent.
    await field(form, t.tutorHourlyRate).fill("9999");
    await form.getByRole("button", { name: t.saveBusiness }).click();
    await form.getByText(errorMessage("tutor-rate-above-lesson-rate")).waitFor();
    await field(form, t.tutorHourlyRate).fill("150");
    await field(form, t.cancelWindowHours).fill("12");
    await field(form, t.trialMinutes).selectOption("30");
    const saved = page.waitForResponse((response) =>
      response.url().endsWith("/api/v1/platform-settings/business"),
    );
    await form.getByRole("button", { name: t.saveBusiness }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText(t.savedBusiness).waitFor();
    const history = page.getByRole("heading", { name: t.history }).locator("..");
    await history.getByText(`${t.cancelWindowShort}: ٦ ساعات ← ١٢ ساعة`).waitFor();
    await expectNoAxeViolations(page, "/admin/platform-settings (business numbers)");
    await screenshot(page, "admin-business-settings-1280");

    const visitor = await newPage(browser);
    await visitor.goto("/pricing");
    await visitor.getByText("تقدر تلغي الحصة لحد ١٢ ساعة قبل ميعادها، ودقايقها بترجع لأسبوعها.").waitFor();
    await visitor.getByText(/أول حصة تجريبية مدتها ٣٠ دقيقة/).waitFor();
    await expectNoAxeViolations(visitor, "/pricing (operator numbers)");
    await screenshot(visitor, "pricing-operator-numbers-1280");
  });
});
