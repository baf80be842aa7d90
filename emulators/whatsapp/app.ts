// The local WhatsApp Cloud API emulator (docs/services.md §4.5): POST /<version>/<phone-number-id>/messages
// with the Graph request and answer shapes and its error envelope, on /api/v1/dev/whatsapp, local
// environment only. It knows the two templates we use (name, language, parameter counts), refuses
// free-form text outside the 24-hour window (131047), and its hooks send signed webhooks (statuses,
// a user's message) to our /api/v1/whatsapp/webhook. Sent messages live in a table of its own in the
// local D1 (created on first use).
import { Hono, type Context } from "hono";
import {
  hmacSha256Hex,
  TEMPLATE_LANGUAGE,
  templates,
  type GraphError,
  type SendAnswer,
  type WebhookBody,
} from "../../worker/integrations/whatsapp";
import {
  EMULATOR_PATHS,
  LOCAL_WHATSAPP,
  WHATSAPP_EMULATOR_VERSION,
} from "../../worker/integrations/emulated";

export { LOCAL_WHATSAPP, WHATSAPP_EMULATOR_VERSION };

export const WHATSAPP_EMULATOR_BASE = EMULATOR_PATHS.whatsapp;

export type WhatsAppEmulatorOptions = {
  phoneNumberId: string;
  token: string;
  appSecret: string;
  /** Our webhook (POST /api/v1/whatsapp/webhook). */
  webhookUrl: string;
  deliver: (request: Request) => Promise<Response>;
};

/** The approved templates: language and the number of parameters per component. */
const approved: Record<string, { language: string; body: number; button: number }> = {
  [templates.verification]: { language: TEMPLATE_LANGUAGE, body: 1, button: 1 },
  [templates.notification]: { language: TEMPLATE_LANGUAGE, body: 2, button: 0 },
};

const ddl = [
  `CREATE TABLE IF NOT EXISTS whatsapp_emulator_messages (id TEXT PRIMARY KEY, wa_id TEXT NOT NULL, direction TEXT NOT NULL,
    body TEXT NOT NULL, status TEXT NOT NULL, created INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS whatsapp_emulator_failures (seq INTEGER PRIMARY KEY AUTOINCREMENT, code INTEGER NOT NULL)`,
];

type Component = { type?: string; sub_type?: string; parameters?: unknown[] };
type Outgoing = {
  messaging_product?: string;
  to?: unknown;
  type?: string;
  template?: { name?: string; language?: { code?: string }; components?: Component[] };
  text?: { body?: string };
};

const now = () => Math.floor(Date.now() / 1000);
const wamid = () =>
  `wamid.${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24)))).replace(/[+/=]/g, "")}`;
const graphError = (code: number, message: string, details?: string): GraphError => ({
  error: {
    message,
    type: code === 190 ? "OAuthException" : "GraphMethodException",
    code,
    ...(details ? { error_data: { details } } : {}),
    fbtrace_id: "A-local-emulator",
  },
});
/** Meta's HTTP status per error code (rate limits 429, auth 401, everything else 400). */
const httpFor = (code: number) =>
  code === 190 ? 401 : code === 130429 || code === 131056 || code === 80007 ? 429 : 400;

/** Takes the oldest forced failure, if any (a failure is used once). */
const TAKE_FORCED =
  "DELETE FROM whatsapp_emulator_failures WHERE seq = (SELECT MIN(seq) FROM whatsapp_emulator_failures) RETURNING code";

type Refusal = { code: number; message: string; details?: string };

/** What Graph would refuse in a send's body (null: a valid template; "free-form": text, checked against the window). */
function checkOutgoing(body: Outgoing | null): Refusal | "free-form" | null {
  if (!body || body.messaging_product !== "whatsapp")
    return { code: 100, message: "(#100) The parameter messaging_product is required." };
  if (typeof body.to !== "string" || !/^\d{8,15}$/.test(body.to))
    return {
      code: 100,
      message: "(#100) Invalid parameter",
      details: "to must be a phone number in international form without +",
    };
  if (body.type === "text" || body.type === undefined) return "free-form";
  if (body.type !== "template")
    return { code: 100, message: `(#100) Param type must be one of {TEXT, TEMPLATE}` };
  const template = approved[body.template?.name ?? ""];
  if (!template || body.template?.language?.code !== template.language)
    return {
      code: 132001,
      message: "(#132001) Template name does not exist in the translation",
      details: `template name (${body.template?.name}) does not exist in ${body.template?.language?.code}`,
    };
  const count = (type: string) =>
    (body.template?.components ?? [])
      .filter((part) => part.type === type)
      .flatMap((part) => part.parameters ?? []).length;
  if (count("body") !== template.body || count("button") !== template.button)
    return {
      code: 132000,
      message: "(#132000) Number of parameters does not match the expected number of params",
    };
  return null;
}

type Bindings = { db: D1Database; options: WhatsAppEmulatorOptions };

/**
 * Runs a handler's first statement; on a database without the emulator's tables (its first use)
 * makes them and runs it again. Not checked before every call: the emulator is on the path of
 * every WhatsApp notification a local request sends.
 */
async function firstUse<T>(db: D1Database, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Error && /no such table/.test(error.message))) throw error;
    await db.batch(ddl.map((q) => db.prepare(q)));
    return work();
  }
}

const refuse = (c: Context, code: number, message: string, details?: string) =>
  c.json(graphError(code, message, details), httpFor(code) as 400);

/** Posts a webhook body to our app, signed with the app secret (X-Hub-Signature-256). */
async function sendWebhook(
  options: WhatsAppEmulatorOptions,
  value: Record<string, unknown>,
): Promise<number> {
  const body: WebhookBody = {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "local-waba",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: {
                display_phone_number: LOCAL_WHATSAPP.displayPhoneNumber,
                phone_number_id: options.phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
  const raw = JSON.stringify(body);
  const response = await options.deliver(
    new Request(options.webhookUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": `sha256=${await hmacSha256Hex(options.appSecret, raw)}`,
      },
      body: raw,
    }),
  );
  return response.status;
}

/**
 * The emulator for one database and account. Its routes are built once per isolate (building a
 * Hono app compiles its router, which showed in a profile of booking, whose notifications each
 * reach a new emulator); the database and account reach them as the app's bindings.
 */
export function createWhatsAppEmulator(db: D1Database, options: WhatsAppEmulatorOptions) {
  return {
    fetch: (request: Request, _env?: unknown, ctx?: ExecutionContext) =>
      (emulatorApp ??= buildEmulatorApp()).fetch(request, { db, options } satisfies Bindings, ctx),
  };
}

let emulatorApp: ReturnType<typeof buildEmulatorApp> | undefined;

function buildEmulatorApp() {
  const app = new Hono<{ Bindings: Bindings }>().basePath(WHATSAPP_EMULATOR_BASE);

  app.post("/:version/:phoneNumberId/messages", async (c) => {
    if (c.req.header("authorization") !== `Bearer ${c.env.options.token}`)
      return refuse(c, 190, "Invalid OAuth access token - Cannot parse access token");
    if (c.req.param("phoneNumberId") !== c.env.options.phoneNumberId)
      return refuse(
        c,
        100,
        `Unsupported post request. Object with ID '${c.req.param("phoneNumberId")}' does not exist`,
      );
    const body = (await c.req.json().catch(() => null)) as Outgoing | null;
    const problem = checkOutgoing(body);
    const takeForced = c.env.db.prepare(TAKE_FORCED);
    const id = wamid();
    if (problem === null) {
      // The usual send, in one round trip: a forced failure is taken first, and the message is
      // stored only when there was none (changes() is the DELETE's count: same batch, same connection).
      const [taken] = await firstUse(c.env.db, () =>
        c.env.db.batch<{ code: number }>([
          takeForced,
          c.env.db
            .prepare(
              "INSERT INTO whatsapp_emulator_messages (id, wa_id, direction, body, status, created) SELECT ?, ?, 'out', ?, 'accepted', ? WHERE changes() = 0",
            )
            .bind(id, body!.to, JSON.stringify(body), now()),
        ]),
      );
      const forced = taken?.results[0];
      if (forced) return refuse(c, forced.code, `(#${forced.code}) forced by the emulator`);
    } else {
      // A forced failure comes before the message's own problems, as it always has.
      const forced = await firstUse(c.env.db, () => takeForced.first<{ code: number }>());
      if (forced) return refuse(c, forced.code, `(#${forced.code}) forced by the emulator`);
      if (problem !== "free-form") return refuse(c, problem.code, problem.message, problem.details);
      // Free-form messages only inside the 24-hour customer-service window (§4.2).
      const inbound = await c.env.db
        .prepare(
          "SELECT 1 FROM whatsapp_emulator_messages WHERE wa_id = ? AND direction = 'in' AND created > ?",
        )
        .bind(body!.to, now() - 24 * 3600)
        .first();
      if (!inbound)
        return refuse(
          c,
          131047,
          "Re-engagement message",
          "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
        );
      if (!body!.text?.body) return refuse(c, 100, "(#100) The parameter text['body'] is required.");
      await c.env.db
        .prepare(
          "INSERT INTO whatsapp_emulator_messages (id, wa_id, direction, body, status, created) VALUES (?, ?, 'out', ?, 'accepted', ?)",
        )
        .bind(id, body!.to, JSON.stringify(body), now())
        .run();
    }
    return c.json({
      messaging_product: "whatsapp",
      contacts: [{ input: body!.to as string, wa_id: body!.to as string }],
      messages: [{ id }],
    } satisfies SendAnswer);
  });

  // ---- test hooks -------------------------------------------------------------------------------

  /** What was sent to a number, newest first. */
  app.get("/__emu/messages", async (c) => {
    const rows = await firstUse(c.env.db, () =>
      c.env.db
        .prepare(
          "SELECT id, wa_id, body, status, created FROM whatsapp_emulator_messages WHERE wa_id = ? AND direction = 'out' ORDER BY created DESC, rowid DESC LIMIT 50",
        )
        .bind(c.req.query("to") ?? "")
        .all<{ id: string; wa_id: string; body: string; status: string; created: number }>(),
    );
    return c.json({ list: rows.results.map((row) => ({ ...row, body: JSON.parse(row.body) as unknown })) });
  });

  /** The next sends fail with these Graph error codes (e.g. 130429 throughput, 131026 undeliverable). */
  app.post("/__emu/fail", async (c) => {
    const { codes } = (await c.req.json().catch(() => ({}))) as { codes?: number[] };
    const insert = c.env.db.prepare("INSERT INTO whatsapp_emulator_failures (code) VALUES (?)");
    if (codes?.length) await firstUse(c.env.db, () => c.env.db.batch(codes.map((code) => insert.bind(code))));
    return c.json({ queued: codes?.length ?? 0 });
  });

  /** A delivery status for a sent message, posted to our webhook with the signature header. */
  app.post("/__emu/status", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as {
      id?: string;
      status?: string;
      errorCode?: number;
    };
    const sent = await firstUse(c.env.db, () =>
      c.env.db
        .prepare("UPDATE whatsapp_emulator_messages SET status = ? WHERE id = ? RETURNING wa_id")
        .bind(body.status ?? "delivered", body.id ?? "")
        .first<{ wa_id: string }>(),
    );
    if (!sent) return c.json({ error: "message not found" }, 404);
    const status = {
      id: body.id,
      status: body.status ?? "delivered",
      timestamp: String(now()),
      recipient_id: sent.wa_id,
      ...(body.errorCode ? { errors: [{ code: body.errorCode, title: "Message undeliverable" }] } : {}),
    };
    return c.json({ webhookStatus: await sendWebhook(c.env.options, { statuses: [status] }) });
  });

  /** A user writes to us: opens the 24-hour window and is posted to our webhook. */
  app.post("/__emu/inbound", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { from?: string; text?: string };
    if (!body.from || !body.text) return c.json({ error: "from and text are required" }, 400);
    const id = wamid();
    await firstUse(c.env.db, () =>
      c.env.db
        .prepare(
          "INSERT INTO whatsapp_emulator_messages (id, wa_id, direction, body, status, created) VALUES (?, ?, 'in', ?, 'received', ?)",
        )
        .bind(id, body.from, body.text, now())
        .run(),
    );
    const message = {
      from: body.from,
      id,
      timestamp: String(now()),
      type: "text",
      text: { body: body.text },
    };
    return c.json({
      id,
      webhookStatus: await sendWebhook(c.env.options, {
        contacts: [{ profile: { name: "مستخدم" }, wa_id: body.from }],
        messages: [message],
      }),
    });
  });

  return app;
}
