import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../emulators/local";
import { schedules } from "../../worker/jobs";
import { describe, expect, it } from "vitest";
import { MessagingApp, Role } from "../../schema/enums";
import { LOCAL_WHATSAPP } from "../../emulators/whatsapp/app";
import { readConfig, type Env } from "../../worker/core/env";
import { emulators } from "../../emulators/local";
import { createServices } from "../../worker/integrations";
import { WhatsAppError, hmacSha256Hex, templateFor, templateText } from "../../worker/integrations/whatsapp";
import { call, callContract, register } from "./helpers";
import { outboxFor, settle } from "./factories-messaging";
import { messagingContracts } from "../../schema/api/messaging";

const MESSAGES = `/api/v1/dev/whatsapp/v23.0/${LOCAL_WHATSAPP.phoneNumberId}/messages`;
const AUTH = { authorization: `Bearer ${LOCAL_WHATSAPP.token}` };
const sentTo = async (waId: string) =>
  (await call("GET", `/api/v1/dev/whatsapp/__emu/messages?to=${waId}`)).body.list as {
    id: string;
    body: any;
  }[];
const services = () => createServices(readConfig(env as Env), env as Env, undefined, emulators);

describe("WhatsApp delivery: templates for everything business-initiated", () => {
  it("sends a phone code as the verify_phone_number template (code in the body and the copy-code button) to 20…", async () => {
    const { token } = await register(Role.Student);
    await settle("POST", "/api/v1/confirmation-code/phone/send", {
      token,
      body: { phone: "01012345601", method: MessagingApp.Whatsapp },
    });
    const [row] = await outboxFor("01012345601");
    expect(row).toMatchObject({ channel: "whatsapp", status: "sent", attempts: 1 });
    const [sent] = await sentTo("201012345601");
    expect(sent?.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "201012345601",
      type: "template",
      template: {
        name: "verify_phone_number",
        language: { code: "ar_EG" },
        components: [
          { type: "body", parameters: [{ type: "text", text: row!.code }] },
          { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: row!.code }] },
        ],
      },
    });
  });

  it("sends any other notification as the dars_notification template, subject and text flattened to one line", async () => {
    await services().send("whatsapp", {
      to: "01012345602",
      subject: "تذكير بالدرس",
      text: "درسك غدًا.\nلا تتأخر.",
    });
    const [sent] = await sentTo("201012345602");
    expect(sent?.body.template).toEqual({
      name: "dars_notification",
      language: { code: "ar_EG" },
      components: [
        {
          type: "body",
          parameters: [
            { type: "text", text: "تذكير بالدرس" },
            { type: "text", text: "درسك غدًا. لا تتأخر." },
          ],
        },
      ],
    });
    expect(templateText("a\t\tb      c")).toBe("a b   c");
  });

  it("records a throughput limit (130429) on the outbox row and keeps it for retry", async () => {
    const { token } = await register(Role.Student);
    await call("POST", "/api/v1/dev/whatsapp/__emu/fail", { body: { codes: [130429] } });
    await settle("POST", "/api/v1/confirmation-code/phone/send", {
      token,
      body: { phone: "01012345603", method: MessagingApp.Whatsapp },
    });
    const [row] = await outboxFor("01012345603");
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.last_error).toContain("whatsapp 130429 (HTTP 429)");
  });

  it("tells retryable errors (rate limits) from permanent ones (undeliverable, bad template)", async () => {
    await call("POST", "/api/v1/dev/whatsapp/__emu/fail", { body: { codes: [131056, 131026] } });
    const first = await services()
      .send("whatsapp", { to: "01012345604", subject: "s", text: "t" })
      .catch((e: unknown) => e);
    const second = await services()
      .send("whatsapp", { to: "01012345604", subject: "s", text: "t" })
      .catch((e: unknown) => e);
    expect(first).toBeInstanceOf(WhatsAppError);
    expect([
      (first as WhatsAppError).retryable,
      (second as WhatsAppError).code,
      (second as WhatsAppError).retryable,
    ]).toEqual([true, 131026, false]);
  });

  it("stores nothing for a send it refused with a forced failure, and takes each failure once", async () => {
    await call("POST", "/api/v1/dev/whatsapp/__emu/fail", { body: { codes: [131056] } });
    const refused = await services()
      .send("whatsapp", { to: "01012345605", subject: "أولى", text: "t" })
      .catch((e: unknown) => e);
    expect((refused as WhatsAppError).code).toBe(131056);
    expect(await sentTo("201012345605")).toEqual([]);
    await services().send("whatsapp", { to: "01012345605", subject: "ثانية", text: "t" });
    const sent = await sentTo("201012345605");
    expect(sent.map((message) => message.body.template?.components?.[0]?.parameters?.[0])).toEqual([
      { type: "text", text: "ثانية" },
    ]);
  });
});

describe("the cron retry goes through the same provider", () => {
  it("delivers a pending WhatsApp row the queue never carried to the emulator on the 5-minute run", async () => {
    const row = await env.DB.prepare(
      "INSERT INTO notifications_outbox (channel, recipient, subject, body, status, attempts, created_at) VALUES ('whatsapp', '01012345608', 'تذكير', 'نص', 'pending', 1, ?) RETURNING id",
    )
      .bind(new Date(Date.now() - 11 * 60_000).toISOString())
      .first<{ id: number }>();
    await worker.scheduled(
      createScheduledController({ cron: schedules.everyFiveMinutes, scheduledTime: Date.now() }),
      env as Env,
    );
    const stored = await env.DB.prepare("SELECT status, attempts FROM notifications_outbox WHERE id = ?")
      .bind(row!.id)
      .first();
    expect(stored).toEqual({ status: "sent", attempts: 2 });
    expect((await sentTo("201012345608"))[0]?.body.template.name).toBe("dars_notification");
  });
});

describe("the WhatsApp Cloud API emulator", () => {
  const template = templateFor("01012345605", { subject: "s", text: "t" });

  it("answers an accepted message with contacts and a wamid", async () => {
    const response = await call("POST", MESSAGES, { body: template, headers: AUTH });
    expect(response.body).toMatchObject({
      messaging_product: "whatsapp",
      contacts: [{ input: "201012345605", wa_id: "201012345605" }],
    });
    expect(response.body.messages[0].id).toMatch(/^wamid\./);
  });

  it("refuses a wrong access token with 190 (HTTP 401) in the Graph error envelope", async () => {
    const response = await call("POST", MESSAGES, {
      body: template,
      headers: { authorization: "Bearer nope" },
    });
    expect([response.status, response.body.error.code, response.body.error.type]).toEqual([
      401,
      190,
      "OAuthException",
    ]);
  });

  it("refuses an unknown template or language (132001) and a wrong parameter count (132000)", async () => {
    const unknown = await call("POST", MESSAGES, {
      body: { ...template, template: { ...template.template, language: { code: "en_US" } } },
      headers: AUTH,
    });
    const count = await call("POST", MESSAGES, {
      body: { ...template, template: { ...template.template, components: [] } },
      headers: AUTH,
    });
    expect([unknown.body.error.code, count.body.error.code]).toEqual([132001, 132000]);
  });

  it("refuses free-form text outside the 24-hour window (131047) and accepts it after the user wrote", async () => {
    const text = { messaging_product: "whatsapp", to: "201012345606", type: "text", text: { body: "مرحبا" } };
    expect((await call("POST", MESSAGES, { body: text, headers: AUTH })).body.error.code).toBe(131047);
    const inbound = await settle("POST", "/api/v1/dev/whatsapp/__emu/inbound", {
      body: { from: "201012345606", text: "أهلا" },
    });
    expect(inbound.body.webhookStatus).toBe(200);
    expect((await call("POST", MESSAGES, { body: text, headers: AUTH })).status).toBe(200);
  });
});

describe("the WhatsApp webhook", () => {
  it("answers the subscription check with the raw challenge when the verify token matches", async () => {
    const response = await call(
      "GET",
      `/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${LOCAL_WHATSAPP.verifyToken}&hub.challenge=1158201444`,
    );
    expect([response.status, response.body, response.headers.get("content-type")]).toEqual([
      200,
      1158201444,
      "text/plain; charset=UTF-8",
    ]);
  });

  it("answers 403 to a wrong verify token and 400 to a check without its parameters", async () => {
    const wrong = await call(
      "GET",
      "/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1",
    );
    const missing = await callContract(messagingContracts.whatsAppVerify);
    expect([wrong.status, wrong.body.code, missing.status]).toEqual([403, "forbidden", 400]);
  });

  it("accepts a status event signed with the app secret (sent through the emulator's hook)", async () => {
    const accepted = await call("POST", MESSAGES, {
      body: templateFor("01012345607", { subject: "s", text: "t" }),
      headers: AUTH,
    });
    const hook = await settle("POST", "/api/v1/dev/whatsapp/__emu/status", {
      body: { id: accepted.body.messages[0].id, status: "failed", errorCode: 131026 },
    });
    expect(hook.body.webhookStatus).toBe(200);
  });

  it("refuses a body whose X-Hub-Signature-256 does not match, or has none", async () => {
    const raw = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
    const good = `sha256=${await hmacSha256Hex(LOCAL_WHATSAPP.appSecret, raw)}`;
    const signed = await callContract(messagingContracts.whatsAppWebhook, {
      raw,
      headers: { "content-type": "application/json", "x-hub-signature-256": good },
    });
    const tampered = await callContract(messagingContracts.whatsAppWebhook, {
      raw: raw.replace("[]", "[{}]"),
      headers: { "content-type": "application/json", "x-hub-signature-256": good },
    });
    const unsigned = await callContract(messagingContracts.whatsAppWebhook, {
      raw,
      headers: { "content-type": "application/json" },
    });
    expect([signed.status, tampered.status, unsigned.status]).toEqual([200, 401, 401]);
  });
});

describe("configuration of the messaging providers", () => {
  it("requires the bot username and webhook secret with a Telegram token, and the webhook keys with a WhatsApp token", () => {
    expect(() => readConfig({ ...env, TELEGRAM_BOT_TOKEN: "1:abc" } as Env)).toThrow(
      /TELEGRAM_BOT_USERNAME.*TELEGRAM_WEBHOOK_SECRET/,
    );
    expect(() => readConfig({ ...env, WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1" } as Env)).toThrow(
      /WHATSAPP_VERIFY_TOKEN.*WHATSAPP_APP_SECRET/,
    );
    expect(
      readConfig({
        ...env,
        TELEGRAM_BOT_TOKEN: "1:abc",
        TELEGRAM_BOT_USERNAME: "dars_bot",
        TELEGRAM_WEBHOOK_SECRET: "a".repeat(32),
      } as Env).TELEGRAM_API_URL,
    ).toBe("https://api.telegram.org");
  });
});
