import type { Config, Env } from "../core/env";
import type { Emulators, LocalServices } from "./emulated";
import { httpMailer } from "./email";
import { googleVerifier, type GoogleVerifier } from "./google";
import { botTelegram, telegramFor } from "./telegram";
import { cloudWhatsApp, whatsAppFor } from "./whatsapp";

export type Channel = "email" | "whatsapp" | "telegram";

/** One outbox message as a provider sees it. */
export type Outgoing = {
  /** Email address, phone number (01XXXXXXXXX) or Telegram chat id. */
  to: string;
  subject: string;
  text: string;
  /** The verification code it carries: WhatsApp then uses the authentication template. */
  code?: string | null;
  /** Our outbox row id: the provider's idempotency key where it has one. */
  id?: number;
};

/** The outside services behind one small interface each; chosen from the configuration. */
export type Services = {
  /** Delivers one outbox message on its channel; throws when the provider refuses. */
  send(channel: Channel, message: Outgoing): Promise<void>;
  /** Null when Google sign-in is not configured. */
  google: GoogleVerifier | null;
  /** The local environment's emulators and seeds, when the local entry passed them in; else null. */
  local?: LocalServices | null;
};

/**
 * Real providers when their secrets are set. In the local environment WhatsApp and Telegram go to
 * their emulators (emulators/, passed in by the local entry), dispatched in-process, and email
 * goes nowhere: the outbox row itself is the message, readable at /dev/mailbox. Outside local, a
 * channel without secrets is a delivery failure the outbox records and retries.
 */
export function createServices(
  config: Config,
  env?: Env,
  ctx?: ExecutionContext,
  emulators: Emulators | null = null,
): Services {
  const local: LocalServices | null =
    emulators && env && config.isLocal
      ? {
          fetch: (request) => emulators.fetch(request, env, ctx),
          seedDemo: emulators.seedDemo,
          seedBench: emulators.seedBench,
        }
      : null;
  const emulate = local?.fetch ?? null;
  const mailer =
    config.EMAIL_API_URL && config.EMAIL_API_KEY
      ? httpMailer({ url: config.EMAIL_API_URL, apiKey: config.EMAIL_API_KEY, from: config.EMAIL_FROM })
      : null;
  // Built on first use: most requests send nothing.
  let whatsapp: ReturnType<typeof cloudWhatsApp> | null | undefined;
  let telegram: ReturnType<typeof botTelegram> | null | undefined;
  const whatsApp = () =>
    whatsapp === undefined ? (whatsapp = mapNull(whatsAppFor(config, emulate), cloudWhatsApp)) : whatsapp;
  const bot = () =>
    telegram === undefined
      ? (telegram = mapNull(telegramFor(config, emulate)?.client ?? null, botTelegram))
      : telegram;

  const unconfigured = async (channel: Channel) => {
    if (!config.isLocal) throw new Error(`${channel} is not configured`);
  };

  return {
    async send(channel, message) {
      if (channel === "email")
        return mailer
          ? mailer.send({
              to: message.to,
              subject: message.subject,
              text: message.text,
              idempotencyKey: message.id ? `outbox-${message.id}` : undefined,
            })
          : unconfigured(channel);
      if (channel === "whatsapp") {
        const client = whatsApp();
        return client ? client.sendMessage(message.to, message) : unconfigured(channel);
      }
      const client = bot();
      return client ? client.sendText(message.to, message.text) : unconfigured(channel);
    },
    google: config.GOOGLE_CLIENT_ID
      ? googleVerifier({ clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL })
      : null,
    local,
  };
}

const mapNull = <T, U>(value: T | null, f: (value: T) => U): U | null => (value === null ? null : f(value));
