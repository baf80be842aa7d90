// The emulators over real HTTP, for the staging rehearsal (scripts/rehearse.mjs, docs/rehearsal.md):
// one small Worker of its own (emulators/wrangler.toml) on its own port, so the
// product's Worker reaches every outside service through the configuration variables production
// uses, with the global fetch, and the services reach the product's webhooks the same way.
// The same emulators as `npm start` (which dispatches to them in-process), plus what only a
// deployment talks to: the email provider (Resend's API, with a mailbox) and a Sentry envelope sink.
// Every request it receives, and every webhook it sends, is recorded for the rehearsal's assertions:
// GET /__requests?service=whatsapp[&direction=in|out][&after=<seq>].
// The push emulator is here too: its subscriptions' endpoints keep the https origin the product
// requires (EMULATED_PUSH_ORIGIN), and the Worker sends each push to this server instead
// (PUSH_RELAY_URL, which /__urls gives), with the endpoint's path.
import { Hono } from "hono";
import type { Email, RecordedRequest, Service } from "./records";
import {
  EMULATED_PUSH_ORIGIN,
  EMULATOR_PATHS,
  WHATSAPP_EMULATOR_VERSION,
} from "../worker/integrations/emulated";
import { createFawrySandbox } from "./fawry/app";
import { createLiveKitEmulator } from "./livekit/app";
import { createPushEmulator } from "./push/app";
import { createTelegramEmulator } from "./telegram/app";
import { turnEmulator } from "./turn";
import { turnstileEmulator } from "./turnstile";
import { createWhatsAppEmulator } from "./whatsapp/app";

/** The settings the rehearsal gives this Worker (`--var`): the app's origin and the accounts' keys, the same values the app holds. */
export type EmulatorServerEnv = {
  DB: D1Database;
  /** The product's origin: where Fawry's notifications and the WhatsApp, Telegram and LiveKit webhooks go. */
  APP_URL: string;
  FAWRY_MERCHANT_CODE: string;
  FAWRY_SECURE_KEY: string;
  EMAIL_API_KEY: string;
  WHATSAPP_PHONE_NUMBER_ID: string;
  WHATSAPP_TOKEN: string;
  WHATSAPP_APP_SECRET: string;
  TELEGRAM_BOT_TOKEN: string;
  TELEGRAM_BOT_USERNAME: string;
  TELEGRAM_WEBHOOK_SECRET: string;
  LIVEKIT_API_KEY?: string;
  LIVEKIT_API_SECRET?: string;
  /** The Sentry DSN's public key the sink accepts. */
  SENTRY_KEY: string;
};

const EMAIL_PATH = "/emails";
const SENTRY_ENVELOPE = /^\/api\/(\d+)\/envelope\/?$/;
/** Bodies are kept up to this size (an envelope with a stack trace fits). */
const MAX_BODY = 256 * 1024;

const ddl = [
  `CREATE TABLE IF NOT EXISTS emulator_requests (seq INTEGER PRIMARY KEY AUTOINCREMENT, service TEXT NOT NULL, direction TEXT NOT NULL,
    method TEXT NOT NULL, url TEXT NOT NULL, path TEXT NOT NULL, headers TEXT NOT NULL, body TEXT NOT NULL, status INTEGER NOT NULL,
    response TEXT NOT NULL, at INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS email_emulator_messages (id TEXT PRIMARY KEY, idempotency_key TEXT UNIQUE, sender TEXT NOT NULL,
    recipients TEXT NOT NULL, subject TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL)`,
];

/** The emulator a path belongs to (null: the server's own /__ hooks). */
function serviceOf(path: string): Service | null {
  if (path.startsWith(EMULATOR_PATHS.fawry)) return "fawry";
  if (path.startsWith(EMULATOR_PATHS.whatsapp)) return "whatsapp";
  if (path.startsWith(EMULATOR_PATHS.telegram)) return "telegram";
  if (path.startsWith(EMULATOR_PATHS.livekit)) return "livekit";
  if (path.startsWith(EMULATOR_PATHS.turn)) return "turn";
  if (path.startsWith(EMULATOR_PATHS.turnstile)) return "turnstile";
  if (path.startsWith(EMULATOR_PATHS.push)) return "push";
  if (path === EMAIL_PATH) return "email";
  if (SENTRY_ENVELOPE.test(path)) return "sentry";
  return null;
}

/** The configuration variables that point the product at this server (what the rehearsal passes to the Worker). */
function productUrls(origin: string, sentryKey: string) {
  const host = new URL(origin).host;
  return {
    FAWRY_BASE_URL: origin + EMULATOR_PATHS.fawry,
    EMAIL_API_URL: origin + EMAIL_PATH,
    WHATSAPP_API_URL: `${origin}${EMULATOR_PATHS.whatsapp}/${WHATSAPP_EMULATOR_VERSION}`,
    TELEGRAM_API_URL: origin + EMULATOR_PATHS.telegram,
    LIVEKIT_URL: origin + EMULATOR_PATHS.livekit,
    TURN_API_URL: origin + EMULATOR_PATHS.turn,
    TURNSTILE_VERIFY_URL: origin + EMULATOR_PATHS.turnstile,
    SENTRY_DSN: `http://${sentryKey}@${host}/1`,
    // Push endpoints come from browsers (here minted at EMULATOR_PATHS.push): the relay is this server.
    PUSH_RELAY_URL: origin,
  };
}

const headersOf = (headers: Headers) =>
  Object.fromEntries([...headers].map(([name, value]) => [name.toLowerCase(), value]));

async function bodyOf(message: Request | Response): Promise<string> {
  if (
    (message instanceof Request && (message.method === "GET" || message.method === "HEAD")) ||
    !message.body
  )
    return "";
  const text = await message
    .clone()
    .text()
    .catch(() => "");
  return text.length > MAX_BODY ? text.slice(0, MAX_BODY) : text;
}

type Ctx = { Bindings: EmulatorServerEnv };

let ready: Promise<unknown> | null = null;
const setup = (db: D1Database) =>
  (ready ??= db.batch(ddl.map((q) => db.prepare(q))).catch((error: unknown) => {
    ready = null;
    throw error;
  }));

async function record(db: D1Database, entry: Omit<RecordedRequest, "seq" | "at">): Promise<void> {
  await db
    .prepare(
      "INSERT INTO emulator_requests (service, direction, method, url, path, headers, body, status, response, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(
      entry.service,
      entry.direction,
      entry.method,
      entry.url,
      entry.path,
      JSON.stringify(entry.headers),
      entry.body,
      entry.status,
      entry.response,
      Date.now(),
    )
    .run();
}

/**
 * A webhook to the app: sent to APP_URL with the path the emulator chose (a Fawry merchant
 * configures its notification URL in Fawry's portal; here it is the app's origin), and recorded.
 */
function deliverer(env: EmulatorServerEnv, service: Service) {
  return async (request: Request): Promise<Response> => {
    const given = new URL(request.url);
    const target = new URL(given.pathname + given.search, env.APP_URL);
    const outgoing = new Request(target, request);
    const body = await bodyOf(outgoing);
    let status = 0;
    let answer = "";
    try {
      const response = await fetch(outgoing);
      status = response.status;
      answer = await bodyOf(response);
      return response;
    } finally {
      await record(env.DB, {
        service,
        direction: "out",
        method: outgoing.method,
        url: target.toString(),
        path: target.pathname,
        headers: headersOf(outgoing.headers),
        body,
        status,
        response: answer,
      });
    }
  };
}

type Emulator = {
  fetch: (request: Request, env?: unknown, ctx?: ExecutionContext) => Response | Promise<Response>;
};

/** The emulators for this Worker's settings, built once per isolate. */
let emulators: Partial<Record<Service, Emulator>> | null = null;
function emulatorsFor(env: EmulatorServerEnv): Partial<Record<Service, Emulator>> {
  if (emulators) return emulators;
  const app = env.APP_URL.replace(/\/+$/, "");
  emulators = {
    fawry: createFawrySandbox(env.DB, {
      merchantCode: env.FAWRY_MERCHANT_CODE,
      secureKey: env.FAWRY_SECURE_KEY,
      deliver: deliverer(env, "fawry"),
    }),
    whatsapp: createWhatsAppEmulator(env.DB, {
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
      token: env.WHATSAPP_TOKEN,
      appSecret: env.WHATSAPP_APP_SECRET,
      webhookUrl: `${app}/api/v1/whatsapp/webhook`,
      deliver: deliverer(env, "whatsapp"),
    }),
    telegram: createTelegramEmulator(env.DB, {
      token: env.TELEGRAM_BOT_TOKEN,
      username: env.TELEGRAM_BOT_USERNAME,
      webhook: { url: `${app}/api/v1/telegram/webhook`, secretToken: env.TELEGRAM_WEBHOOK_SECRET },
      deliver: deliverer(env, "telegram"),
    }),
    push: createPushEmulator(env.DB, {
      basePath: EMULATOR_PATHS.push,
      endpointBase: EMULATED_PUSH_ORIGIN + EMULATOR_PATHS.push,
    }),
    ...(env.LIVEKIT_API_KEY && env.LIVEKIT_API_SECRET
      ? {
          livekit: createLiveKitEmulator({
            apiKey: env.LIVEKIT_API_KEY,
            apiSecret: env.LIVEKIT_API_SECRET,
            webhookUrl: `${app}/api/v1/session/livekit/webhook`,
            deliver: deliverer(env, "livekit"),
          }),
        }
      : {}),
  };
  return emulators;
}

/** Resend's error answer (docs/services.md §6). */
const emailError = (statusCode: number, name: string, message: string) =>
  Response.json({ statusCode, name, message }, { status: statusCode });

/** The email provider: Resend's POST /emails with a Bearer key and an Idempotency-Key. */
async function emailApi(request: Request, env: EmulatorServerEnv): Promise<Response> {
  if (request.method !== "POST") return emailError(405, "method_not_allowed", "Method not allowed");
  const key = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!key) return emailError(401, "missing_api_key", "Missing API key in the authorization header");
  if (key !== env.EMAIL_API_KEY) return emailError(403, "invalid_api_key", "API key is invalid");
  const body = (await request.json().catch(() => null)) as {
    from?: unknown;
    to?: unknown;
    subject?: unknown;
    text?: unknown;
  } | null;
  const to = Array.isArray(body?.to) ? body.to : typeof body?.to === "string" ? [body.to] : [];
  if (!body || typeof body.from !== "string" || !body.from)
    return emailError(422, "missing_required_field", "The `from` field is missing.");
  if (
    to.length === 0 ||
    !to.every((address) => typeof address === "string" && /^[^\s@]+@[^\s@]+$/.test(address))
  )
    return emailError(422, "validation_error", "Invalid `to` field.");
  if (typeof body.subject !== "string" || !body.subject)
    return emailError(422, "missing_required_field", "The `subject` field is missing.");
  if (typeof body.text !== "string")
    return emailError(422, "validation_error", "The `text` field must be a string.");
  const idempotencyKey = request.headers.get("idempotency-key");
  // A repeated Idempotency-Key answers the first message's id and sends nothing again.
  const stored = await env.DB.prepare(
    `INSERT INTO email_emulator_messages (id, idempotency_key, sender, recipients, subject, text, at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = excluded.idempotency_key RETURNING id`,
  )
    .bind(
      crypto.randomUUID(),
      idempotencyKey,
      body.from,
      JSON.stringify(to),
      body.subject,
      body.text,
      Date.now(),
    )
    .first<{ id: string }>();
  return Response.json({ id: stored?.id });
}

/** The Sentry sink: accepts an envelope for the DSN's key (recorded like every request) and answers its id. */
async function sentrySink(request: Request, env: EmulatorServerEnv): Promise<Response> {
  const cors = {
    "access-control-allow-origin": "*",
    "access-control-allow-headers": "*",
    "access-control-allow-methods": "POST, OPTIONS",
  };
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
  if (request.method !== "POST") return new Response("method not allowed", { status: 405, headers: cors });
  const url = new URL(request.url);
  const auth = request.headers.get("x-sentry-auth") ?? "";
  const key = url.searchParams.get("sentry_key") ?? /sentry_key=([^,\s]+)/.exec(auth)?.[1];
  if (key !== env.SENTRY_KEY) return Response.json({ detail: "invalid key" }, { status: 401, headers: cors });
  // An envelope is newline-delimited JSON: its first line is the header, with the event's id.
  let header: { event_id?: string } | null = null;
  try {
    header = JSON.parse((await request.clone().text()).split("\n", 1)[0] ?? "") as { event_id?: string };
  } catch {
    return Response.json({ detail: "invalid envelope" }, { status: 400, headers: cors });
  }
  return Response.json(
    { id: header?.event_id ?? crypto.randomUUID().replaceAll("-", "") },
    { headers: cors },
  );
}

const app = new Hono<Ctx>();

app.use(async (c, next) => {
  await setup(c.env.DB);
  const url = new URL(c.req.url);
  const service = serviceOf(url.pathname);
  if (!service) return next();
  const body = await bodyOf(c.req.raw);
  await next();
  await record(c.env.DB, {
    service,
    direction: "in",
    method: c.req.method,
    url: url.toString(),
    path: url.pathname,
    headers: headersOf(c.req.raw.headers),
    body,
    status: c.res.status,
    response: await bodyOf(c.res),
  });
});

app.get("/__health", (c) => c.json({ ok: true }));
/** The product's variables for this server (scripts/rehearse.mjs reads them). */
app.get("/__urls", (c) => c.json(productUrls(new URL(c.req.url).origin, c.env.SENTRY_KEY)));
app.get("/__requests", async (c) => {
  const { service, direction, after } = c.req.query();
  const { results } = await c.env.DB.prepare(
    `SELECT * FROM emulator_requests WHERE (?1 IS NULL OR service = ?1) AND (?2 IS NULL OR direction = ?2) AND seq > ?3 ORDER BY seq`,
  )
    .bind(service ?? null, direction ?? null, Number(after ?? 0))
    .all<Omit<RecordedRequest, "headers"> & { headers: string }>();
  return c.json({
    list: results.map((row) => ({ ...row, headers: JSON.parse(row.headers) as Record<string, string> })),
  });
});
/** The mailbox: what the email emulator accepted, newest first (`to` filters by recipient). */
app.get("/__emails", async (c) => {
  const to = c.req.query("to");
  const { results } = await c.env.DB.prepare(
    `SELECT * FROM email_emulator_messages WHERE ?1 IS NULL OR EXISTS (SELECT 1 FROM json_each(recipients) WHERE value = ?1) ORDER BY at DESC, rowid DESC`,
  )
    .bind(to ?? null)
    .all<{
      id: string;
      idempotency_key: string | null;
      sender: string;
      recipients: string;
      subject: string;
      text: string;
      at: number;
    }>();
  return c.json({
    list: results.map((row): Email => ({
      id: row.id,
      from: row.sender,
      to: JSON.parse(row.recipients) as string[],
      subject: row.subject,
      text: row.text,
      idempotencyKey: row.idempotency_key,
      at: row.at,
    })),
  });
});

app.all(EMAIL_PATH, (c) => emailApi(c.req.raw, c.env));
app.all("/api/:project/envelope/", (c) => sentrySink(c.req.raw, c.env));
app.all("/api/:project/envelope", (c) => sentrySink(c.req.raw, c.env));
app.post(EMULATOR_PATHS.turnstile, (c) => turnstileEmulator(c.req.raw));
app.all(`${EMULATOR_PATHS.turn}/*`, (c) => turnEmulator(c.req.raw));
for (const service of ["fawry", "whatsapp", "telegram", "livekit"] as const) {
  app.all(`${EMULATOR_PATHS[service]}/*`, async (c) => {
    const emulator = emulatorsFor(c.env)[service];
    if (!emulator) return c.json({ error: `${service} is not configured on this emulator server` }, 404);
    return emulator.fetch(c.req.raw, c.env, c.executionCtx as unknown as ExecutionContext);
  });
}
// The push service: a request relayed here (PUSH_RELAY_URL) is handled as at its endpoint's https
// origin, the audience its VAPID signature names, as a real push service checks it.
app.all(`${EMULATOR_PATHS.push}/*`, (c) => {
  const url = new URL(c.req.url);
  const request = new Request(EMULATED_PUSH_ORIGIN + url.pathname + url.search, c.req.raw);
  return emulatorsFor(c.env).push!.fetch(request, c.env, c.executionCtx as unknown as ExecutionContext);
});
app.notFound((c) => c.json({ error: "not found" }, 404));

export default app satisfies ExportedHandler<EmulatorServerEnv>;
