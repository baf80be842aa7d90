// Telegram and WhatsApp: linking a Telegram chat, both providers' webhooks, and (local only) their
// emulators. The webhooks are public and trusted only through their secret header or signature.
import { messagingContracts, type TelegramLink } from "../../schema/api/messaging";
import { Role } from "../../schema/enums";
import { issueLinkToken, linkChat } from "../domain/identity/telegram-link";
import { telegramReplies } from "../notifications/messages";
import { emulate } from "../http/emulate";
import { fail } from "../core/failure";
import { notify } from "../notifications/notify";
import { route } from "../http/route";
import { safeEqual } from "../integrations/fawry";
import { SECRET_HEADER, deepLink, startPayload, telegramWebhookSecret } from "../integrations/telegram";
import {
  statusesOf,
  subscriptionChallenge,
  verifySignature,
  whatsAppWebhookKeys,
  type WebhookBody,
} from "../integrations/whatsapp";
import { scopeOf } from "../http/scope";

export const messagingRoutes = [
  route(messagingContracts.telegramLink, {
    access: "signed-in",
    summary:
      "A one-time Telegram deep link (t.me/<bot>?start=<token>, 15 minutes): pressing Start in the bot stores the chat id on the account, so notifications and phone codes can go to Telegram.",
    async handle({ c, user }): Promise<TelegramLink> {
      const telegram = c.get("services").telegram();
      if (!telegram) fail("service-unavailable");
      const { token, expiresAt } = await issueLinkToken(c.get("db"), user.id);
      return { url: deepLink(telegram.username, token), botUsername: telegram.username, expiresAt };
    },
  }),
  route(messagingContracts.telegramWebhook, {
    access: "public",
    summary:
      "Telegram's webhook (docs/services.md §3.2): trusted only through X-Telegram-Bot-Api-Secret-Token; \"/start <token>\" links the chat to the token's account and the bot answers in the chat (once per update_id).",
    async handle({ c, body }) {
      const config = c.get("config");
      if (!config.isLocal && !config.TELEGRAM_WEBHOOK_SECRET) fail("service-unavailable");
      const given = c.req.header(SECRET_HEADER);
      if (!given || !safeEqual(given, telegramWebhookSecret(config))) fail("unauthenticated");
      const message = body.message;
      // Only private chats can link; groups and other updates are acknowledged and ignored.
      if (!message || message.chat.type !== "private") return { ok: true };
      const chatId = String(message.chat.id);
      const payload = startPayload(message.text);
      const linked = payload ? await linkChat(c.get("db"), payload, chatId) : null;
      const reply = linked
        ? telegramReplies.linked(linked.name)
        : payload
          ? telegramReplies.invalid
          : telegramReplies.help;
      // Telegram redelivers an update until it gets 2xx: the dedupe key answers each update once.
      await notify(scopeOf(c), {
        userId: linked?.id ?? null,
        channel: "telegram",
        recipient: chatId,
        ...reply,
        dedupeKey: `telegram-update:${body.update_id}`,
      });
      return { ok: true, linked: linked !== null };
    },
  }),
  route(messagingContracts.telegramSetWebhook, {
    access: [Role.SuperAdmin],
    summary:
      "Registers this deployment's Telegram webhook (setWebhook with the secret token, message updates only).",
    async handle({ c }) {
      const config = c.get("config");
      const telegram = c.get("services").telegram();
      if (!telegram) fail("service-unavailable");
      const url = `${new URL(c.req.url).origin}/api/v1/telegram/webhook`;
      await telegram.client.setWebhook(url, telegramWebhookSecret(config)).catch((error: unknown) => {
        c.get("logger").error("telegram setWebhook refused", { error: String(error) });
        fail("service-unavailable");
      });
      return { url };
    },
  }),
  route(messagingContracts.whatsAppVerify, {
    access: "public",
    summary:
      "WhatsApp webhook subscription check (docs/services.md §4.3): the raw hub.challenge when hub.verify_token matches, else 403.",
    handle({ c, query }) {
      const { verifyToken } = whatsAppWebhookKeys(c.get("config"));
      if (!verifyToken) fail("service-unavailable");
      const challenge = subscriptionChallenge(query, verifyToken);
      if (challenge === null) fail("forbidden");
      return c.text(challenge, 200);
    },
  }),
  route(messagingContracts.whatsAppWebhook, {
    access: "public",
    summary:
      "WhatsApp webhook events (docs/services.md §4.3): trusted only through X-Hub-Signature-256 over the raw body; failed deliveries are logged.",
    async handle({ c }) {
      const { appSecret } = whatsAppWebhookKeys(c.get("config"));
      if (!appSecret) fail("service-unavailable");
      const raw = await c.req.text();
      if (!(await verifySignature(appSecret, c.req.header("x-hub-signature-256"), raw)))
        fail("unauthenticated");
      const statuses = statusesOf(JSON.parse(raw) as WebhookBody);
      for (const status of statuses.filter((s) => s.status === "failed"))
        c.get("logger").warn("whatsapp delivery failed", {
          messageId: status.id,
          errors: status.errors?.map((e) => e.code),
        });
      return { ok: true, statuses: statuses.length };
    },
  }),
];

/** The local emulators of Telegram's Bot API, WhatsApp's Graph endpoint and LiveKit's room service, dispatched in-process. */
export const messagingEmulatorRoutes = [
  ...(["Get", "Post"] as const).map((method) =>
    route(messagingContracts[`telegramEmulator${method}`], {
      access: "public",
      localOnly: true,
      summary:
        "Local Telegram Bot API emulator: /bot<token>/{sendMessage,setWebhook,getUpdates,getMe} and the test hooks /__emu/{send,chat,messages}.",
      handle: ({ c }) => emulate(c),
    }),
  ),
  ...(["Get", "Post"] as const).map((method) =>
    route(messagingContracts[`whatsAppEmulator${method}`], {
      access: "public",
      localOnly: true,
      summary:
        "Local WhatsApp Cloud API emulator: /<version>/<phone-number-id>/messages and the test hooks /__emu/{messages,fail,status,inbound}.",
      handle: ({ c }) => emulate(c),
    }),
  ),
  ...(["Get", "Post"] as const).map((method) =>
    route(messagingContracts[`liveKitEmulator${method}`], {
      access: "public",
      localOnly: true,
      summary:
        "Local LiveKit room-service emulator (no media): /twirp/livekit.RoomService/{CreateRoom,ListRooms,DeleteRoom,ListParticipants,RemoveParticipant} and the hooks /__emu/{join,leave}, which send signed webhooks.",
      handle: ({ c }) => emulate(c),
    }),
  ),
];
