import type { Config, Env } from "../core/env";
import { fail } from "../core/failure";
import {
  emulatedEndpoints,
  isEmulatedLiveKitUrl,
  isEmulatedPushEndpoint,
  type Emulators,
  type LocalServices,
} from "./emulated";
import { httpMailer } from "./email";
import { unsubscribeHeaders } from "../notifications/unsubscribe";
import { fawryClient, type FawryClient } from "./fawry";
import { googleVerifier, type GoogleVerifier } from "./google";
import { webPushSender, type PushSender } from "./push";
import { liveKitConfig, roomServiceClient, type RoomService } from "./livekit";
import { botTelegram, telegramClient, type TelegramBot } from "./telegram";
import { CLOUDFLARE_TURN_API_URL, cloudflareTurn, type TurnMinter } from "./turn";
import { SITEVERIFY_URL, siteverify } from "./turnstile";
import { cloudWhatsApp, whatsAppClient, type WhatsAppClient } from "./whatsapp";

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
  /** The message's kind and person: an email of a choosable kind gets its unsubscribe headers. */
  kind?: string | null;
  userId?: number | null;
};

/** The outside services behind one small interface each; chosen from the configuration. */
export type Services = {
  /** Delivers one outbox message on its channel; throws when the provider refuses. */
  send(channel: Channel, message: Outgoing): Promise<void>;
  /** Null when Google sign-in is not configured. */
  google: GoogleVerifier | null;
  /**
   * The Fawry client: the configured base URL and keys, or locally the sandbox (its pages at the
   * Worker's own origin). Fails with fawry-error, when called, where Fawry is not configured.
   */
  fawry(): FawryClient;
  /** The Telegram bot (Bot API with TELEGRAM_BOT_TOKEN, locally the emulator), or null without one. */
  telegram(): TelegramBot | null;
  /** TURN credentials (Cloudflare Realtime TURN, TURN_API_URL, or locally the emulator), or null without TURN keys. */
  turn(): TurnMinter | null;
  /** LiveKit's room service, or null without LiveKit (or when LIVEKIT_URL is the emulator and it is absent). */
  liveKitRooms(): RoomService | null;
  /** Web push with the configured VAPID key (locally the local pair; the push emulator's endpoints in-process). */
  push(): PushSender;
  /** Posts a Turnstile siteverify form: TURNSTILE_VERIFY_URL, locally the emulator, else Cloudflare's. */
  siteverify(body: URLSearchParams): Promise<Response>;
  /** The local environment's emulators and seeds, when the local entry passed them in; else null. */
  local?: LocalServices | null;
};

/**
 * Every outside service, built here and nowhere else, each on first use (most requests send
 * nothing): real providers when their secrets are set. In the local environment the emulators
 * (emulators/, passed in by the local entry) stand in for Fawry, WhatsApp, Telegram, LiveKit,
 * TURN and Turnstile, dispatched in-process, and email goes nowhere: the outbox row itself is the
 * message, readable at /dev/mailbox. Outside local, a channel without secrets is a delivery
 * failure the outbox records and retries. `origin` is the Worker's own (a request's, or for a cron
 * or a queue batch the first configured SPA origin): the Fawry sandbox's pages are opened there.
 */
export function createServices(
  config: Config,
  env?: Env,
  ctx?: ExecutionContext,
  emulators: Emulators | null = null,
  origin: string = config.appOrigins[0] ?? "http://localhost:8787",
): Services {
  const local: LocalServices | null =
    emulators && env && config.isLocal
      ? {
          fetch: (request) => emulators.fetch(request, env, ctx),
          seedDemo: emulators.seedDemo,
          seedBench: emulators.seedBench,
          fillBench: emulators.fillBench,
        }
      : null;
  const emulate = local === null ? null : local.fetch;
  const emulated = emulate ? emulatedEndpoints(origin) : null;
  const globalFetch = (request: Request) => fetch(request);
  const mailer =
    config.EMAIL_API_URL && config.EMAIL_API_KEY
      ? httpMailer({ url: config.EMAIL_API_URL, apiKey: config.EMAIL_API_KEY, from: config.EMAIL_FROM })
      : null;

  const whatsAppOf = (): WhatsAppClient | null => {
    if (config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID)
      return whatsAppClient({
        phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
        token: config.WHATSAPP_TOKEN,
        baseUrl: config.WHATSAPP_API_URL,
        fetch: globalFetch,
      });
    if (!config.isLocal || !emulate || !emulated) return null;
    const { phoneNumberId, token, baseUrl } = emulated.whatsapp;
    return whatsAppClient({ phoneNumberId, token, baseUrl, fetch: emulate });
  };
  const telegramOf = (): TelegramBot | null => {
    if (config.TELEGRAM_BOT_TOKEN)
      return {
        client: telegramClient({
          token: config.TELEGRAM_BOT_TOKEN,
          baseUrl: config.TELEGRAM_API_URL,
          fetch: globalFetch,
        }),
        username: config.TELEGRAM_BOT_USERNAME ?? "",
      };
    if (!config.isLocal || !emulate || !emulated) return null;
    return {
      client: telegramClient({
        token: emulated.telegram.token,
        baseUrl: emulated.telegram.baseUrl,
        fetch: emulate,
      }),
      username: emulated.telegram.username,
    };
  };
  const fawryOf = (): FawryClient => {
    if (config.FAWRY_BASE_URL && config.FAWRY_MERCHANT_CODE && config.FAWRY_SECURE_KEY)
      return fawryClient({
        baseUrl: config.FAWRY_BASE_URL,
        merchantCode: config.FAWRY_MERCHANT_CODE,
        secureKey: config.FAWRY_SECURE_KEY,
        fetch: globalFetch,
      });
    if (!config.isLocal || !emulate || !emulated) fail("fawry-error");
    return fawryClient({
      merchantCode: config.FAWRY_MERCHANT_CODE ?? emulated.fawry.merchantCode,
      secureKey: config.FAWRY_SECURE_KEY ?? emulated.fawry.secureKey,
      baseUrl: emulated.fawry.baseUrl,
      fetch: emulate,
    });
  };
  const turnOf = (): TurnMinter | null => {
    if (!config.TURN_KEY_ID || !config.TURN_KEY_API_TOKEN) return null;
    const keys = { keyId: config.TURN_KEY_ID, token: config.TURN_KEY_API_TOKEN };
    if (config.TURN_API_URL) return cloudflareTurn({ ...keys, apiUrl: config.TURN_API_URL });
    // A Worker cannot fetch its own origin: locally the emulator answers in-process.
    if (config.isLocal && emulate && emulated)
      return cloudflareTurn({ ...keys, apiUrl: emulated.turnApiUrl, send: emulate });
    return cloudflareTurn({ ...keys, apiUrl: CLOUDFLARE_TURN_API_URL });
  };
  const liveKitRoomsOf = (): RoomService | null => {
    const liveKit = liveKitConfig(config);
    if (!liveKit) return null;
    if (!(config.isLocal && isEmulatedLiveKitUrl(liveKit.url)))
      return roomServiceClient({ ...liveKit, fetch: globalFetch });
    return emulate ? roomServiceClient({ ...liveKit, fetch: emulate }) : null;
  };
  // PUSH_RELAY_URL (the staging rehearsal, never production: worker/core/env.ts): each push goes to
  // the relay's origin with the endpoint's own path, method, headers and body (the emulator server
  // speaks plain http, while a subscription's endpoint is https).
  const relay = config.PUSH_RELAY_URL ? new URL(config.PUSH_RELAY_URL).origin : null;
  const relayed = (request: Request) => {
    const endpoint = new URL(request.url);
    return new Request(relay + endpoint.pathname + endpoint.search, request);
  };
  const pushOf = (): PushSender =>
    webPushSender({
      vapid: config.vapid,
      fetch: (request) =>
        relay
          ? globalFetch(relayed(request))
          : config.isLocal && emulate && isEmulatedPushEndpoint(request.url)
            ? emulate(request)
            : globalFetch(request),
    });
  const siteverifyOf = () =>
    !config.TURNSTILE_VERIFY_URL && config.isLocal && emulate && emulated
      ? siteverify(emulated.turnstileUrl, emulate)
      : siteverify(config.TURNSTILE_VERIFY_URL ?? SITEVERIFY_URL);

  // Built on first use, then kept for the request, cron run or queue batch.
  const once = <T>(build: () => T): (() => T) => {
    let built: { value: T } | undefined;
    return () => (built ??= { value: build() }).value;
  };
  const whatsApp = once(() => mapNull(whatsAppOf(), cloudWhatsApp));
  const telegram = once(telegramOf);
  const bot = once(() => mapNull(telegram()?.client ?? null, botTelegram));
  // Where Fawry is not configured nothing is kept: every call fails (fawry-error) when it is made.
  let fawry: FawryClient | undefined;
  const turn = once(turnOf);
  const liveKitRooms = once(liveKitRoomsOf);
  const verify = once(siteverifyOf);
  const push = once(pushOf);

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
              headers: await unsubscribeHeaders(
                config.TOKEN_SECRET,
                config.appOrigins[0] ?? origin,
                message.userId,
                message.kind,
              ),
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
    fawry: () => (fawry ??= fawryOf()),
    telegram,
    turn,
    liveKitRooms,
    push,
    siteverify: (body) => verify()(body),
    local,
  };
}

const mapNull = <T, U>(value: T | null, f: (value: T) => U): U | null => (value === null ? null : f(value));
