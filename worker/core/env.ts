import { z } from "zod";
import { isLoopbackHost } from "./loopback";

/**
 * The Worker's bindings and variables: generated from wrangler.toml by `npm run types`
 * (`wrangler types` → worker/worker-configuration.d.ts; `npm test` checks it is current), plus the
 * optional settings wrangler.toml does not declare, set as secrets or in .dev.vars (below).
 */
// wrangler.toml's required secrets are typed as strings (a deploy refuses to go without them);
// locally they may be empty or unset, which readConfig treats as missing.
export type Env = Cloudflare.Env;

/**
 * ICE_SERVERS: a JSON array of RTCIceServer for the peer-to-peer calls, e.g.
 * [{"urls":"stun:stun.example.com:3478"},{"urls":["turn:turn.example.com:3478"],"username":"u","credential":"c"}].
 * TURN servers need a username and credential. The issue messages never repeat the value (it may
 * hold TURN credentials). Unset: no ICE servers, enough on loopback and most local networks.
 */
const iceServer = z
  .object({
    urls: z.union([z.string(), z.array(z.string()).min(1)]),
    username: z.string().min(1).optional(),
    credential: z.string().min(1).optional(),
  })
  .strict()
  .superRefine((server, ctx) => {
    const urls = typeof server.urls === "string" ? [server.urls] : server.urls;
    if (!urls.every((url) => /^(stun|stuns|turn|turns):\S+$/.test(url)))
      ctx.addIssue({
        code: "custom",
        message: "ICE_SERVERS urls must start with stun:, stuns:, turn: or turns:",
      });
    if (urls.some((url) => url.startsWith("turn")) && (!server.username || !server.credential))
      ctx.addIssue({ code: "custom", message: "ICE_SERVERS TURN servers need a username and a credential" });
  });
export type IceServer = z.infer<typeof iceServer>;
const iceServers = z.preprocess(
  (value) => {
    if (value === undefined || value === "") return [];
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return "not json";
    }
  },
  z.array(iceServer, { error: "ICE_SERVERS must be a JSON array of ICE servers" }),
);

const environment = z.enum(["local", "staging", "production"]);
const optional = <T extends z.ZodType>(rule: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), rule.optional());

/**
 * Startup configuration (docs/product.md §5). A bad value fails loudly with its name. Secrets that have a
 * local emulator are optional in the local environment and required everywhere else.
 */
const configSchema = z
  .object({
    ENVIRONMENT: environment,
    CLIENT_ENVIRONMENT: environment.default("local"),
    APP_ORIGINS: z.string().default(""),
    BUILD_VERSION: z.string().default("dev"),
    /**
     * "on": anonymous reads go through a D1 session that may be served by the nearest read replica,
     * and a signed-in request continues the session its last answer's bookmark names
     * (docs/capacity.md, step 3); absent or "off": every query to the primary.
     */
    D1_READ_REPLICATION: optional(z.enum(["on", "off"])),
    TOKEN_SECRET: optional(z.string().min(32, "TOKEN_SECRET must be at least 32 characters")),
    GOOGLE_CLIENT_ID: optional(
      z
        .string()
        .regex(
          /^[\w-]+\.apps\.googleusercontent\.com$/,
          "GOOGLE_CLIENT_ID must end in .apps.googleusercontent.com",
        ),
    ),
    GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
    SENTRY_DSN: optional(z.url()),
    GA_ID: optional(
      z.string().regex(/^G-[A-Z0-9]{10}$/, "GA_ID must start with G- and be 12 characters long"),
    ),
    CLARITY_PROJECT_ID: optional(z.string().length(10)),
    FAWRY_MERCHANT_CODE: optional(z.string().min(1)),
    // Fawry (docs/services.md §1): without a base URL the local environment uses its sandbox.
    FAWRY_BASE_URL: optional(z.url()),
    FAWRY_SECURE_KEY: optional(z.string().min(1)),
    EMAIL_API_URL: optional(z.url()),
    EMAIL_API_KEY: optional(z.string()),
    EMAIL_FROM: z.string().default("درس <no-reply@dars.test>"),
    WHATSAPP_PHONE_NUMBER_ID: optional(z.string()),
    WHATSAPP_TOKEN: optional(z.string()),
    TELEGRAM_BOT_TOKEN: optional(z.string()),
    // Telegram (docs/services.md §3): the bot's username makes the t.me deep link; the webhook secret
    // is setWebhook's secret_token. Locally, without a token, the emulator in emulators/telegram.
    TELEGRAM_BOT_USERNAME: optional(
      z.string().regex(/^\w{5,32}$/, "TELEGRAM_BOT_USERNAME must be the bot's username without @"),
    ),
    TELEGRAM_WEBHOOK_SECRET: optional(
      z
        .string()
        .regex(
          /^[A-Za-z0-9_-]{16,256}$/,
          "TELEGRAM_WEBHOOK_SECRET must be 16-256 characters of A-Z a-z 0-9 _ -",
        ),
    ),
    TELEGRAM_API_URL: z.url().default("https://api.telegram.org"),
    // WhatsApp Cloud API (docs/services.md §4): the Graph base with its pinned version, the webhook's
    // verify token (GET subscription check) and the app secret (X-Hub-Signature-256).
    WHATSAPP_API_URL: z.url().default("https://graph.facebook.com/v23.0"),
    WHATSAPP_VERIFY_TOKEN: optional(z.string().min(1)),
    WHATSAPP_APP_SECRET: optional(z.string().min(1)),
    // LiveKit (docs/services.md §2): all three or none; without them lessons run peer-to-peer.
    LIVEKIT_URL: optional(z.url()),
    LIVEKIT_API_KEY: optional(z.string().min(1)),
    LIVEKIT_API_SECRET: optional(z.string().min(1)),
    ICE_SERVERS: iceServers,
    // Cloudflare TURN keys: another way to have TURN for the peer-to-peer calls.
    // Cloudflare Turnstile on registration, forgot-password and contact: both keys or neither (off
    // when unset). The verify URL defaults to Cloudflare's siteverify, locally to the emulator.
    TURNSTILE_SITE_KEY: optional(z.string().min(1)),
    TURNSTILE_SECRET_KEY: optional(z.string().min(1)),
    TURNSTILE_VERIFY_URL: optional(z.url()),
    TURN_KEY_ID: optional(z.string().min(1)),
    TURN_KEY_API_TOKEN: optional(z.string().min(1)),
    // Cloudflare TURN's API base (worker/integrations/turn.ts): Cloudflare's when unset, locally the emulator.
    TURN_API_URL: optional(z.url()),
    // Web push (worker/integrations/push.ts, docs/configuration.md): the VAPID pair and the contact
    // the push services see. Required outside local; locally the committed local pair below.
    VAPID_PUBLIC_KEY: optional(
      z
        .string()
        .regex(/^B[A-Za-z0-9_-]{86}$/, "VAPID_PUBLIC_KEY must be the 65-byte P-256 point in base64url"),
    ),
    VAPID_PRIVATE_KEY: optional(z.string().min(1)),
    VAPID_SUBJECT: optional(
      z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "VAPID_SUBJECT must be mailto: or https:"),
    ),
    // Rehearsal only (docs/rehearsal.md): every push request goes to this origin with the endpoint's
    // own path (worker/integrations/index.ts, pushOf) instead of the push service's. Refused in production.
    PUSH_RELAY_URL: optional(z.url()),
  })
  .superRefine((config, ctx) => {
    // Outside local every required setting is named when missing (worker/index.ts answers 503 and
    // logs the names; wrangler.toml's [secrets] required makes a deploy refuse the same secrets).
    if (config.ENVIRONMENT !== "local")
      for (const name of missingRequired(config))
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `${name} is required outside the local environment`,
        });
    if (config.TELEGRAM_BOT_TOKEN)
      for (const name of ["TELEGRAM_BOT_USERNAME", "TELEGRAM_WEBHOOK_SECRET"] as const)
        if (!config[name])
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: `${name} is required with TELEGRAM_BOT_TOKEN`,
          });
    if (config.WHATSAPP_TOKEN)
      for (const name of [
        "WHATSAPP_PHONE_NUMBER_ID",
        "WHATSAPP_VERIFY_TOKEN",
        "WHATSAPP_APP_SECRET",
      ] as const)
        if (!config[name])
          ctx.addIssue({ code: "custom", path: [name], message: `${name} is required with WHATSAPP_TOKEN` });
    if (Boolean(config.TURNSTILE_SITE_KEY) !== Boolean(config.TURNSTILE_SECRET_KEY))
      ctx.addIssue({
        code: "custom",
        path: ["TURNSTILE_SECRET_KEY"],
        message: "TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are set together or not at all",
      });
    if (Boolean(config.TURN_KEY_ID) !== Boolean(config.TURN_KEY_API_TOKEN))
      ctx.addIssue({
        code: "custom",
        path: ["TURN_KEY_API_TOKEN"],
        message: "TURN_KEY_ID and TURN_KEY_API_TOKEN are set together or not at all",
      });
    const vapidProblem = vapidMismatch(config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY);
    if (vapidProblem) ctx.addIssue({ code: "custom", path: ["VAPID_PRIVATE_KEY"], message: vapidProblem });
    if (config.ENVIRONMENT === "production" && config.PUSH_RELAY_URL)
      ctx.addIssue({
        code: "custom",
        path: ["PUSH_RELAY_URL"],
        message: "PUSH_RELAY_URL is for the staging rehearsal only and is refused in production",
      });
    const liveKit = [config.LIVEKIT_URL, config.LIVEKIT_API_KEY, config.LIVEKIT_API_SECRET].filter(
      Boolean,
    ).length;
    if (liveKit !== 0 && liveKit !== 3)
      ctx.addIssue({
        code: "custom",
        path: ["LIVEKIT_URL"],
        message: "LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET are set together or not at all",
      });
  });

/**
 * The settings every non-local environment needs (docs/product.md §5, startup configuration): the token key,
 * the Fawry account, an email provider (without one nobody can verify an email, so nobody can sign
 * up) and LiveKit or TURN for the calls (ICE_SERVERS with a turn: server, or Cloudflare TURN keys).
 * Only the local environment has emulators to fall back on.
 */
export function missingRequired(config: {
  TOKEN_SECRET?: string;
  FAWRY_BASE_URL?: string;
  FAWRY_MERCHANT_CODE?: string;
  FAWRY_SECURE_KEY?: string;
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  LIVEKIT_URL?: string;
  TURN_KEY_ID?: string;
  TURN_KEY_API_TOKEN?: string;
  ICE_SERVERS: IceServer[];
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
}): string[] {
  const names: string[] = (
    [
      "TOKEN_SECRET",
      "FAWRY_BASE_URL",
      "FAWRY_MERCHANT_CODE",
      "FAWRY_SECURE_KEY",
      "EMAIL_API_URL",
      "EMAIL_API_KEY",
      "VAPID_PUBLIC_KEY",
      "VAPID_PRIVATE_KEY",
      "VAPID_SUBJECT",
    ] as const
  ).filter((name) => !config[name]);
  const turn = config.ICE_SERVERS.some((server) =>
    (typeof server.urls === "string" ? [server.urls] : server.urls).some((url) => url.startsWith("turn")),
  );
  if (!config.LIVEKIT_URL && !turn && !(config.TURN_KEY_ID && config.TURN_KEY_API_TOKEN))
    names.push("LIVEKIT_URL or ICE_SERVERS (with a turn: server) or TURN_KEY_ID and TURN_KEY_API_TOKEN");
  return names;
}

export type Config = z.infer<typeof configSchema> & {
  TOKEN_SECRET: string;
  /** The VAPID pair and subject web push signs with (the local pair in the local environment). */
  vapid: Vapid;
  isLocal: boolean;
  /** Anonymous reads may be served by a D1 read replica (D1_READ_REPLICATION=on). */
  readReplication: boolean;
  appOrigins: string[];
};

/** Only for the local environment, where nothing is secret; real deployments set TOKEN_SECRET. */
const LOCAL_TOKEN_SECRET = "local-development-token-secret-not-for-production";

/** The web-push sender's identity (RFC 8292): the public key browsers subscribe with, its private JWK. */
export type Vapid = { publicKey: string; privateJwk: JsonWebKey; subject: string };

/**
 * Only for the local environment (generated with `node scripts/vapid-keys.mjs`, committed like
 * LOCAL_TOKEN_SECRET): the local push emulator and a real browser on localhost both accept it.
 * Real deployments set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT.
 */
const LOCAL_VAPID: Vapid = {
  publicKey: "BBfCuGHOXCcxcCwYENCWLGGqhsNf0ugLOKx_bHgiafjLK3xw40jJtaG8ngrze-hx2kWHfGWtK3sddnXUqhizfYM",
  privateJwk: {
    kty: "EC",
    crv: "P-256",
    x: "F8K4Yc5cJzFwLBgQ0JYsYaqGw1_S6As4rH9seCJp-Ms",
    y: "K3xw40jJtaG8ngrze-hx2kWHfGWtK3sddnXUqhizfYM",
    d: "YIibrT97RXY4dLyaigrLXyeL6Cb-xGVjerPXxpYW5_Q",
  },
  subject: "mailto:push@dars.test",
};

const fromBase64Url = (text: string): Uint8Array =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (char) => char.charCodeAt(0));

const parseJwk = (text: string): JsonWebKey | null => {
  try {
    const jwk = JSON.parse(text) as JsonWebKey | null;
    return jwk && typeof jwk === "object" ? jwk : null;
  } catch {
    return null;
  }
};

/**
 * Why a VAPID pair is refused (never its value), or null: the private key must be a P-256 JWK
 * whose public point (x, y) is the public key (0x04 ‖ x ‖ y), so browsers subscribe with the key
 * the pushes are signed with; the two are set together.
 */
function vapidMismatch(publicKey?: string, privateKey?: string): string | null {
  if (Boolean(publicKey) !== Boolean(privateKey))
    return "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all";
  if (!privateKey) return null;
  const jwk = parseJwk(privateKey);
  if (!jwk || jwk.kty !== "EC" || jwk.crv !== "P-256" || !jwk.x || !jwk.y || !jwk.d)
    return "VAPID_PRIVATE_KEY must be a P-256 private key as JWK JSON (kty EC, crv P-256, x, y, d)";
  if (!publicKey) return null;
  try {
    const point = fromBase64Url(publicKey);
    const x = fromBase64Url(jwk.x);
    const y = fromBase64Url(jwk.y);
    const same =
      point.length === 65 &&
      point[0] === 4 &&
      x.every((byte, i) => point[1 + i] === byte) &&
      y.every((byte, i) => point[33 + i] === byte);
    return same ? null : "VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY";
  } catch {
    return "VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY";
  }
}

/** A refused configuration: `names` are the variables at fault (never their values). */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly names: string[],
  ) {
    super(message);
  }
}

const parsed = new WeakMap<object, Config>();

/** Parses the configuration once per env object; throws ConfigError naming each bad variable. */
export function readConfig(env: Env): Config {
  const cached = parsed.get(env);
  if (cached) return cached;
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${issues.join("; ")}`, [
      ...new Set(result.error.issues.map((issue) => issue.path.join("."))),
    ]);
  }
  const config: Config = {
    ...result.data,
    TOKEN_SECRET: result.data.TOKEN_SECRET ?? LOCAL_TOKEN_SECRET,
    vapid:
      result.data.VAPID_PUBLIC_KEY && result.data.VAPID_PRIVATE_KEY
        ? {
            publicKey: result.data.VAPID_PUBLIC_KEY,
            // Checked above (vapidMismatch): a P-256 private JWK.
            privateJwk: parseJwk(result.data.VAPID_PRIVATE_KEY) as JsonWebKey,
            subject: result.data.VAPID_SUBJECT ?? LOCAL_VAPID.subject,
          }
        : { ...LOCAL_VAPID, subject: result.data.VAPID_SUBJECT ?? LOCAL_VAPID.subject },
    isLocal: result.data.ENVIRONMENT === "local",
    readReplication: result.data.D1_READ_REPLICATION === "on",
    appOrigins: result.data.APP_ORIGINS.split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
  };
  parsed.set(env, config);
  return config;
}

const failClosed = new WeakMap<object, Env>();

/**
 * The environment a request is served with. ENVIRONMENT=local is honoured only for a request to a
 * loopback host: if it reaches a deployed Worker, a request to its public host is served as
 * production (no /dev/* routes, emulators, seed or local token key, and the required secrets are
 * checked, so a Worker without them answers 503). `misconfigured` says so, for the log.
 */
export function envForRequest(env: Env, url: URL): { env: Env; misconfigured: boolean } {
  if (env.ENVIRONMENT !== "local" || isLoopbackHost(url.hostname)) return { env, misconfigured: false };
  let closed = failClosed.get(env);
  if (!closed) {
    closed = { ...env, ENVIRONMENT: "production", CLIENT_ENVIRONMENT: "production" };
    failClosed.set(env, closed);
  }
  return { env: closed, misconfigured: true };
}

// Optional settings (variables or secrets) that wrangler.toml does not declare, so `wrangler types`
// does not know them; readConfig checks each. partyserver and cloudflare:workers read this type.
declare global {
  namespace Cloudflare {
    interface Env {
      BUILD_VERSION?: string;
      GOOGLE_CLIENT_ID?: string;
      SENTRY_DSN?: string;
      GA_ID?: string;
      CLARITY_PROJECT_ID?: string;
      EMAIL_FROM?: string;
      WHATSAPP_PHONE_NUMBER_ID?: string;
      WHATSAPP_TOKEN?: string;
      WHATSAPP_API_URL?: string;
      WHATSAPP_VERIFY_TOKEN?: string;
      WHATSAPP_APP_SECRET?: string;
      TELEGRAM_BOT_TOKEN?: string;
      TELEGRAM_BOT_USERNAME?: string;
      TELEGRAM_WEBHOOK_SECRET?: string;
      TELEGRAM_API_URL?: string;
      LIVEKIT_URL?: string;
      LIVEKIT_API_KEY?: string;
      LIVEKIT_API_SECRET?: string;
      ICE_SERVERS?: string;
      TURN_KEY_ID?: string;
      TURN_KEY_API_TOKEN?: string;
      TURN_API_URL?: string;
      TURNSTILE_SITE_KEY?: string;
      TURNSTILE_SECRET_KEY?: string;
      TURNSTILE_VERIFY_URL?: string;
      VAPID_PUBLIC_KEY?: string;
      VAPID_PRIVATE_KEY?: string;
      VAPID_SUBJECT?: string;
      PUSH_RELAY_URL?: string;
    }
  }
}
