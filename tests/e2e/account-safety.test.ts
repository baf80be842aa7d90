import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar, errorMessage } from "../../web/src/i18n/ar-EG-all";
import { accountSafety } from "../../web/src/i18n/ar-EG-account-safety";
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

const PASSWORD = "Strong#Pass1";
const d = accountSafety.devices;
const s = accountSafety.suspension;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A sign-in from "another device": the API, with a phone browser's User-Agent. */
async function signInElsewhere(email: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/v1/auth/password`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent":
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const currentStatus = async (token: string) =>
  (await fetch(`${baseUrl()}/api/v1/user/current`, { headers: { authorization: `Bearer ${token}` } })).status;

async function openDevices(page: Page) {
  await page.goto("/s/settings");
  await page.getByRole("tab", { name: d.tab }).click();
  await page.getByRole("list", { name: d.listLabel }).waitFor();
}

describe("account safety", () => {
  it("lists the signed-in devices in settings and signs one out (1280 and 360 px)", async () => {
    const page = await newPage(browser);
    const email = uniqueEmail("e2e-devices");
    await registerStudent(page, "هالة سمير", email, PASSWORD);
    const phoneToken = await signInElsewhere(email);
    expect(await currentStatus(phoneToken)).toBe(200);

    await openDevices(page);
    const list = page.getByRole("list", { name: d.listLabel });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
    await list.getByText(d.thisDevice).waitFor();
    await list.getByText("Chrome · Android").waitFor();
    await expectNoAxeViolations(page, "/s/settings devices");
    await screenshot(page, "account-devices-1280");

    const narrow = await newPage(browser, { width: 360, height: 780 });
    await narrow.goto("/");
    // The same browser profile is not shared across contexts: sign in there as a third device.
    await narrow.goto("/login?next=%2Fs%2Fsettings");
    await field(narrow, ar.fields.email).fill(email);
    await field(narrow, ar.fields.password).fill(PASSWORD);
    await narrow.getByRole("button", { name: ar.login.submit, exact: true }).click();
    await narrow.waitForURL((url) => url.pathname === "/s/settings");
    await narrow.getByRole("tab", { name: d.tab }).click();
    const narrowList = narrow.getByRole("list", { name: d.listLabel });
    await expect.poll(() => narrowList.getByRole("listitem").count()).toBe(3);
    await expectNoAxeViolations(narrow, "/s/settings devices at 360 px");
    await screenshot(narrow, "account-devices-360");

    // End the phone from the wide screen: its token stops working at once.
    await page.reload();
    await page.getByRole("tab", { name: d.tab }).click();
    await page.getByRole("button", { name: d.endLabel("Chrome · Android") }).click();
    await expect
      .poll(() => page.getByRole("list", { name: d.listLabel }).getByRole("listitem").count())
      .toBe(2);
    expect(await currentStatus(phoneToken)).toBe(401);

    // Sign out of all the others: the narrow screen's session ends, this one stays.
    await page.getByRole("button", { name: d.endOthers }).click();
    await expect
      .poll(() => page.getByRole("list", { name: d.listLabel }).getByRole("listitem").count())
      .toBe(1);
    await page.getByText(d.onlyThis).waitFor();
    await narrow.reload();
    await narrow.waitForURL((url) => url.pathname === "/login");
    await narrow.context().close();
    await page.context().close();
  });

  it("an admin suspends a signed-in student with a reason, the student sees why, and the admin restores the account", async () => {
    const student = await newPage(browser, { width: 360, height: 780 });
    const email = uniqueEmail("e2e-suspended");
    await registerStudent(student, "كريم عادل", email, PASSWORD);
    const userId = await student.evaluate(
      () => (JSON.parse(localStorage.getItem("dars.session.user") ?? "null") as { id: number } | null)?.id,
    );
    expect(userId).toBeGreaterThan(0);

    const admin = await newPage(browser);
    await signIn(admin, "admin@dars.test", "/admin");
    await admin.goto(`/admin/user/${userId}`);
    const card = admin
      .getByRole("region", { name: s.title })
      .or(admin.locator("section", { has: admin.getByRole("heading", { name: s.title }) }));
    await card.getByText(s.active).waitFor();
    await admin.getByRole("button", { name: s.suspend }).click();
    const dialog = admin.getByRole("dialog", { name: s.suspendTitle });
    await dialog.getByRole("button", { name: s.confirmSuspend }).click();
    await dialog.getByText(errorMessage("invalid-suspension-reason")).first().waitFor();
    await expectNoAxeViolations(admin, "/admin/user suspend dialog");
    await field(dialog, s.reason).fill("إساءة متكررة للمدرسين في المحادثات");
    await screenshot(admin, "admin-suspend-dialog-1280");
    await dialog.getByRole("button", { name: s.confirmSuspend }).click();
    await dialog.waitFor({ state: "hidden" });
    await card.getByText(s.suspended).waitFor();
    await card.getByText("إساءة متكررة للمدرسين في المحادثات").waitFor();
    await expectNoAxeViolations(admin, "/admin/user suspended");
    await screenshot(admin, "admin-user-suspended-1280");

    // The student, still on a signed-in page, is sent to the suspension screen on the next request.
    await student.goto("/s/settings");
    await student.waitForURL((url) => url.pathname === "/account-suspended" || url.pathname === "/login");
    if (new URL(student.url()).pathname === "/login") await student.goto("/account-suspended");
    await student.getByRole("heading", { name: accountSafety.suspendedScreen.title }).waitFor();
    await student.getByText(errorMessage("account-suspended")).waitFor();
    await expectNoAxeViolations(student, "/account-suspended at 360 px");
    await screenshot(student, "account-suspended-360");
    // Signing in again is refused with the same Arabic message.
    await student.goto("/login");
    await field(student, ar.fields.email).fill(email);
    await field(student, ar.fields.password).fill(PASSWORD);
    await student.getByRole("button", { name: ar.login.submit, exact: true }).click();
    await student.getByText(errorMessage("account-suspended")).first().waitFor();

    await admin.getByRole("button", { name: s.restore }).click();
    const restoreDialog = admin.getByRole("dialog", { name: s.restoreTitle });
    await restoreDialog.getByRole("button", { name: s.confirmRestore }).click();
    await restoreDialog.waitFor({ state: "hidden" });
    await card.getByText(s.active).waitFor();
    await admin.setViewportSize({ width: 360, height: 780 });
    await expectNoAxeViolations(admin, "/admin/user restored at 360 px");
    await screenshot(admin, "admin-user-restored-360");
    await student.context().close();
    await admin.context().close();
  });
});
