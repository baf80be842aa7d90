// The local Telegram Bot API emulator (docs/services.md §3.4): POST /bot<token>/{sendMessage,
// setWebhook,getUpdates,getMe} with the real envelope and error texts, on /api/v1/dev/telegram,
// local environment only. A chat exists once its user "pressed Start" (the test hook below);
// sending to any other chat id (a phone number, say) is Telegram's 400 "chat not found".
// State lives in tables of its own in the local D1 (created on first use), like the Fawry sandbox.
import { Hono, type Context } from "hono";
import {
  MAX_TEXT,
  SECRET_HEADER,
  WEBHOOK_SECRET,
  type Envelope,
  type TelegramMessage,
  type TelegramUpdate,
  type TelegramUser,
} from "../../worker/integrations/telegram";
import { EMULATOR_PATHS, LOCAL_TELEGRAM } from "../../worker/integrations/emulated";

export { LOCAL_TELEGRAM };

export const TELEGRAM_EMULATOR_BASE = EMULATOR_PATHS.telegram;

export type TelegramEmulatorOptions = {
  token: string;
  username: string;
  /** The webhook the emulator starts with (our /api/v1/telegram/webhook) until setWebhook changes it. */
  webhook: { url: string; secretToken: string };
  /** Delivers an Update to a webhook URL (in-process in local runs). */
  deliver: (request: Request) => Promise<Response>;
};

const ddl = [
  `CREATE TABLE IF NOT EXISTS telegram_emulator_bot (token TEXT PRIMARY KEY, webhook_url TEXT NOT NULL, secret_token TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS telegram_emulator_chats (chat_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL,
    blocked INTEGER NOT NULL DEFAULT 0, flood_until INTEGER NOT NULL DEFAULT 0)`,
  `CREATE TABLE IF NOT EXISTS telegram_emulator_messages (message_id INTEGER PRIMARY KEY AUTOINCREMENT, chat_id INTEGER NOT NULL,
    from_bot INTEGER NOT NULL, text TEXT NOT NULL, date INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS telegram_emulator_updates (update_id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL,
    pending INTEGER NOT NULL DEFAULT 1)`,
];

type Chat = { chat_id: number; first_name: string; blocked: number; flood_until: number };
type Bot = { token: string; webhook_url: string; secret_token: string };

const now = () => Math.floor(Date.now() / 1000);

export function createTelegramEmulator(db: D1Database, options: TelegramEmulatorOptions) {
  let ready: Promise<unknown> | null = null;
  const setup = () =>
    (ready ??= db
      .batch(ddl.map((q) => db.prepare(q)))
      .then(() =>
        db
          .prepare(
            "INSERT OR IGNORE INTO telegram_emulator_bot (token, webhook_url, secret_token) VALUES (?, ?, ?)",
          )
          .bind(options.token, options.webhook.url, options.webhook.secretToken)
          .run(),
      ));
  const botUser: TelegramUser = {
    id: Number(options.token.split(":")[0]) || 1,
    is_bot: true,
    first_name: "درس",
    username: options.username,
  };
  const bot = () =>
    db.prepare("SELECT * FROM telegram_emulator_bot WHERE token = ?").bind(options.token).first<Bot>();
  const findChat = (chatId: number) =>
    db.prepare("SELECT * FROM telegram_emulator_chats WHERE chat_id = ?").bind(chatId).first<Chat>();

  const app = new Hono().basePath(TELEGRAM_EMULATOR_BASE);
  app.use(async (_c, next) => {
    await setup();
    await next();
  });

  const refuse = (c: Context, errorCode: number, description: string, parameters?: { retry_after: number }) =>
    c.json(
      {
        ok: false,
        error_code: errorCode,
        description,
        ...(parameters ? { parameters } : {}),
      } satisfies Envelope<never>,
      errorCode as 400,
    );
  const answer = <T>(c: Context, result: T, description?: string) =>
    c.json({ ok: true, result, ...(description ? { description } : {}) } satisfies Envelope<T>);

  /** Parameters as the Bot API takes them: query string, JSON or a form (§3.1). */
  async function paramsOf(c: Context): Promise<Record<string, unknown>> {
    const params: Record<string, unknown> = { ...c.req.query() };
    const type = c.req.header("content-type") ?? "";
    if (type.includes("application/json"))
      Object.assign(params, (await c.req.json().catch(() => ({}))) as object);
    else if (type.includes("form"))
      Object.assign(params, Object.fromEntries((await c.req.formData()).entries()));
    return params;
  }

  /** Delivers an Update: to the webhook when one is set (with the secret header), else queued for getUpdates. */
  async function pushUpdate(
    update: Omit<TelegramUpdate, "update_id">,
  ): Promise<{ update: TelegramUpdate; webhookStatus: number | null }> {
    const stored = await db
      .prepare("INSERT INTO telegram_emulator_updates (body) VALUES ('{}') RETURNING update_id")
      .first<{ update_id: number }>();
    const full: TelegramUpdate = { update_id: stored!.update_id, ...update };
    await db
      .prepare("UPDATE telegram_emulator_updates SET body = ? WHERE update_id = ?")
      .bind(JSON.stringify(full), full.update_id)
      .run();
    const current = await bot();
    if (!current?.webhook_url) return { update: full, webhookStatus: null };
    const response = await options.deliver(
      new Request(current.webhook_url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(current.secret_token ? { [SECRET_HEADER]: current.secret_token } : {}),
        },
        body: JSON.stringify(full),
      }),
    );
    // Telegram keeps an update until the webhook answers 2xx.
    if (response.ok)
      await db
        .prepare("UPDATE telegram_emulator_updates SET pending = 0 WHERE update_id = ?")
        .bind(full.update_id)
        .run();
    return { update: full, webhookStatus: response.status };
  }

  // ---- the Bot API ------------------------------------------------------------------------------

  app.all("/:bot{bot[^/]+}/:method", async (c) => {
    const segment = c.req.param("bot");
    if (!segment.startsWith("bot") || segment.slice(3) !== options.token)
      return refuse(c, 401, "Unauthorized");
    const params = await paramsOf(c);
    switch (c.req.param("method")) {
      case "getMe":
        return answer(c, {
          ...botUser,
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        });
      case "sendMessage": {
        if (params.chat_id === undefined || params.chat_id === "")
          return refuse(c, 400, "Bad Request: chat_id is empty");
        const text = typeof params.text === "string" ? params.text : "";
        if (!text.trim()) return refuse(c, 400, "Bad Request: message text is empty");
        if (text.length > MAX_TEXT) return refuse(c, 400, "Bad Request: message is too long");
        const chatId = Number(params.chat_id);
        const chat = Number.isSafeInteger(chatId) ? await findChat(chatId) : null;
        if (!chat) return refuse(c, 400, "Bad Request: chat not found");
        if (chat.blocked) return refuse(c, 403, "Forbidden: bot was blocked by the user");
        // flood_until is in milliseconds; retry_after is the whole seconds left, rounded up as Telegram does
        // (in whole seconds on both sides, a second boundary between the two calls made 7 s read as 6).
        const floodLeft = chat.flood_until - Date.now();
        if (floodLeft > 0) {
          const retryAfter = Math.ceil(floodLeft / 1000);
          return refuse(c, 429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
        }
        const date = now();
        const row = await db
          .prepare(
            "INSERT INTO telegram_emulator_messages (chat_id, from_bot, text, date) VALUES (?, 1, ?, ?) RETURNING message_id",
          )
          .bind(chatId, text, date)
          .first<{ message_id: number }>();
        const message: TelegramMessage = {
          message_id: row!.message_id,
          from: botUser,
          chat: { id: chatId, type: "private", first_name: chat.first_name },
          date,
          text,
        };
        return answer(c, message);
      }
      case "setWebhook": {
        const url = typeof params.url === "string" ? params.url : "";
        const secret = typeof params.secret_token === "string" ? params.secret_token : "";
        if (secret && !WEBHOOK_SECRET.test(secret))
          return refuse(c, 400, "Bad Request: secret token contains unallowed characters");
        if (url && !URL.canParse(url))
          return refuse(c, 400, "Bad Request: bad webhook: Failed to resolve host");
        await db
          .prepare("UPDATE telegram_emulator_bot SET webhook_url = ?, secret_token = ? WHERE token = ?")
          .bind(url, secret, options.token)
          .run();
        return answer(c, true, url ? "Webhook was set" : "Webhook was deleted");
      }
      case "deleteWebhook":
        await db
          .prepare("UPDATE telegram_emulator_bot SET webhook_url = '', secret_token = '' WHERE token = ?")
          .bind(options.token)
          .run();
        return answer(c, true, "Webhook was deleted");
      case "getUpdates": {
        if ((await bot())?.webhook_url)
          return refuse(
            c,
            409,
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          );
        const offset = Number(params.offset ?? 0);
        // An offset confirms every update before it (§3.2 polling).
        if (offset > 0)
          await db
            .prepare("UPDATE telegram_emulator_updates SET pending = 0 WHERE update_id < ?")
            .bind(offset)
            .run();
        const rows = await db
          .prepare(
            "SELECT body FROM telegram_emulator_updates WHERE pending = 1 AND update_id >= ? ORDER BY update_id LIMIT 100",
          )
          .bind(offset)
          .all<{ body: string }>();
        return answer(
          c,
          rows.results.map((row) => JSON.parse(row.body) as TelegramUpdate),
        );
      }
      default:
        return refuse(c, 404, "Not Found");
    }
  });

  // ---- test hooks -------------------------------------------------------------------------------

  /** A user writes to the bot (e.g. presses Start: text "/start <payload>"); the chat now exists. */
  app.post("/__emu/send", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as {
      chatId?: number;
      text?: string;
      firstName?: string;
    };
    const chatId = Number(body.chatId);
    if (!Number.isSafeInteger(chatId) || chatId <= 0 || typeof body.text !== "string")
      return c.json({ error: "chatId (positive integer) and text are required" }, 400);
    const firstName = body.firstName ?? "مستخدم";
    await db
      .prepare(
        "INSERT INTO telegram_emulator_chats (chat_id, first_name) VALUES (?, ?) ON CONFLICT (chat_id) DO UPDATE SET blocked = 0",
      )
      .bind(chatId, firstName)
      .run();
    const date = now();
    const row = await db
      .prepare(
        "INSERT INTO telegram_emulator_messages (chat_id, from_bot, text, date) VALUES (?, 0, ?, ?) RETURNING message_id",
      )
      .bind(chatId, body.text, date)
      .first<{ message_id: number }>();
    const from = { id: chatId, is_bot: false, first_name: firstName };
    const command = body.text.startsWith("/")
      ? [{ type: "bot_command", offset: 0, length: body.text.split(/\s/)[0]!.length }]
      : undefined;
    const message = {
      message_id: row!.message_id,
      from,
      chat: { id: chatId, type: "private" as const, first_name: firstName },
      date,
      text: body.text,
      ...(command ? { entities: command } : {}),
    };
    return c.json(await pushUpdate({ message }));
  });

  /** Makes a chat block the bot (403 on send) or flood-limited for some seconds (429 with retry_after). */
  app.post("/__emu/chat", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as {
      chatId?: number;
      blocked?: boolean;
      floodSeconds?: number;
    };
    const chatId = Number(body.chatId);
    const floodUntil = body.floodSeconds ? Date.now() + body.floodSeconds * 1000 : 0;
    const updated = await db
      .prepare(
        "UPDATE telegram_emulator_chats SET blocked = ?, flood_until = ? WHERE chat_id = ? RETURNING *",
      )
      .bind(body.blocked ? 1 : 0, floodUntil, chatId)
      .first<Chat>();
    return updated ? c.json(updated) : c.json({ error: "chat not found" }, 404);
  });

  /** What the bot sent to a chat, newest first. */
  app.get("/__emu/messages", async (c) => {
    const chatId = Number(c.req.query("chatId"));
    const rows = await db
      .prepare(
        "SELECT message_id, chat_id, text, date FROM telegram_emulator_messages WHERE chat_id = ? AND from_bot = 1 ORDER BY message_id DESC LIMIT 50",
      )
      .bind(chatId)
      .all();
    return c.json({ list: rows.results });
  });

  return app;
}
