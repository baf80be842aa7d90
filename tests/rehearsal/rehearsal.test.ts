// The staging rehearsal's browser drive (npm run rehearse, scripts/rehearse.mjs): the bundled Worker
// with ENVIRONMENT=staging and every outside service an emulator server reached over real HTTP.
// One student's story, step by step; each step checks what the student sees and what the
// emulator received (path, headers, body, signature) or sent back to the product.
import { createHmac } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Email, RecordedRequest } from "../../emulators/records";
import { signatures, verifyNotification, type PaymentDetails } from "../../worker/integrations/fawry";
import { TURN_MAX_TTL_SECONDS, TURN_TTL_MARGIN_SECONDS } from "../../worker/integrations/turn-ttl";
import { lessonMessages } from "../../worker/notifications/lesson-messages";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { arAuth } from "../../web/src/i18n/ar-EG-auth";
import { money } from "../../web/src/i18n/ar-EG-money";
import {
  bookOnTutorPage,
  cheapestPlan,
  escapeRegExp,
  field,
  launch,
  newPage,
  registerStudent,
  screenshot,
  signIn,
  userIdOf,
} from "../e2e/browser";

type Settings = {
  appUrl: string;
  emulatorUrl: string;
  FAWRY_MERCHANT_CODE: string;
  FAWRY_SECURE_KEY: string;
  EMAIL_API_KEY: string;
  WHATSAPP_PHONE_NUMBER_ID: string;
  WHATSAPP_TOKEN: string;
  WHATSAPP_APP_SECRET: string;
  TURNSTILE_SECRET_KEY: string;
  TELEGRAM_BOT_TOKEN: string;
  TELEGRAM_BOT_USERNAME: string;
  TELEGRAM_WEBHOOK_SECRET: string;
  TURN_KEY_ID: string;
  TURN_KEY_API_TOKEN: string;
  SENTRY_KEY: string;
  /** The emulator server's origin, where the Worker sends each web push (worker/integrations/index.ts). */
  PUSH_RELAY_URL: string;
  /** BUILD_VERSION: the release the events are tagged with. */
  release: string;
  /** The (whole-hour) time of the poisoned lesson row scripts/rehearse.mjs planted: its start is not a time. */
  poisonedLessonAt: number;
};
const settings = JSON.parse(process.env.REHEARSAL ?? "{}") as Settings;
const keys = { merchantCode: settings.FAWRY_MERCHANT_CODE, secureKey: settings.FAWRY_SECURE_KEY };
const p = ar.payments;
const DAY_MS = 24 * 60 * 60 * 1000;
const cairoDay = (at: number) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Africa/Cairo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
// WhatsApp's side of docs/services.md §4 (worker/integrations/whatsapp.ts): the international number
// without "+", and the two approved templates.
// The push emulator on the emulator server (EMULATOR_PATHS.push) and the https origin its endpoints
// name (PUSH_ORIGIN), as worker/integrations/emulated.ts has them (a Worker module, not
// importable on this Node side).
const PUSH_PATH = "/api/v1/dev/push";
const PUSH_ORIGIN = "https://push.emulator.local";
const toWhatsAppNumber = (phone: string) => `2${phone}`;
const templates = { verification: "verify_phone_number", notification: "dars_notification" };
const egp = (piasters: number) =>
  new Intl.NumberFormat("ar-EG", {
    style: "currency",
    currency: "EGP",
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  })
    .format(piasters / 100)
    .replace(/\s/g, "");

// ---------------------------------------------------------------------------------------------
// The emulator server's records

async function recorded(
  service: RecordedRequest["service"],
  direction: "in" | "out" = "in",
): Promise<RecordedRequest[]> {
  const response = await fetch(
    `${settings.emulatorUrl}/__requests?service=${service}&direction=${direction}`,
  );
  return ((await response.json()) as { list: RecordedRequest[] }).list;
}

/** Waits (polling, bounded) for the first record that matches; fails with what was recorded. */
async function waitForRecord(
  service: RecordedRequest["service"],
  match: (entry: RecordedRequest) => boolean,
  direction: "in" | "out" = "in",
  timeoutMs = 30_000,
): Promise<RecordedRequest> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await recorded(service, direction)).find(match);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `no matching ${direction} ${service} request; recorded:\n${JSON.stringify(await recorded(service, direction), null, 1).slice(0, 4000)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function mailbox(to: string): Promise<Email[]> {
  const response = await fetch(`${settings.emulatorUrl}/__emails?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { list: Email[] }).list;
}

/** The 5-digit code of the newest email to `to` that carries one and arrived after `since` (ms). */
async function emailedCode(to: string, since: number): Promise<{ code: string; email: Email }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (const email of await mailbox(to)) {
      const code = /\b(\d{5})\b/.exec(email.text)?.[1];
      if (code && email.at >= since) return { code, email };
    }
    if (Date.now() > deadline)
      throw new Error(`no code emailed to ${to} since ${new Date(since).toISOString()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const json = <T>(entry: RecordedRequest) => JSON.parse(entry.body) as T;
type WhatsAppSend = {
  messaging_product: string;
  to: string;
  type: string;
  template: {
    name: string;
    language: { code: string };
    components: Array<{ type: string; parameters: Array<{ text: string }> }>;
  };
};

// ---------------------------------------------------------------------------------------------
// Turnstile's widget: the SPA loads Cloudflare's script, which is not reachable here, so the browser
// gets a stand-in that behaves like the always-pass test site key (a dummy token at once, a new one
// after each reset). The token is then verified by the Worker with siteverify on the emulator.

const DUMMY_TOKEN = "XXXX.DUMMY.TOKEN.XXXX";
const turnstileStandIn = `(() => {
  const widgets = new Map();
  window.turnstile = {
    render(element, options) { const id = "w" + (widgets.size + 1); widgets.set(id, options); setTimeout(() => options.callback(${JSON.stringify(DUMMY_TOKEN)})); return id; },
    reset(id) { const options = widgets.get(id); if (options) setTimeout(() => options.callback(${JSON.stringify(DUMMY_TOKEN)})); },
    remove(id) { widgets.delete(id); },
  };
})();`;

async function withTurnstile(context: BrowserContext) {
  await context.route("https://challenges.cloudflare.com/turnstile/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: turnstileStandIn }),
  );
}

// ---------------------------------------------------------------------------------------------

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const student = {
  name: "سلمى رأفت",
  email: `rehearsal-${stamp}@example.com`,
  password: "Rehearsal#2026",
  phone: `010${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
};
let browser: Browser;
let page: Page;
let planMonthPrice = 0;
let lesson: { id: number; start: string } | null = null;
let paidReference = "";

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  await withTurnstile(page.context());
});
afterEach(async (context) => {
  // A failed step leaves the screen it stopped on (test-results/e2e/rehearsal-failed-*.png).
  if (context.task.result?.state === "fail")
    await screenshot(
      page,
      `rehearsal-failed-${context.task.name.slice(0, 40).replace(/[^\w]+/g, "-")}`,
    ).catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
});

describe("the staging rehearsal: one student over real HTTP", () => {
  it("is the staging Worker: no local routes, the emulators only over HTTP", async () => {
    const dev = await fetch(`${settings.appUrl}/api/v1/dev/outbox?to=x`);
    expect(dev.status).toBe(404);
    const config = (await (await fetch(`${settings.appUrl}/api/v1/config`)).json()) as {
      sentryDsn: string | null;
      turnstileSiteKey: string | null;
    };
    expect(config.sentryDsn).toContain(new URL(settings.emulatorUrl).host);
    expect(config.turnstileSiteKey).toBeTruthy();
  });

  it("registers (Turnstile verified by siteverify on the emulator) and gets the welcome email from the email API", async () => {
    await registerStudent(page, student.name, student.email, student.password);
    const verify = await waitForRecord("turnstile", (entry) => entry.method === "POST");
    const form = new URLSearchParams(verify.body);
    expect(form.get("secret")).toBe(settings.TURNSTILE_SECRET_KEY);
    expect(form.get("response")).toBe(DUMMY_TOKEN);
    expect(verify.status).toBe(200);

    // The email provider's request: Resend's shape, the key as a Bearer token, the outbox row as the idempotency key.
    const sent = await waitForRecord("email", (entry) =>
      (json<{ to: string[] }>(entry).to ?? []).includes(student.email),
    );
    expect(sent.path).toBe("/emails");
    expect(sent.headers.authorization).toBe(`Bearer ${settings.EMAIL_API_KEY}`);
    expect(sent.headers["content-type"]).toContain("application/json");
    expect(sent.headers["idempotency-key"]).toMatch(/^outbox-\d+$/);
    expect(json(sent)).toMatchObject({
      from: expect.stringContaining("@"),
      to: [student.email],
      subject: expect.any(String),
      text: expect.any(String),
    });
    expect(sent.status).toBe(200);
    await screenshot(page, "rehearsal-registered");
  });

  it("verifies the email with the code from the email emulator's mailbox", async () => {
    await page.goto("/s/dashboard");
    await page.getByRole("button", { name: ar.verification.verifyEmail }).first().click();
    const dialog = page.getByRole("dialog");
    // The dialog asks for the code registration emailed: no second code is sent unless asked for.
    await field(dialog, ar.fields.code).waitFor();
    const { code, email } = await emailedCode(student.email, 0);
    expect(email.subject).toBe("رمز تأكيد بريدك الإلكتروني في درس");
    await field(dialog, ar.fields.code).fill(code);
    await dialog.getByRole("button", { name: ar.verification.confirm }).click();
    await page.getByText(ar.verification.emailVerified).first().waitFor();
  });

  it("verifies a phone on WhatsApp with the code the WhatsApp Cloud API emulator received", async () => {
    await page.goto("/s/dashboard");
    await page.getByRole("button", { name: ar.verification.verifyPhone }).first().click();
    const dialog = page.getByRole("dialog", { name: ar.verification.phoneDialogTitle });
    await field(dialog, ar.fields.phone).fill(student.phone);
    await dialog.getByRole("radio", { name: ar.messagingApps[1] }).check();
    await dialog.getByRole("button", { name: ar.verification.sendCode }).click();
    await field(dialog, ar.fields.code).waitFor();

    const waNumber = toWhatsAppNumber(student.phone);
    const sent = await waitForRecord(
      "whatsapp",
      (entry) => entry.method === "POST" && json<WhatsAppSend>(entry).to === waNumber,
    );
    expect(sent.path).toBe(`/api/v1/dev/whatsapp/v23.0/${settings.WHATSAPP_PHONE_NUMBER_ID}/messages`);
    expect(sent.headers.authorization).toBe(`Bearer ${settings.WHATSAPP_TOKEN}`);
    const body = json<WhatsAppSend>(sent);
    expect(body).toMatchObject({
      messaging_product: "whatsapp",
      type: "template",
      template: { name: templates.verification },
    });
    expect(sent.status).toBe(200);
    const code = body.template.components.find((part) => part.type === "body")?.parameters[0]?.text ?? "";
    expect(code).toMatch(/^\d{5}$/);

    await field(dialog, ar.fields.code).fill(code);
    await dialog.getByRole("button", { name: ar.verification.confirm }).click();
    await page.getByText(ar.verification.phoneVerified).first().waitFor();
  });

  it("adds a card on Fawry's hosted page and pays the cheapest plan by card: 3-D Secure, then Fawry's signed notification", async () => {
    const plan = await cheapestPlan();
    planMonthPrice = plan.monthPrice;
    await page.goto(`/checkout/${plan.id}/0`);
    await page.getByTestId("checkout-total").waitFor();
    await page.getByRole("tab", { name: p.methods[0] }).click();
    await page.getByText(p.card.noCards).waitFor();
    await page.getByRole("button", { name: p.card.addCard }).click();
    // Fawry's hosted add-card page, on the emulator's own origin.
    await page.waitForURL(
      (url) => url.origin === settings.emulatorUrl && url.pathname.endsWith("/atfawry/plugin/card-token"),
    );
    await page.getByRole("button", { name: "حفظ البطاقة" }).click();
    await page.waitForURL(new RegExp(`/checkout/${plan.id}/0\\?resume=card`));
    await page.getByRole("tab", { name: p.methods[0] }).click();
    const panel = page.getByRole("tabpanel");
    await panel.getByText("512345******2346").waitFor();
    await panel.getByRole("radio").first().check();
    await field(panel, p.card.cvv).fill("123");
    await panel.getByRole("button", { name: /^ادفع/ }).click();

    // The 3-D Secure page is Fawry's (the emulator's origin), then back to the product.
    await page.waitForURL((url) => url.origin === settings.emulatorUrl && url.pathname.includes("/3ds/"));
    await page.getByRole("heading", { name: /3-D Secure/ }).waitFor();
    await screenshot(page, "rehearsal-3ds");
    await page.getByRole("button", { name: "ادفع", exact: true }).click();
    await page.waitForURL(
      (url) => url.origin === settings.appUrl && url.pathname === `/checkout/${plan.id}/0`,
    );
    await page.getByRole("heading", { name: p.paid.title }).waitFor({ timeout: 20_000 });
    await screenshot(page, "rehearsal-paid");

    // The charge the Worker sent: Fawry's path and body, signed with the merchant's secure key.
    const charge = await waitForRecord("fawry", (entry) =>
      entry.path.endsWith("/ECommerceWeb/Fawry/payments/charge"),
    );
    const body = json<{
      merchantCode: string;
      merchantRefNum: string;
      customerProfileId: string;
      amount: number;
      cardToken: string;
      cvv: string;
      returnUrl: string;
      signature: string;
      paymentMethod: string;
    }>(charge);
    expect(body).toMatchObject({
      merchantCode: keys.merchantCode,
      paymentMethod: "CARD",
      amount: plan.monthPrice / 100,
      cvv: "123",
    });
    expect(body.returnUrl.startsWith(settings.appUrl)).toBe(true);
    expect(body.signature).toBe(await signatures.cardCharge(keys, body));
    expect(charge.headers["content-type"]).toContain("application/json");

    // Fawry's server notification to the product: signed, PAID, and accepted (200).
    const notified = await waitForRecord(
      "fawry",
      (entry) =>
        entry.path === "/api/v1/fawry/payment-status" && json<PaymentDetails>(entry).orderStatus === "PAID",
      "out",
    );
    const notification = json<PaymentDetails>(notified);
    expect(notified.url.startsWith(settings.appUrl)).toBe(true);
    expect(notification.merchantRefNumber).toBe(body.merchantRefNum);
    expect(await verifyNotification(keys.secureKey, notification)).toBe(true);
    expect(notified.status).toBe(200);
    paidReference = notification.fawryRefNumber;
  });

  it("books a 30-minute lesson with a tutor; the booking's email reaches the email API", async () => {
    // Quiet hours (23:00–08:00 on the student's clock by default, worker/notifications/preferences.ts)
    // would hold the booking's messages until morning: the student turns them off, as the
    // notification settings do, so the rehearsal sees the email at any hour it runs.
    const session = await page.evaluate(() => localStorage.getItem("dars.session.token"));
    const quiet = await fetch(`${settings.appUrl}/api/v1/user/current/notification-preferences`, {
      method: "PUT",
      headers: { authorization: `Bearer ${session}`, "content-type": "application/json" },
      body: JSON.stringify({ channels: {}, quietHours: null }),
    });
    expect(quiet.status).toBe(200);
    expect(((await quiet.json()) as { quietHours: unknown }).quietHours).toBeNull();
    const tutorId = await userIdOf("tutor@dars.test");
    await page.goto(`/t/${tutorId}`);
    const day = cairoDay(Date.now() + 2 * DAY_MS);
    await bookOnTutorPage(page, day);
    const card = page.locator("[data-lesson]").first();
    await card.waitFor();
    const id = Number(await card.getAttribute("data-lesson"));
    const token = await page.evaluate(() => localStorage.getItem("dars.session.token"));
    const answer = await fetch(`${settings.appUrl}/api/v1/lesson/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    lesson = { id, start: ((await answer.json()) as { start: string }).start };
    await screenshot(page, "rehearsal-booked");

    const booked = await waitForRecord(
      "email",
      (entry) =>
        (json<{ to: string[]; subject: string }>(entry).to ?? []).includes(student.email) &&
        json<{ subject: string }>(entry).subject === "اتحجزت حصة جديدة في درس",
    );
    expect(booked.status).toBe(200);
  });

  it("gets the lesson's TURN credentials, minted for the student by the TURN credentials API until the lesson ends", async () => {
    if (!lesson) throw new Error("no lesson booked");
    const token = await page.evaluate(() => localStorage.getItem("dars.session.token"));
    const answer = await fetch(
      `${settings.appUrl}/api/v1/session/${encodeURIComponent(`lesson:${lesson.id}`)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(answer.status).toBe(200);
    const { media } = (await answer.json()) as {
      media: { iceServers: Array<{ urls: string | string[]; username?: string; credential?: string }> };
    };
    const relay = media.iceServers.find((server) =>
      [server.urls].flat().some((url) => url.startsWith("turn:")),
    );
    expect(relay?.credential).toBeTruthy();

    const minted = await waitForRecord("turn", (entry) => entry.method === "POST");
    expect(minted.path).toBe(`/turn/v1/turn/keys/${settings.TURN_KEY_ID}/credentials/generate-ice-servers`);
    expect(minted.headers.authorization).toBe(`Bearer ${settings.TURN_KEY_API_TOKEN}`);
    expect(minted.status).toBe(201);
    // Valid until the lesson's end plus the 5-minute margin, at most Cloudflare's 48 hours
    // (worker/integrations/turn.ts): the first free time can be two days away just after midnight.
    const { ttl } = json<{ ttl: number }>(minted);
    const expected = Math.min(
      TURN_MAX_TTL_SECONDS,
      (Date.parse(lesson.start) + 30 * 60 * 1000 - minted.at) / 1000 + TURN_TTL_MARGIN_SECONDS,
    );
    expect(Math.abs(ttl - expected)).toBeLessThan(120);
    // The emulator's username carries the expiry, as a TURN REST credential does.
    const [expires, keyId] = (relay?.username ?? "").split(":");
    expect(keyId).toBe(settings.TURN_KEY_ID);
    expect(Math.abs(Number(expires) - (minted.at / 1000 + ttl))).toBeLessThan(60);
  });

  it("chats with the tutor in realtime through the Durable Objects", async () => {
    const tutorId = await userIdOf("tutor@dars.test");
    await page.goto(`/t/${tutorId}`);
    const open = page.getByRole("link", { name: ar.chatStart.openChat });
    // The profile asks whether a room exists first (the button is busy meanwhile): a booking opened one.
    const start = page.getByRole("button", { name: ar.chatStart.messageTutor, disabled: false });
    await open.or(start).first().waitFor();
    if (await open.count()) {
      await open.click();
      await page.waitForURL(/\/chat\?room=\d+$/);
      const composer = page.getByLabel(ar.chat.composerLabel, { exact: true });
      await composer.fill("مساء الخير، هل الحصة مؤكدة؟");
      await composer.press("Enter");
    } else {
      await start.click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(ar.chatStart.firstMessageLabel).fill("مساء الخير، هل الحصة مؤكدة؟");
      await dialog.getByRole("button", { name: ar.chatStart.send }).click();
      await page.waitForURL(/\/chat\?room=\d+$/);
    }
    const roomId = Number(new URL(page.url()).searchParams.get("room"));
    const messages = (target: Page) => target.getByRole("list", { name: ar.chat.messagesLabel });
    await messages(page).locator("li").filter({ hasText: "هل الحصة مؤكدة" }).waitFor();

    const tutor = await newPage(browser);
    await signIn(tutor, "tutor@dars.test", `/chat?room=${roomId}`);
    await messages(tutor).locator("li").filter({ hasText: "هل الحصة مؤكدة" }).waitFor();
    const composer = tutor.getByLabel(ar.chat.composerLabel, { exact: true });
    await composer.fill("أيوه، مستنيك في الميعاد");
    await composer.press("Enter");
    // The reply arrives on the student's open page without a reload.
    await messages(page).locator("li").filter({ hasText: "مستنيك في الميعاد" }).waitFor();
    await screenshot(page, "rehearsal-chat");
    await tutor.context().close();
  });

  it("the reminder cron fires, the WhatsApp emulator receives the reminder with the account's token, and its signed delivery status reaches the product", async () => {
    if (!lesson) throw new Error("no lesson booked");
    // The five-minute cron, run as it would run two hours before the lesson (inside the day-before window).
    const time = Date.parse(lesson.start) - 2 * 60 * 60 * 1000;
    const fired = await fetch(
      `${settings.appUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}&time=${time}`,
    );
    expect(fired.status).toBe(200);
    const waNumber = toWhatsAppNumber(student.phone);
    const reminder = await waitForRecord("whatsapp", (entry) => {
      if (entry.method !== "POST") return false;
      const body = json<WhatsAppSend>(entry);
      return (
        body.to === waNumber &&
        body.template?.name === templates.notification &&
        JSON.stringify(body.template.components).includes("تذكير")
      );
    });
    expect(reminder.path).toBe(`/api/v1/dev/whatsapp/v23.0/${settings.WHATSAPP_PHONE_NUMBER_ID}/messages`);
    expect(reminder.headers.authorization).toBe(`Bearer ${settings.WHATSAPP_TOKEN}`);
    expect(reminder.status).toBe(200);
    const parameters =
      json<WhatsAppSend>(reminder).template.components.find((part) => part.type === "body")?.parameters ?? [];
    expect(parameters[0]?.text).toBe("تذكير: حصتك بعد يوم");

    // WhatsApp then reports it delivered: a status webhook to the product, signed with the app secret.
    const wamid =
      (JSON.parse(reminder.response) as { messages: Array<{ id: string }> }).messages[0]?.id ?? "";
    expect(wamid).toMatch(/^wamid\./);
    const delivered = await fetch(`${settings.emulatorUrl}/api/v1/dev/whatsapp/__emu/status`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: wamid, status: "delivered" }),
    });
    expect(delivered.status).toBe(200);
    const webhook = await waitForRecord(
      "whatsapp",
      (entry) => entry.path === "/api/v1/whatsapp/webhook" && entry.body.includes(wamid),
      "out",
    );
    expect(webhook.url.startsWith(settings.appUrl)).toBe(true);
    expect(webhook.headers["x-hub-signature-256"]).toBe(
      `sha256=${createHmac("sha256", settings.WHATSAPP_APP_SECRET).update(webhook.body).digest("hex")}`,
    );
    expect(webhook.status).toBe(200);
  });

  it("sends one lesson reminder by web push, and the push emulator shows it decrypted", async () => {
    if (!lesson) throw new Error("no lesson booked");
    const token = await page.evaluate(() => localStorage.getItem("dars.session.token"));
    // The student's browser subscribes with the Worker's VAPID key, as PushManager.subscribe does:
    // the push service (the emulator server) mints an https endpoint and keeps the private key.
    const { publicKey } = (await (await fetch(`${settings.appUrl}/api/v1/push/key`)).json()) as {
      publicKey: string;
    };
    const minted = await fetch(`${settings.emulatorUrl}${PUSH_PATH}/subscriptions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ applicationServerKey: publicKey }),
    });
    expect(minted.status).toBe(201);
    const browserSubscription = (await minted.json()) as { endpoint: string };
    const endpoint = new URL(browserSubscription.endpoint);
    expect(endpoint.origin).toBe(PUSH_ORIGIN);
    const subscribed = await fetch(`${settings.appUrl}/api/v1/push/subscriptions`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(browserSubscription),
    });
    expect(subscribed.status).toBe(201);

    // The five-minute cron as it would run half an hour before the lesson: the hour reminder, on
    // every channel the default preferences choose, push first now that a browser is subscribed.
    const time = Date.parse(lesson.start) - 30 * 60 * 1000;
    const fired = await fetch(
      `${settings.appUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}&time=${time}`,
    );
    expect(fired.status).toBe(200);

    // The push request reached the emulator server (PUSH_RELAY_URL) with the endpoint's own path,
    // encrypted (aes128gcm) and signed for the endpoint's https origin with the Worker's VAPID key.
    const id = endpoint.pathname.split("/").pop()!;
    const pushed = await waitForRecord("push", (entry) => entry.path === endpoint.pathname);
    expect(pushed.url).toBe(new URL(endpoint.pathname, settings.PUSH_RELAY_URL).toString());
    expect(pushed.method).toBe("POST");
    expect(pushed.headers["content-encoding"]).toBe("aes128gcm");
    const vapid = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(pushed.headers.authorization ?? "");
    expect(vapid?.[2]).toBe(publicKey);
    const claims = JSON.parse(Buffer.from(vapid![1]!.split(".")[1]!, "base64url").toString()) as {
      aud: string;
    };
    expect(claims.aud).toBe(PUSH_ORIGIN);
    // 201: the emulator verified the signature against the subscription's key and decrypted it.
    expect(pushed.status).toBe(201);

    const response = await fetch(
      `${settings.emulatorUrl}${PUSH_PATH}/messages?subscription=${encodeURIComponent(id)}`,
    );
    const { list } = (await response.json()) as {
      list: Array<{ title: string; body: string; url: string; encoding: string }>;
    };
    expect(list).toHaveLength(1);
    expect(list[0]!.title).toBe(lessonMessages.reminder(lesson.start, "1h").subject);
    expect(list[0]!.body).toContain("تذكير بحصتك في درس يوم");
    expect(list[0]!.body).toContain("ادخل غرفة الحصة قبل الميعاد");
    expect(list[0]!.encoding).toBe("aes128gcm");
    expect(list[0]!.url.startsWith("/")).toBe(true);
  });

  it("cancels the plan from /payments and the refund reaches Fawry, signed, then Fawry's notification settles it", async () => {
    await page.goto("/payments");
    await page.getByTestId("current-subscription").waitFor();
    await page.getByRole("button", { name: money.cancel.open }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("refund-preview").waitFor();
    const preview = (await dialog.getByTestId("refund-preview").textContent())?.replace(/\s/g, "") ?? "";
    await dialog.getByRole("button", { name: money.cancel.confirm }).click();
    await dialog.waitFor({ state: "detached" });

    const refund = await waitForRecord("fawry", (entry) =>
      entry.path.endsWith("/ECommerceWeb/Fawry/payments/refund"),
    );
    const body = json<{
      merchantCode: string;
      referenceNumber: string;
      refundAmount: number;
      reason?: string;
      signature: string;
    }>(refund);
    expect(body.merchantCode).toBe(keys.merchantCode);
    expect(body.referenceNumber).toBe(paidReference);
    expect(body.signature).toBe(await signatures.refund(keys, body));
    expect(body.refundAmount).toBeGreaterThan(0);
    expect(body.refundAmount).toBeLessThanOrEqual(planMonthPrice / 100);
    // What the student was shown is what was asked of Fawry.
    expect(preview).toBe(egp(Math.round(body.refundAmount * 100)));
    expect(refund.status).toBe(200);

    const settled = await waitForRecord(
      "fawry",
      (entry) =>
        entry.path === "/api/v1/fawry/payment-status" &&
        ["REFUNDED", "PARTIAL_REFUNDED"].includes(json<PaymentDetails>(entry).orderStatus),
      "out",
    );
    expect(await verifyNotification(keys.secureKey, json<PaymentDetails>(settled))).toBe(true);
    expect(settled.status).toBe(200);
    // The student sees the plan gone and the payment refunded, with the amount back.
    const row = page.locator("[data-transaction]").first();
    await row.locator('[data-status="3"], [data-status="5"]').waitFor({ timeout: 20_000 });
    const said = money.refundState.refunded("").split(" ")[0]!;
    const back =
      (await row.getByText(new RegExp(`^${escapeRegExp(said)}`)).textContent())?.replace(/\s/g, "") ?? "";
    expect(back).toContain(preview);
    await page.getByText(p.history.noSubscription).waitFor();
    await screenshot(page, "rehearsal-refunded");
  });

  it("links Telegram: the bot's deep link, Start pressed at the Telegram emulator, its signed update to the webhook and the bot's reply", async () => {
    await page.goto("/s/dashboard");
    await page.getByRole("button", { name: ar.verification.changePhone }).first().click();
    const dialog = page.getByRole("dialog", { name: ar.verification.phoneDialogTitle });
    await dialog.getByRole("radio", { name: ar.messagingApps[2] }).check();
    await dialog.getByRole("button", { name: arAuth.telegramLink.getLink }).click();
    const href =
      (await dialog.getByRole("link", { name: arAuth.telegramLink.open }).getAttribute("href")) ?? "";
    const deepLink = new URL(href);
    expect(deepLink.origin + deepLink.pathname).toBe(`https://t.me/${settings.TELEGRAM_BOT_USERNAME}`);
    const startToken = deepLink.searchParams.get("start") ?? "";
    expect(startToken).not.toBe("");

    // The student presses Start: Telegram posts the update to the product's webhook with the secret header.
    const chatId = 700_000_000 + Math.floor(Math.random() * 1e8);
    const pressed = await fetch(`${settings.emulatorUrl}/api/v1/dev/telegram/__emu/send`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chatId, text: `/start ${startToken}`, firstName: "سلمى" }),
    });
    expect(pressed.status).toBe(200);
    const update = await waitForRecord(
      "telegram",
      (entry) => entry.path === "/api/v1/telegram/webhook" && entry.body.includes(startToken),
      "out",
    );
    expect(update.url.startsWith(settings.appUrl)).toBe(true);
    expect(update.headers["x-telegram-bot-api-secret-token"]).toBe(settings.TELEGRAM_WEBHOOK_SECRET);
    expect(update.status).toBe(200);

    // The bot answers in that chat through the Bot API, with the bot's token in the path.
    const reply = await waitForRecord(
      "telegram",
      (entry) =>
        entry.path.endsWith("/sendMessage") &&
        String(json<{ chat_id: unknown }>(entry).chat_id) === String(chatId),
    );
    expect(reply.path).toBe(`/api/v1/dev/telegram/bot${settings.TELEGRAM_BOT_TOKEN}/sendMessage`);
    expect(json<{ text: string }>(reply).text).toContain("حسابك في درس اتربط بتيليجرام");
    expect(reply.status).toBe(200);
    await page.keyboard.press("Escape");
  });

  it("an error thrown in the SPA reaches the Sentry sink, scrubbed of the email, phone and session token", async () => {
    const token = (await page.evaluate(() => localStorage.getItem("dars.session.token"))) ?? "";
    expect(token).not.toBe("");
    const marker = `rehearsal-crash-${stamp}`;
    const before = (await recorded("sentry")).length;
    await page.evaluate(
      ({ marker, email, phone, token }) => {
        setTimeout(() => {
          throw new Error(`${marker} for ${email} on ${phone} with Bearer ${token}`);
        });
      },
      { marker, email: student.email, phone: student.phone, token },
    );
    const envelope = await waitForRecord("sentry", (entry) => entry.body.includes(marker));
    expect((await recorded("sentry")).length).toBeGreaterThan(before);
    expect(envelope.path).toBe("/api/1/envelope/");
    expect(envelope.status).toBe(200);
    expect(envelope.body).toContain("[redacted]");
    for (const secret of [student.email, student.phone, token]) expect(envelope.body).not.toContain(secret);
  });

  it("a reminder cron that meets a poisoned row fails, and the Worker's error reaches the Sentry sink scrubbed", async () => {
    const seen = new Set((await recorded("sentry")).map((entry) => entry.seq));
    // The five-minute cron as it would run two hours before the poisoned lesson (nothing else is due then).
    const time = settings.poisonedLessonAt - 2 * 60 * 60 * 1000;
    await fetch(
      `${settings.appUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}&time=${time}`,
    );
    const envelope = await waitForRecord(
      "sentry",
      (entry) => !seen.has(entry.seq) && entry.body.includes("Invalid time value"),
    );
    expect(envelope.path).toBe("/api/1/envelope/");
    expect(envelope.status).toBe(200);
    const items = envelope.body
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const event = items.find((item) => item.exception) as
      | {
          environment?: string;
          release?: string;
          exception: { values: Array<{ type: string; value: string }> };
        }
      | undefined;
    expect(event?.exception.values.at(-1)).toMatchObject({ type: "RangeError", value: "Invalid time value" });
    expect(event).toMatchObject({ environment: "staging", release: settings.release });
    // The row's members (their emails and phones) never reach the report.
    for (const secret of ["student@dars.test", "tutor@dars.test", student.email, student.phone])
      expect(envelope.body).not.toContain(secret);
  });
});
