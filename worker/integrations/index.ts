import type { Config } from "../env";
import { httpMailer, type Email } from "./email";
import { googleVerifier, type GoogleVerifier } from "./google";
import { botTelegram } from "./telegram";
import { cloudWhatsApp } from "./whatsapp";

export type Channel = "email" | "whatsapp" | "telegram";

/** The outside services behind one small interface each; chosen from the configuration. */
export type Services = {
  /** Delivers one outbox message on its channel; throws when the provider refuses. */
  send(channel: Channel, message: Email): Promise<void>;
  /** Null when Google sign-in is not configured. */
  google: GoogleVerifier | null;
};

/**
 * Real providers when their secrets are set. In the local environment a channel without secrets
 * delivers nowhere: the outbox row itself is the message, readable at /dev/mailbox. Outside
 * local, a channel without secrets is a delivery failure the outbox records and retries.
 */
export function createServices(config: Config): Services {
  const mailer =
    config.EMAIL_API_URL && config.EMAIL_API_KEY
      ? httpMailer({ url: config.EMAIL_API_URL, apiKey: config.EMAIL_API_KEY, from: config.EMAIL_FROM })
      : null;
  const whatsapp =
    config.WHATSAPP_PHONE_NUMBER_ID && config.WHATSAPP_TOKEN
      ? cloudWhatsApp({ phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID, token: config.WHATSAPP_TOKEN })
      : null;
  const telegram = config.TELEGRAM_BOT_TOKEN ? botTelegram({ token: config.TELEGRAM_BOT_TOKEN }) : null;

  const unconfigured = async (channel: Channel) => {
    if (!config.isLocal) throw new Error(`${channel} is not configured`);
  };

  return {
    async send(channel, message) {
      if (channel === "email") return mailer ? mailer.send(message) : unconfigured(channel);
      if (channel === "whatsapp") return whatsapp ? whatsapp.sendText(message.to, message.text) : unconfigured(channel);
      return telegram ? telegram.sendText(message.to, message.text) : unconfigured(channel);
    },
    google: config.GOOGLE_CLIENT_ID ? googleVerifier({ clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL }) : null,
  };
}
