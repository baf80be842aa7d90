// In-process wiring of the local Telegram emulator, like the Fawry sandbox's: the Worker's
// Telegram client dispatches to the emulator app, and the emulator delivers Updates to our
// webhook through the API app, both with real Request/Response objects.
import type { Config, Env } from "../../env";
import { telegramClient, type TelegramClient } from "../../integrations/telegram";
import { EMULATOR_ORIGIN, dispatchToApi } from "../dispatch";
import { LOCAL_TELEGRAM, TELEGRAM_EMULATOR_BASE, createTelegramEmulator } from "./app";

/** The local webhook secret when none is configured. */
export const telegramWebhookSecret = (config: Config) => config.TELEGRAM_WEBHOOK_SECRET ?? LOCAL_TELEGRAM.webhookSecret;

/** A fetch that answers from the emulator, in-process. */
export function telegramEmulatorFetch(env: Env, config: Config, ctx?: ExecutionContext) {
  const emulator = createTelegramEmulator(env.DB, {
    token: LOCAL_TELEGRAM.token,
    username: LOCAL_TELEGRAM.username,
    webhook: { url: `${EMULATOR_ORIGIN}/api/v1/telegram/webhook`, secretToken: telegramWebhookSecret(config) },
    deliver: (request) => dispatchToApi(request, env, ctx),
  });
  return async (request: Request) => emulator.fetch(request, env, ctx);
}

/**
 * The Telegram client for this environment: the real Bot API with TELEGRAM_BOT_TOKEN, else in the
 * local environment the emulator; null outside local without a token (delivery then fails).
 */
export function telegramFor(config: Config, env?: Env, ctx?: ExecutionContext): { client: TelegramClient; username: string } | null {
  if (config.TELEGRAM_BOT_TOKEN)
    return {
      client: telegramClient({ token: config.TELEGRAM_BOT_TOKEN, baseUrl: config.TELEGRAM_API_URL, fetch: (r) => fetch(r) }),
      username: config.TELEGRAM_BOT_USERNAME ?? "",
    };
  if (!config.isLocal || !env) return null;
  return {
    client: telegramClient({ token: LOCAL_TELEGRAM.token, baseUrl: EMULATOR_ORIGIN + TELEGRAM_EMULATOR_BASE, fetch: telegramEmulatorFetch(env, config, ctx) }),
    username: LOCAL_TELEGRAM.username,
  };
}
