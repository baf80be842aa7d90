import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar, errorMessage } from "../../web/src/i18n/ar-EG-all";
import { api } from "./api";
import { DEMO_PASSWORD, expectNoAxeViolations, field, launch, newPage, screenshot, signIn } from "./browser";

// Runs alone (not in vitest.e2e.config.ts's `alongside`): the notifications channel shows in
// every page's footer, like the business numbers of business-settings.test.ts.
const t = ar.adminArea.settings;
const channel = "https://whatsapp.com/channel/0029VaDarsE2E";
const group = "https://chat.whatsapp.com/DarsTutorsE2E";
let browser: Browser;

async function adminToken(email = "admin@dars.test") {
  const signedIn = await api<{ token: string; user: { id: number } }>("POST", "/auth/password", {
    email,
    password: DEMO_PASSWORD,
  });
  return signedIn.body;
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  // Unset again, so the other browser tests see the usual footer.
  const { token } = await adminToken();
  const cleared = await api(
    "PUT",
    "/platform-settings/links",
    { notificationsChannel: null, tutorsGroup: null },
    token,
  );
  expect(cleared.status).toBe(200);
  await browser?.close();
});

describe("the public messaging links", () => {
  it("a SuperAdmin sets them (a wrong link refused), and the footer shows the channel at 1280 and 360 px", async () => {
    const page = await newPage(browser);
    await signIn(page, "admin@dars.test", "/admin/platform-settings");
    const form = page.getByRole("form", { name: t.links });
    await form.waitFor();
    await field(form, t.tutorsGroup).fill("https://example.com/group");
    await form.getByRole("button", { name: t.saveLinks }).click();
    await form.getByText(errorMessage("invalid-messaging-link")).first().waitFor();
    await field(form, t.notificationsChannel).fill(channel);
    await field(form, t.tutorsGroup).fill(group);
    const saved = page.waitForResponse((response) =>
      response.url().endsWith("/api/v1/platform-settings/links"),
    );
    await form.getByRole("button", { name: t.saveLinks }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText(t.savedLinks).waitFor();
    await expectNoAxeViolations(page, "/admin/platform-settings (links)");
    await screenshot(page, "admin-platform-links-1280");

    for (const width of [1280, 360]) {
      const visitor = await newPage(browser, { width, height: 800 });
      await visitor.goto("/about");
      const link = visitor.getByRole("link", { name: new RegExp(ar.footer.notificationsChannel) });
      await link.scrollIntoViewIfNeeded();
      expect(await link.getAttribute("href")).toBe(channel);
      await expectNoAxeViolations(visitor, `/about footer (${width} px)`);
      await screenshot(visitor, `footer-notifications-channel-${width}`);
      await visitor.close();
    }
  });

  it("a RegularAdmin reads them, and the admin user page explains the reliability figure", async () => {
    const page = await newPage(browser, { width: 360, height: 800 });
    await signIn(page, "regular-admin@dars.test", "/admin/platform-settings");
    await page.getByRole("link", { name: channel }).waitFor();
    await expectNoAxeViolations(page, "/admin/platform-settings (links, read-only, 360 px)");
    await screenshot(page, "admin-platform-links-readonly-360");

    const student = await adminToken("student@dars.test");
    await page.goto(`/admin/user/${student.user.id}`);
    await page.getByText(ar.adminArea.user.creditScore).waitFor();
    await page.getByText(ar.adminArea.user.creditScoreHint).waitFor();
    await expectNoAxeViolations(page, "/admin/user (reliability, 360 px)");
    await screenshot(page, "admin-user-reliability-360");
  });
});
