// Telegram Bot API (docs/services.md §3). A bot can only write to a chat that pressed Start: the
// user opens our deep link t.me/<bot>?start=<one-time token>, Telegram delivers "/start <token>"
// to our webhook with the secret header, and we store the chat id on the user (§3.2).
// `fetch` is injected: the real one outside local; locally the emulator (emulators/telegram),
// dispatched in-process with the same Request objects.
import type { Config } from "../core/env";
import { localWebhookSecrets } from "./local-accounts";

/** Every Bot API answer: `{ ok: true, result }` or `{ ok: false, error_code, description, parameters? }` (§3.1). */
export type Envelope<T> =
  | { ok: true; result: T; description?: string }
  | {
      ok: false;
      error_code: number;
      description: string;
      parameters?: { retry_after?: number; migrate_to_chat_id?: number };
    };

export type TelegramUser = { id: number; is_bot: boolean; first_name: string; username?: string };
export type TelegramChat = {
  id: number;
  type: "private" | "group" | "supergroup" | "channel";
  first_name?: string;
  username?: string;
};
export type TelegramMessage = {
  message_id: number;
  from?: TelegramUser;
  chat: TelegramChat;
  date: number;
  text?: string;
};
/** The parts of an Update our webhook reads. */
export type TelegramUpdate = { update_id: number; message?: TelegramMessage };

/** A refusal from the Bot API, with what the outbox needs to decide about retries. */
export class TelegramError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    /** Seconds to wait on 429 (§3.3); every call fails during that window. */
    readonly retryAfter: number | null = null,
  ) {
    super(`telegram ${errorCode}: ${description}${retryAfter ? ` (retry after ${retryAfter}s)` : ""}`);
  }
  /** 403 "bot was blocked by the user" (or the user deactivated): the link is dead (§3.1). */
  get chatGone(): boolean {
    return this.errorCode === 403;
  }
}

/** The payload of a deep link: 1–64 characters of A-Z a-z 0-9 _ - (§3.2). */
export const DEEP_LINK_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;
/** setWebhook's secret_token: 1–256 characters of A-Z a-z 0-9 _ - (§3.2). */
export const WEBHOOK_SECRET = /^[A-Za-z0-9_-]{1,256}$/;
/** sendMessage's text limit (§3.1). */
export const MAX_TEXT = 4096;
/** The header Telegram puts on every webhook call. */
export const SECRET_HEADER = "x-telegram-bot-api-secret-token";

export const deepLink = (botUsername: string, payload: string) =>
  `https://t.me/${botUsername}?start=${payload}`;

/** "/start <payload>" (or "/start@bot <payload>") → the payload; null for anything else. */
export function startPayload(text: string | undefined): string | null {
  const match = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/.exec(text ?? "");
  if (!match) return null;
  return match[1] ?? "";
}

export type TelegramClient = ReturnType<typeof telegramClient>;

export function telegramClient(options: {
  token: string;
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
}) {
  const base = options.baseUrl.replace(/\/$/, "");
  /** Calls a method with a JSON body; answers the result or throws TelegramError. */
  async function invoke<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const response = await options.fetch(
      new Request(`${base}/bot${options.token}/${method}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(params),
      }),
    );
    const answer = (await response.json().catch(() => null)) as Envelope<T> | null;
    if (!answer || typeof answer !== "object")
      throw new TelegramError(response.status, `unreadable answer (HTTP ${response.status})`);
    if (!answer.ok)
      throw new TelegramError(
        answer.error_code ?? response.status,
        answer.description ?? "",
        answer.parameters?.retry_after ?? null,
      );
    return answer.result;
  }
  return {
    invoke,
    getMe: () => invoke<TelegramUser>("getMe"),
    /** Plain text (no parse_mode, so nothing needs escaping), cut to the 4096-character limit. */
    sendMessage: (chatId: string, text: string) =>
      invoke<TelegramMessage>("sendMessage", {
        chat_id: /^-?\d+$/.test(chatId) ? Number(chatId) : chatId,
        text: text.slice(0, MAX_TEXT),
      }),
    setWebhook: (url: string, secretToken: string) =>
      invoke<true>("setWebhook", { url, secret_token: secretToken, allowed_updates: ["message"] }),
    getUpdates: (offset?: number) =>
      invoke<TelegramUpdate[]>("getUpdates", {
        ...(offset === undefined ? {} : { offset }),
        timeout: 0,
        allowed_updates: ["message"],
      }),
  };
}

/** The outbox's view: one text to one chat id. */
export interface Telegram {
  sendText(chatId: string, text: string): Promise<void>;
}

export function botTelegram(client: TelegramClient): Telegram {
  return {
    async sendText(chatId, text) {
      await client.sendMessage(chatId, text);
    },
  };
}

/** The webhook secret: configured, or the local one. */
export const telegramWebhookSecret = (config: Config) =>
  config.TELEGRAM_WEBHOOK_SECRET ?? localWebhookSecrets.telegram;

/** The bot: its client and its username (for deep links); built by createServices (worker/integrations/index.ts). */
export type TelegramBot = { client: TelegramClient; username: string };
