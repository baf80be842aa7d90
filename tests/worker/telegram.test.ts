import { telegramReplies } from "../../worker/notifications/messages";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MessagingApp, Role, VerificationType } from "../../schema/enums";
import { LOCAL_TELEGRAM } from "../../emulators/telegram/app";
import { TelegramError, startPayload, telegramClient } from "../../worker/integrations/telegram";
import { call, callContract, createUserWithRole, ORIGIN, register } from "./helpers";
import { newChatId, outboxFor, settle } from "./factories-messaging";
import { messagingContracts } from "../../schema/api/messaging";

const BOT = `/api/v1/dev/telegram/bot${LOCAL_TELEGRAM.token}`;
const SECRET = { "x-telegram-bot-api-secret-token": LOCAL_TELEGRAM.webhookSecret };

/** The user presses Start in the emulated bot: Telegram posts the update to our webhook. */
const pressStart = (chatId: number, payload?: string) =>
  settle("POST", "/api/v1/dev/telegram/__emu/send", {
    body: { chatId, text: payload === undefined ? "/start" : `/start ${payload}`, firstName: "منى" },
  });

const botMessages = async (chatId: number) =>
  (await call("GET", `/api/v1/dev/telegram/__emu/messages?chatId=${chatId}`)).body.list as { text: string }[];
const chatIdOf = async (userId: number) =>
  (
    await env.DB.prepare("SELECT telegram_chat_id AS chat FROM users WHERE id = ?")
      .bind(userId)
      .first<{ chat: string | null }>()
  )?.chat ?? null;
const tokenOf = (url: string) => new URL(url).searchParams.get("start")!;

async function linkedUser() {
  const user = await register(Role.Student);
  const link = await callContract(messagingContracts.telegramLink, { token: user.token });
  const chatId = newChatId();
  await pressStart(chatId, tokenOf(link.body.url));
  return { ...user, chatId };
}

describe("linking a Telegram chat (deep link + /start)", () => {
  it("answers a one-time t.me deep link and stores its token for 15 minutes", async () => {
    const { token, user } = await register(Role.Student);
    const response = await callContract(messagingContracts.telegramLink, { token });
    expect(response.status).toBe(201);
    expect(response.body.url).toMatch(/^https:\/\/t\.me\/dars_local_bot\?start=[A-Za-z0-9_-]{32}$/);
    expect(response.body.botUsername).toBe(LOCAL_TELEGRAM.username);
    const stored = await env.DB.prepare(
      "SELECT code, expires_at FROM confirmation_codes WHERE user_id = ? AND type = ?",
    )
      .bind(user.id, VerificationType.LinkTelegram)
      .first<{ code: string; expires_at: string }>();
    expect(stored?.code).toBe(tokenOf(response.body.url));
    expect(Date.parse(stored!.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
  });

  it("stores the chat id when the user presses Start, uses up the token and confirms in the chat", async () => {
    const { token, user } = await register(Role.Student);
    const link = await callContract(messagingContracts.telegramLink, { token });
    const chatId = newChatId();
    const pushed = await pressStart(chatId, tokenOf(link.body.url));
    expect(pushed.body.webhookStatus).toBe(200);
    expect(await chatIdOf(user.id)).toBe(String(chatId));
    const left = await env.DB.prepare(
      "SELECT count(*) AS n FROM confirmation_codes WHERE user_id = ? AND type = ?",
    )
      .bind(user.id, VerificationType.LinkTelegram)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    expect((await botMessages(chatId))[0]?.text).toContain(
      telegramReplies.linked(null).body.slice("أهلًا! ".length),
    );
    expect((await outboxFor(String(chatId)))[0]).toMatchObject({
      channel: "telegram",
      status: "sent",
      user_id: user.id,
    });
  });

  it("links nothing with a used token and says the link is no longer valid", async () => {
    const { token, user } = await register(Role.Student);
    const link = await callContract(messagingContracts.telegramLink, { token });
    await pressStart(newChatId(), tokenOf(link.body.url));
    const other = newChatId();
    await pressStart(other, tokenOf(link.body.url));
    expect(await chatIdOf(user.id)).not.toBe(String(other));
    expect((await botMessages(other))[0]?.text).toContain("الرابط غير صالح");
  });

  it("links nothing with an expired token", async () => {
    const { token, user } = await register(Role.Student);
    const link = await callContract(messagingContracts.telegramLink, { token });
    await env.DB.prepare("UPDATE confirmation_codes SET expires_at = ? WHERE user_id = ? AND type = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), user.id, VerificationType.LinkTelegram)
      .run();
    await pressStart(newChatId(), tokenOf(link.body.url));
    expect(await chatIdOf(user.id)).toBeNull();
  });

  it("moves a chat to the account that linked it last", async () => {
    const first = await linkedUser();
    const second = await register(Role.Student);
    const link = await callContract(messagingContracts.telegramLink, { token: second.token });
    await pressStart(first.chatId, tokenOf(link.body.url));
    expect([await chatIdOf(first.user.id), await chatIdOf(second.user.id)]).toEqual([
      null,
      String(first.chatId),
    ]);
  });

  it("answers a plain /start with how to link, and nothing is linked", async () => {
    const chatId = newChatId();
    await pressStart(chatId);
    expect((await botMessages(chatId))[0]?.text).toContain("لربط حسابك");
  });
});

describe("POST /telegram/webhook", () => {
  const update = (updateId: number, chatId: number, text: string) => ({
    update_id: updateId,
    message: { message_id: 1, date: 1, chat: { id: chatId, type: "private" }, text },
  });

  it("refuses an update without the secret header, or with a wrong one, and changes nothing", async () => {
    const { token, user } = await register(Role.Student);
    const link = await callContract(messagingContracts.telegramLink, { token });
    const body = update(900001, newChatId(), `/start ${tokenOf(link.body.url)}`);
    const missing = await settle("POST", "/api/v1/telegram/webhook", { body });
    const wrong = await settle("POST", "/api/v1/telegram/webhook", {
      body,
      headers: { "x-telegram-bot-api-secret-token": "not-the-secret" },
    });
    expect([missing.status, missing.body.code, wrong.status]).toEqual([401, "unauthenticated", 401]);
    expect(await chatIdOf(user.id)).toBeNull();
  });

  it("answers a redelivered update once (deduplicated on update_id)", async () => {
    const chatId = newChatId();
    await call("POST", "/api/v1/dev/telegram/__emu/send", { body: { chatId, text: "مرحبا" } });
    const body = update(900002, chatId, "/start");
    const first = await settle("POST", "/api/v1/telegram/webhook", { body, headers: SECRET });
    const again = await settle("POST", "/api/v1/telegram/webhook", { body, headers: SECRET });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(
      (await outboxFor(String(chatId))).filter((row) => row.dedupe_key === "telegram-update:900002"),
    ).toHaveLength(1);
  });

  it("ignores group chats", async () => {
    const response = await settle("POST", "/api/v1/telegram/webhook", {
      body: { update_id: 900003, message: { chat: { id: -100, type: "group" }, text: "/start abc" } },
      headers: SECRET,
    });
    expect(response.body).toEqual({ ok: true });
    expect(await outboxFor("-100")).toHaveLength(0);
  });

  it("refuses an empty body before anything else", async () => {
    const response = await settle("POST", "/api/v1/telegram/webhook", { headers: SECRET });
    expect([response.status, response.body.code]).toEqual([400, "empty-request"]);
  });
});

describe("delivering to Telegram (sendMessage to the chat id, errors recorded for retry)", () => {
  it("sends a Telegram phone code to the linked chat id, not to the phone number", async () => {
    const user = await linkedUser();
    await settle("POST", "/api/v1/confirmation-code/phone/send", {
      token: user.token,
      body: { phone: "01512345679", method: MessagingApp.Telegram },
    });
    const [row] = await outboxFor(String(user.chatId));
    expect(row).toMatchObject({ channel: "telegram", status: "sent", attempts: 1 });
    expect((await botMessages(user.chatId))[0]?.text).toContain(row!.code);
    expect(await outboxFor("01512345679")).toHaveLength(0);
  });

  it("records 'chat not found' for a chat that never pressed Start and keeps the message for retry", async () => {
    const { token } = await register(Role.Student);
    // Locally, without a linked chat, the phone stands in as the recipient: Telegram refuses it.
    await settle("POST", "/api/v1/confirmation-code/phone/send", {
      token,
      body: { phone: "01512345670", method: MessagingApp.Telegram },
    });
    const [row] = await outboxFor("01512345670");
    expect(row).toMatchObject({ channel: "telegram", status: "pending", attempts: 1 });
    expect(row!.last_error).toContain("chat not found");
  });

  it("unlinks the chat when the user blocked the bot (403), and keeps the message for retry", async () => {
    const user = await linkedUser();
    await call("POST", "/api/v1/dev/telegram/__emu/chat", { body: { chatId: user.chatId, blocked: true } });
    await settle("POST", "/api/v1/confirmation-code/phone/send", {
      token: user.token,
      body: { phone: "01512345671", method: MessagingApp.Telegram },
    });
    const [row] = await outboxFor(String(user.chatId));
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.last_error).toContain("403");
    expect(await chatIdOf(user.user.id)).toBeNull();
  });

  it("records a flood limit (429) with its retry_after", async () => {
    const user = await linkedUser();
    await call("POST", "/api/v1/dev/telegram/__emu/chat", {
      body: { chatId: user.chatId, floodSeconds: 30 },
    });
    await settle("POST", "/api/v1/confirmation-code/phone/send", {
      token: user.token,
      body: { phone: "01512345672", method: MessagingApp.Telegram },
    });
    const [row] = await outboxFor(String(user.chatId));
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.last_error).toMatch(/telegram 429: .*retry after \d+s/);
    expect(await chatIdOf(user.user.id)).toBe(String(user.chatId));
  });
});

describe("the Telegram emulator (Bot API envelope)", () => {
  /** The Worker's client, fetching the emulator through the API like any caller. */
  const client = telegramClient({
    token: LOCAL_TELEGRAM.token,
    baseUrl: "https://dars.test/api/v1/dev/telegram",
    fetch: async (request) => {
      const response = await call(request.method, new URL(request.url).pathname, {
        raw: await request.text(),
        headers: { "content-type": "application/json" },
      });
      return new Response(JSON.stringify(response.body), { status: response.status });
    },
  });

  it("gives the client a TelegramError with the error code, description and retry_after", async () => {
    const chatId = newChatId();
    await call("POST", "/api/v1/dev/telegram/__emu/send", { body: { chatId, text: "hi" } });
    await call("POST", "/api/v1/dev/telegram/__emu/chat", { body: { chatId, floodSeconds: 7 } });
    const error = await client.sendMessage(String(chatId), "نص").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TelegramError);
    expect(error).toMatchObject({ errorCode: 429, retryAfter: 7, chatGone: false });
    const missing = await client.sendMessage("999", "نص").catch((e: unknown) => e);
    expect(missing).toMatchObject({ errorCode: 400, description: "Bad Request: chat not found" });
  });

  it("sends a message and answers the Message object", async () => {
    const chatId = newChatId();
    await call("POST", "/api/v1/dev/telegram/__emu/send", { body: { chatId, text: "hi" } });
    const message = await client.sendMessage(String(chatId), "أهلًا");
    expect(message).toMatchObject({
      chat: { id: chatId, type: "private" },
      text: "أهلًا",
      from: { is_bot: true },
    });
  });

  it("answers getMe with the bot in { ok, result }", async () => {
    const response = await call("POST", `${BOT}/getMe`);
    expect(response.body).toMatchObject({
      ok: true,
      result: { is_bot: true, username: LOCAL_TELEGRAM.username },
    });
  });

  it("answers a wrong token with 401 in { ok: false, error_code, description }", async () => {
    const response = await call("POST", "/api/v1/dev/telegram/bot123:wrong/getMe");
    expect([response.status, response.body]).toEqual([
      401,
      { ok: false, error_code: 401, description: "Unauthorized" },
    ]);
  });

  it("refuses empty text and text over 4096 characters", async () => {
    const chatId = newChatId();
    await call("POST", "/api/v1/dev/telegram/__emu/send", { body: { chatId, text: "hi" } });
    const empty = await call("POST", `${BOT}/sendMessage`, { body: { chat_id: chatId, text: "" } });
    const long = await call("POST", `${BOT}/sendMessage`, {
      body: { chat_id: chatId, text: "x".repeat(4097) },
    });
    expect([empty.body.description, long.body.description]).toEqual([
      "Bad Request: message text is empty",
      "Bad Request: message is too long",
    ]);
  });

  it("refuses getUpdates while a webhook is set (409) and serves queued updates once it is removed", async () => {
    expect((await call("POST", `${BOT}/getUpdates`)).status).toBe(409);
    expect((await call("POST", `${BOT}/setWebhook`, { body: { url: "" } })).body).toMatchObject({
      ok: true,
      result: true,
    });
    const chatId = newChatId();
    const pushed = await call("POST", "/api/v1/dev/telegram/__emu/send", {
      body: { chatId, text: "/start" },
    });
    expect(pushed.body.webhookStatus).toBeNull();
    const updates = await call("POST", `${BOT}/getUpdates`, {
      body: { offset: pushed.body.update.update_id },
    });
    expect(updates.body.result).toEqual([pushed.body.update]);
    const confirmed = await call("POST", `${BOT}/getUpdates`, {
      body: { offset: pushed.body.update.update_id + 1 },
    });
    expect(confirmed.body.result).toEqual([]);
    // Back to our webhook for the other tests of this file.
    await call("POST", `${BOT}/setWebhook`, {
      body: { url: "https://dars.test/api/v1/telegram/webhook", secret_token: LOCAL_TELEGRAM.webhookSecret },
    });
  });

  it("refuses a webhook secret with characters Telegram does not allow", async () => {
    const response = await call("POST", `${BOT}/setWebhook`, {
      body: { url: "https://dars.test/x", secret_token: "has spaces!" },
    });
    expect([response.status, response.body.description]).toEqual([
      400,
      "Bad Request: secret token contains unallowed characters",
    ]);
  });

  it("is registered by a super admin through POST /telegram/set-webhook", async () => {
    const admin = await createUserWithRole(Role.SuperAdmin);
    const response = await settle("POST", "/api/v1/telegram/set-webhook", { token: admin.token });
    expect(response.body).toEqual({ url: `${ORIGIN}/api/v1/telegram/webhook` });
    expect((await call("POST", `${BOT}/getUpdates`)).status).toBe(409);
  });

  it("reads the start payload of /start and /start@bot only", () => {
    expect([
      startPayload("/start abc_1-X"),
      startPayload("/start@dars_bot tok"),
      startPayload("/start"),
      startPayload("hello"),
    ]).toEqual(["abc_1-X", "tok", "", null]);
  });
});
