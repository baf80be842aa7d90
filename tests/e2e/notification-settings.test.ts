import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { notificationsText as t } from "../../web/src/i18n/ar-EG-notifications";
import { api } from "./api";
import { expectNoAxeViolations, field, latestCode, launch, newPage, screenshot } from "./browser";

const PASSWORD = "Strong#Pass1";
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A new student with a verified WhatsApp number, made through the API. */
async function studentWithWhatsapp(): Promise<{ email: string; token: string }> {
  const email = `e2e-notify-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const registered = await api<{ token: string }>("POST", "/user/", {
    email,
    password: PASSWORD,
    role: 4,
    name: "نادين الإشعارات",
  });
  expect(registered.status).toBe(201);
  const token = registered.body.token;
  const phone = `010${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  expect((await api("POST", "/confirmation-code/phone/send", { phone, method: 1 }, token)).status).toBe(200);
  const verified = await api(
    "POST",
    "/confirmation-code/phone/verify",
    { code: await latestCode(phone), method: 1 },
    token,
  );
  expect(verified.status).toBe(200);
  return { email, token };
}

// docs/rules.md, "Notifications: channels, preferences, quiet hours".
describe("settings: notifications", () => {
  it("a student turns off marketing email and a kind's WhatsApp, sets quiet hours, reloads and finds them kept (1280 and 360 px)", async () => {
    const { email, token } = await studentWithWhatsapp();
    // Marketing email on first, so turning it off is a real change.
    await api(
      "PUT",
      "/user/current/notification-preferences",
      { channels: { marketing: ["email"] }, quietHours: null },
      token,
    );

    const page = await newPage(browser);
    await page.goto("/login?next=%2Fs%2Fsettings");
    await field(page, ar.fields.email).fill(email);
    await field(page, ar.fields.password).fill(PASSWORD);
    await page.getByRole("button", { name: ar.login.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/s/settings");

    const heading = page.getByRole("heading", { name: t.title, exact: true });
    await heading.scrollIntoViewIfNeeded();
    const card = page.getByTestId("notifications-card");
    const marketingEmail = card.getByRole("checkbox", { name: t.cell(t.kinds.marketing, t.channels.email) });
    const bookingWhatsapp = card.getByRole("checkbox", {
      name: t.cell(t.kinds["booking-changes"], t.channels.whatsapp),
    });
    await expect.poll(() => marketingEmail.isChecked()).toBe(true);
    expect(await bookingWhatsapp.isChecked()).toBe(true);
    // Required kinds: shown ticked, locked.
    const security = card.getByRole("checkbox", {
      name: `${t.cell(t.kinds.security, t.channels.email)}: ${t.required}`,
    });
    expect(await security.isChecked()).toBe(true);
    expect(await security.isDisabled()).toBe(true);

    await marketingEmail.uncheck();
    await bookingWhatsapp.uncheck();
    await card.getByRole("switch", { name: t.quiet.on }).check();
    await field(card, t.quiet.from).fill("22:30");
    await field(card, t.quiet.to).fill("07:00");
    await card.getByRole("button", { name: t.save }).click();
    await page.getByText(t.saved).first().waitFor();
    await expectNoAxeViolations(page, "/s/settings notifications at 1280 px");
    await heading.scrollIntoViewIfNeeded();
    await screenshot(page, "notification-settings-1280");

    const stored = await api<{ channels: Record<string, string[]>; quietHours: unknown }>(
      "GET",
      "/user/current/notification-preferences",
      undefined,
      token,
    );
    expect(stored.body.channels.marketing).toEqual([]);
    expect(stored.body.channels["booking-changes"]).not.toContain("whatsapp");
    expect(stored.body.quietHours).toEqual({ start: "22:30", end: "07:00" });

    await page.reload();
    await heading.scrollIntoViewIfNeeded();
    await expect.poll(() => card.getByRole("switch", { name: t.quiet.on }).isChecked()).toBe(true);
    expect(await marketingEmail.isChecked()).toBe(false);
    expect(await bookingWhatsapp.isChecked()).toBe(false);
    expect(await field(card, t.quiet.from).inputValue()).toBe("22:30");
    expect(await field(card, t.quiet.to).inputValue()).toBe("07:00");

    const narrow = await newPage(browser, { width: 360, height: 780 });
    await narrow.goto("/login?next=%2Fs%2Fsettings");
    await field(narrow, ar.fields.email).fill(email);
    await field(narrow, ar.fields.password).fill(PASSWORD);
    await narrow.getByRole("button", { name: ar.login.submit, exact: true }).click();
    await narrow.waitForURL((url) => url.pathname === "/s/settings");
    const narrowCard = narrow.getByTestId("notifications-card");
    await narrowCard.scrollIntoViewIfNeeded();
    await expect.poll(() => narrowCard.getByRole("switch", { name: t.quiet.on }).isChecked()).toBe(true);
    await expectNoAxeViolations(narrow, "/s/settings notifications at 360 px");
    await screenshot(narrow, "notification-settings-360");
    await narrow.context().close();
    await page.context().close();
  });
});
