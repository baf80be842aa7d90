// The local accounts the emulators hold and the API expects: nothing is secret in the local
// environment. Plain constants with no Worker types, so the browser tests can import them too.
/** The local Fawry sandbox's merchant and key. */
export const LOCAL_FAWRY = { merchantCode: "DARS-LOCAL-MERCHANT", secureKey: "dars-local-fawry-secure-key" };
/** The local bot. */
export const LOCAL_TELEGRAM = {
  token: "7000000001:dars-local-telegram-bot-token",
  username: "dars_local_bot",
  /** The webhook secret the local API expects (and the emulator starts with, as if setWebhook ran at deploy). */
  webhookSecret: "dars-local-telegram-webhook-secret",
};
/** The local WhatsApp account. */
export const LOCAL_WHATSAPP = {
  phoneNumberId: "100000000000001",
  displayPhoneNumber: "201000000001",
  token: "dars-local-whatsapp-token",
  verifyToken: "dars-local-whatsapp-verify-token",
  appSecret: "dars-local-whatsapp-app-secret",
};
/** `livekit-server --dev`'s key pair, used by the emulator when LiveKit is not configured. */
export const LOCAL_LIVEKIT = { apiKey: "devkey", apiSecret: "secret" };

/**
 * The secrets the local environment's webhooks are checked with when none is configured: the
 * local accounts' (the emulators sign and send with them).
 */
export const localWebhookSecrets = {
  fawry: LOCAL_FAWRY.secureKey,
  telegram: LOCAL_TELEGRAM.webhookSecret,
  whatsAppVerifyToken: LOCAL_WHATSAPP.verifyToken,
  whatsAppAppSecret: LOCAL_WHATSAPP.appSecret,
};
