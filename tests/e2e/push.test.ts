// Web push on the device (docs/rules.md, "Notifications: channels, preferences, quiet hours"): a
// new student turns on «إشعارات على الجهاز ده» in settings, a lesson starts within the hour, the
// reminder cron runs, and the push reaches the local push service emulator, which checks its VAPID
// signature and decrypts it; the local mailbox shows it. axe at 1280 and 360.
//
// The browser's subscription: Chromium's own push service (Firebase Cloud Messaging) is out of
// reach here, and a real subscription's private key never leaves the browser, so nothing could
// decrypt what we send. PushManager.subscribe/getSubscription are therefore stood in for (an init
// script below) by the push emulator's mint (POST /api/v1/dev/push/subscriptions), which makes the
// keys a browser would and keeps the private one to decrypt with; the service worker, the
// permission and the rest of the page are the real ones. Where the build has no /sw.js yet, the
// test registers /sw-push.js itself as the worker (it is a complete worker on its own).
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arPush } from "../../web/src/i18n/ar-EG-push";
import { lessonMessages } from "../../worker/notifications/lesson-messages";
import { api } from "./api";
import { baseUrl, DEMO_PASSWORD, expectNoAxeViolations, field, launch, newPage, screenshot } from "./browser";
import { ar } from "../../web/src/i18n/ar-EG-all";

// A demo tutor no other browser test books (its lock: vitest.e2e.config.ts).
const TUTOR_EMAIL = "tutor3@dars.test";
const viewports = [
  { width: 1280, height: 900 },
  { width: 360, height: 800 },
];

type Auth = { token: string; user: { id: number } };

let browser: Browser;
let student: { email: string; token: string; id: number };

beforeAll(async () => {
  browser = await launch();
  const email = `e2e-push-${Date.now().toString(36)}@example.com`;
  const registered = await api<Auth>("POST", "/user/", {
    email,
    password: DEMO_PASSWORD,
    role: 4,
    name: "طالب الإشعارات",
  });
  expect(registered.status).toBe(201);
  student = { email, token: registered.body.token, id: registered.body.user.id };
});

afterAll(async () => {
  await browser?.close();
});

/** The push emulator standing in for the browser's push service (see the top of this file). */
async function emulatedPushManager(context: BrowserContext) {
  await context.addInitScript(() => {
    const stored = "e2e-push-subscription";
    const base64url = (bytes: ArrayBuffer | ArrayBufferView) =>
      btoa(
        String.fromCharCode(
          ...new Uint8Array(
            ArrayBuffer.isView(bytes)
              ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
              : bytes,
          ),
        ),
      )
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replace(/=+$/, "");
    type Minted = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
    const wrap = (json: Minted) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem(stored);
        await fetch(`/api/v1/dev/push/subscriptions/${json.endpoint.split("/").pop()}`, { method: "DELETE" });
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const response = await fetch("/api/v1/dev/push/subscriptions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          applicationServerKey: base64url(options!.applicationServerKey as ArrayBuffer),
        }),
      });
      const json = (await response.json()) as Minted;
      localStorage.setItem(stored, JSON.stringify(json));
      return wrap(json) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const json = localStorage.getItem(stored);
      return json ? (wrap(JSON.parse(json) as Minted) as unknown as PushSubscription) : null;
    };
  });
}

async function signInAs(page: Page, email: string, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await field(page, ar.fields.email).fill(email);
  await field(page, ar.fields.password).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: ar.login.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === next);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
}

/** The page's service worker: /sw.js when the build has it (it imports /sw-push.js), else /sw-push.js alone. */
async function ensureServiceWorker(page: Page) {
  const hasSw = (await fetch(`${baseUrl()}/sw.js`)).status === 200;
  await page.evaluate(
    async (script) => {
      await navigator.serviceWorker.register(script, { scope: "/" });
      await navigator.serviceWorker.ready;
    },
    hasSw ? "/sw.js" : "/sw-push.js",
  );
}

describe("push notifications on this device", () => {
  it("turns on from settings, and the lesson reminder arrives at the push service decrypted (1280 and 360)", async () => {
    const page = await newPage(browser, viewports[0]);
    const context = page.context();
    await context.grantPermissions(["notifications"], { origin: baseUrl() });
    await emulatedPushManager(context);
    await signInAs(page, student.email, "/s/settings");
    await ensureServiceWorker(page);

    const toggle = page.getByRole("switch", { name: arPush.card.label });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await expectNoAxeViolations(page, "settings with push off (1280)");
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await page.getByText(arPush.card.on).first().waitFor();
    await screenshot(page, "push-settings-on-1280");
    await expectNoAxeViolations(page, "settings with push on (1280)");

    await page.setViewportSize(viewports[1]);
    await page.reload();
    await page.getByRole("switch", { name: arPush.card.label }).waitFor();
    await expect.poll(() => page.getByRole("switch", { name: arPush.card.label }).isChecked()).toBe(true);
    await screenshot(page, "push-settings-on-360");
    await expectNoAxeViolations(page, "settings with push on (360)");

    // A lesson within the hour, then the reminder cron (npm start runs wrangler with --test-scheduled).
    const tutor = (await api<Auth>("POST", "/auth/password", { email: TUTOR_EMAIL, password: DEMO_PASSWORD }))
      .body;
    const made = await api<{ id: number; start?: string }>(
      "POST",
      "/dev/lessons",
      { tutorId: tutor.user.id, startInMinutes: 40, duration: 30 },
      student.token,
    );
    expect(made.status).toBe(201);
    const lesson = await api<{ start: string }>("GET", `/lesson/${made.body.id}`, undefined, student.token);
    const title = lessonMessages.reminder(lesson.body.start, "1h").subject;
    const cron = await fetch(`${baseUrl()}/__scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
    expect(cron.status).toBe(200);

    // The emulator received it for this browser's subscription and decrypted it.
    const subscription = await page.evaluate(() => localStorage.getItem("e2e-push-subscription"));
    const id = (JSON.parse(subscription!) as { endpoint: string }).endpoint.split("/").pop();
    await expect
      .poll(
        async () => {
          const response = await fetch(`${baseUrl()}/api/v1/dev/push/messages?subscription=${id}`);
          return ((await response.json()) as { list: Array<{ title: string; url: string }> }).list;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual([expect.objectContaining({ title })]);

    // And the local mailbox shows it beside the emails.
    await page.goto("/dev/mailbox");
    const received = page.getByTestId("received-pushes");
    await received.getByRole("heading", { name: arPush.mailbox.title }).waitFor();
    await received.getByText(title).first().waitFor();
    await screenshot(page, "push-mailbox-360");
    await page.setViewportSize(viewports[0]);
    await expectNoAxeViolations(page, "mailbox with a push (1280)");
    await screenshot(page, "push-mailbox-1280");

    // Off again: the subscription leaves the server and the browser.
    await page.goto("/s/settings");
    const again = page.getByRole("switch", { name: arPush.card.label });
    await expect.poll(() => again.isChecked()).toBe(true);
    await again.click();
    await expect.poll(() => again.isChecked()).toBe(false);
    await page.getByText(arPush.card.off).first().waitFor();
    await context.close();
  });

  it("says so plainly where the browser has no push", async () => {
    const page = await newPage(browser, viewports[1]);
    await page.context().addInitScript(() => {
      delete (window as unknown as { PushManager?: unknown }).PushManager;
    });
    await signInAs(page, student.email, "/s/settings");
    await page.getByText(arPush.unsupported).waitFor();
    expect(await page.getByRole("switch", { name: arPush.card.label }).count()).toBe(0);
    await expectNoAxeViolations(page, "settings without push (360)");
    await page.context().close();
  });
});
