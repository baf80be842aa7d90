import { z } from "zod";
import { contract } from "./contract";

/** POST /telegram/link: the deep link that makes the bot learn the user's chat id (docs/services.md §3.2). */
export const telegramLink = z.object({
  /** https://t.me/<bot>?start=<one-time token> */
  url: z.string(),
  botUsername: z.string(),
  expiresAt: z.string(),
});
export type TelegramLink = z.output<typeof telegramLink>;

/** The Update Telegram posts to our webhook; only update_id is required, the rest is read loosely. */
export const telegramUpdateBody = z.looseObject({
  update_id: z.number({ error: "bad-request" }).int("bad-request"),
  message: z
    .looseObject({
      text: z.string().optional(),
      chat: z.looseObject({
        id: z.number({ error: "bad-request" }),
        type: z.string({ error: "bad-request" }),
      }),
    })
    .optional(),
});
export type TelegramUpdateBody = z.infer<typeof telegramUpdateBody>;

/** The WhatsApp webhook's subscription check (GET, docs/services.md §4.3). */
export const whatsAppVerifyQuery = z.object({
  "hub.mode": z.string({ error: "bad-request" }),
  "hub.verify_token": z.string({ error: "bad-request" }),
  "hub.challenge": z.string({ error: "bad-request" }).max(200, "bad-request"),
});

/** A WhatsApp webhook body (POST): read loosely after the signature check. */
export const whatsAppWebhookBody = z.looseObject({ object: z.string({ error: "bad-request" }) });

/** The Telegram and WhatsApp endpoints (worker/routes/messaging.ts), their local emulators last. */
export const messagingContracts = {
  telegramLink: contract({ method: "post", path: "/telegram/link", status: 201, response: telegramLink }),
  telegramWebhook: contract({
    method: "post",
    path: "/telegram/webhook",
    body: telegramUpdateBody,
    response: z.object({ ok: z.boolean(), linked: z.boolean().optional() }),
  }),
  telegramSetWebhook: contract({
    method: "post",
    path: "/telegram/set-webhook",
    response: z.object({ url: z.string() }),
  }),
  whatsAppVerify: contract({
    method: "get",
    path: "/whatsapp/webhook",
    query: whatsAppVerifyQuery,
    response: "text",
  }),
  whatsAppWebhook: contract({
    method: "post",
    path: "/whatsapp/webhook",
    body: whatsAppWebhookBody,
    response: z.object({ ok: z.boolean(), statuses: z.number() }),
  }),
  telegramEmulatorGet: contract({ method: "get", path: "/dev/telegram/*", response: "emulated" }),
  telegramEmulatorPost: contract({ method: "post", path: "/dev/telegram/*", response: "emulated" }),
  whatsAppEmulatorGet: contract({ method: "get", path: "/dev/whatsapp/*", response: "emulated" }),
  whatsAppEmulatorPost: contract({ method: "post", path: "/dev/whatsapp/*", response: "emulated" }),
  liveKitEmulatorGet: contract({ method: "get", path: "/dev/livekit/*", response: "emulated" }),
  liveKitEmulatorPost: contract({ method: "post", path: "/dev/livekit/*", response: "emulated" }),
};
