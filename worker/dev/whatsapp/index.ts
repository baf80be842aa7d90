// In-process wiring of the local WhatsApp emulator (the Fawry sandbox's pattern): the Worker's
// WhatsApp client dispatches to the emulator, whose webhooks reach our API app in-process.
import type { Config, Env } from "../../env";
import { whatsAppClient, type WhatsAppClient } from "../../integrations/whatsapp";
import { EMULATOR_ORIGIN, dispatchToApi } from "../dispatch";
import { LOCAL_WHATSAPP, WHATSAPP_EMULATOR_BASE, WHATSAPP_EMULATOR_VERSION, createWhatsAppEmulator } from "./app";

/** The webhook's verify token and app secret: configured, or the local emulator's. */
export const whatsAppWebhookKeys = (config: Config) => ({
  verifyToken: config.WHATSAPP_VERIFY_TOKEN ?? (config.isLocal ? LOCAL_WHATSAPP.verifyToken : null),
  appSecret: config.WHATSAPP_APP_SECRET ?? (config.isLocal ? LOCAL_WHATSAPP.appSecret : null),
});

export function whatsAppEmulatorFetch(env: Env, config: Config, ctx?: ExecutionContext) {
  const emulator = createWhatsAppEmulator(env.DB, {
    phoneNumberId: LOCAL_WHATSAPP.phoneNumberId,
    token: LOCAL_WHATSAPP.token,
    appSecret: whatsAppWebhookKeys(config).appSecret ?? LOCAL_WHATSAPP.appSecret,
    webhookUrl: `${EMULATOR_ORIGIN}/api/v1/whatsapp/webhook`,
    deliver: (request) => dispatchToApi(request, env, ctx),
  });
  return async (request: Request) => emulator.fetch(request, env, ctx);
}

/** The real Cloud API with WHATSAPP_TOKEN; the emulator in the local environment; else null. */
export function whatsAppFor(config: Config, env?: Env, ctx?: ExecutionContext): WhatsAppClient | null {
  if (config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID)
    return whatsAppClient({ phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID, token: config.WHATSAPP_TOKEN, baseUrl: config.WHATSAPP_API_URL, fetch: (r) => fetch(r) });
  if (!config.isLocal || !env) return null;
  return whatsAppClient({
    phoneNumberId: LOCAL_WHATSAPP.phoneNumberId,
    token: LOCAL_WHATSAPP.token,
    baseUrl: `${EMULATOR_ORIGIN}${WHATSAPP_EMULATOR_BASE}/${WHATSAPP_EMULATOR_VERSION}`,
    fetch: whatsAppEmulatorFetch(env, config, ctx),
  });
}
