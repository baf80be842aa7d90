// The local push service emulator (outside the product), on /api/v1/dev/push in the local
// environment: what Chrome's or Firefox's push service does for one browser, plus the browser's
// own part, so a push the Worker sends is checked and decrypted for real.
//   POST   /subscriptions        mints a subscription as a browser's PushManager.subscribe would
//                                ({ applicationServerKey } in, PushSubscription JSON out); the
//                                private key stays here, so the emulator can decrypt
//   DELETE /subscriptions/:id    the browser unsubscribed: later pushes to it answer 410
//   POST   /send/:id             the push endpoint: VAPID checked (RFC 8292, the key must be the
//                                subscription's applicationServerKey), the body decrypted (RFC 8291
//                                aes128gcm, or the older aesgcm) and kept; 201, 410 when unknown
//   POST   /fail                 { status }: the next push answers it (404, 500, ...), for tests
//   GET    /messages             the pushes received and decrypted, newest first (the mailbox)
// Its tables live in the local D1, made on first use.
import { Hono, type Context } from "hono";
import {
  decryptAesgcm,
  decryptPush,
  headerParam,
  mintBrowserKeys,
  verifyVapid,
  type BrowserKeys,
} from "./crypto";

export type PushEmulatorOptions = {
  /** Where the minted endpoints point: an https origin plus this emulator's base path. */
  endpointBase: string;
  /** The emulator's own path (the router's base). */
  basePath: string;
};

/** A push the emulator received, decrypted. */
export type ReceivedPush = {
  id: number;
  subscriptionId: string;
  title: string;
  body: string;
  url: string;
  tag: string;
  ttl: number | null;
  urgency: string | null;
  /** The content encoding it came in: "aes128gcm" (RFC 8291) or "aesgcm" (the older draft). */
  encoding: string;
  receivedAt: string;
};

const ddl = [
  `CREATE TABLE IF NOT EXISTS push_emulator_subscriptions (id TEXT PRIMARY KEY, private_jwk TEXT NOT NULL,
    p256dh TEXT NOT NULL, auth TEXT NOT NULL, server_key TEXT NOT NULL, created INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS push_emulator_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, subscription_id TEXT NOT NULL,
    title TEXT NOT NULL, body TEXT NOT NULL, url TEXT NOT NULL, tag TEXT NOT NULL, ttl INTEGER, urgency TEXT,
    encoding TEXT NOT NULL, received INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS push_emulator_failures (seq INTEGER PRIMARY KEY AUTOINCREMENT, status INTEGER NOT NULL)`,
];

async function firstUse<T>(db: D1Database, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Error && /no such table/.test(error.message))) throw error;
    await db.batch(ddl.map((q) => db.prepare(q)));
    return work();
  }
}

type Bindings = { db: D1Database; options: PushEmulatorOptions };
type Ctx = Context<{ Bindings: Bindings }>;

const randomId = () =>
  [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function createPushEmulator(db: D1Database, options: PushEmulatorOptions) {
  const app = new Hono<{ Bindings: Bindings }>().basePath(options.basePath);

  app.post("/subscriptions", async (c: Ctx) => {
    const input = (await c.req.json().catch(() => ({}))) as { applicationServerKey?: unknown };
    const serverKey = text(input.applicationServerKey);
    if (!/^B[A-Za-z0-9_-]{86}$/.test(serverKey))
      return c.json({ error: "applicationServerKey must be a P-256 public key (base64url)" }, 400);
    const keys = await mintBrowserKeys();
    const id = randomId();
    await firstUse(db, () =>
      db
        .prepare(
          "INSERT INTO push_emulator_subscriptions (id, private_jwk, p256dh, auth, server_key, created) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(id, JSON.stringify(keys.privateJwk), keys.p256dh, keys.auth, serverKey, Date.now())
        .run(),
    );
    return c.json(
      {
        endpoint: `${c.env.options.endpointBase}/send/${id}`,
        expirationTime: null,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      },
      201,
    );
  });

  app.delete("/subscriptions/:id", async (c: Ctx) => {
    await firstUse(db, () =>
      db.prepare("DELETE FROM push_emulator_subscriptions WHERE id = ?").bind(c.req.param("id")).run(),
    );
    return c.body(null, 204);
  });

  app.post("/fail", async (c: Ctx) => {
    const status = Number(((await c.req.json().catch(() => ({}))) as { status?: unknown }).status);
    if (!Number.isInteger(status) || status < 400 || status > 599)
      return c.json({ error: "status must be 400-599" }, 400);
    await firstUse(db, () =>
      db.prepare("INSERT INTO push_emulator_failures (status) VALUES (?)").bind(status).run(),
    );
    return c.json({ queued: status });
  });

  app.post("/send/:id", async (c: Ctx) => {
    const forced = await firstUse(db, () =>
      db
        .prepare(
          "DELETE FROM push_emulator_failures WHERE seq = (SELECT min(seq) FROM push_emulator_failures) RETURNING status",
        )
        .first<{ status: number }>(),
    );
    if (forced) return c.json({ error: "forced failure" }, forced.status as 500);
    const row = await firstUse(db, () =>
      db
        .prepare("SELECT private_jwk, p256dh, auth, server_key FROM push_emulator_subscriptions WHERE id = ?")
        .bind(c.req.param("id"))
        .first<{ private_jwk: string; p256dh: string; auth: string; server_key: string }>(),
    );
    // As a real push service: a subscription that no longer exists is gone.
    if (!row) return c.json({ error: "subscription gone" }, 410);
    const origin = new URL(c.req.url).origin;
    const vapid = await verifyVapid(
      c.req.header("authorization") ?? null,
      origin,
      Math.floor(Date.now() / 1000),
    );
    if (!vapid.ok) return c.json({ error: vapid.reason }, 401);
    if (vapid.publicKey !== row.server_key)
      return c.json({ error: "signed with another key than the subscription's applicationServerKey" }, 403);
    const encoding = c.req.header("content-encoding");
    if (encoding !== "aes128gcm" && encoding !== "aesgcm")
      return c.json({ error: "content-encoding must be aes128gcm or aesgcm" }, 415);
    const ttl = Number(c.req.header("ttl"));
    if (!Number.isInteger(ttl) || ttl < 0) return c.json({ error: "TTL header required" }, 400);
    const keys: BrowserKeys = {
      privateJwk: JSON.parse(row.private_jwk) as JsonWebKey,
      p256dh: row.p256dh,
      auth: row.auth,
    };
    let payload: Record<string, unknown>;
    try {
      const body = new Uint8Array(await c.req.arrayBuffer());
      const salt = headerParam(c.req.header("encryption") ?? null, "salt");
      const dh = headerParam(c.req.header("crypto-key") ?? null, "dh");
      if (encoding === "aesgcm" && (!salt || !dh))
        throw new Error("aesgcm needs Encryption salt and Crypto-Key dh");
      const plain =
        encoding === "aesgcm" ? await decryptAesgcm(body, keys, salt!, dh!) : await decryptPush(body, keys);
      payload = JSON.parse(plain) as Record<string, unknown>;
    } catch (error) {
      return c.json(
        { error: `could not decrypt: ${error instanceof Error ? error.message : "unknown"}` },
        400,
      );
    }
    await db
      .prepare(
        "INSERT INTO push_emulator_messages (subscription_id, title, body, url, tag, ttl, urgency, encoding, received) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .bind(
        c.req.param("id"),
        text(payload.title),
        text(payload.body),
        text(payload.url),
        text(payload.tag),
        ttl,
        c.req.header("urgency") ?? null,
        encoding,
        Date.now(),
      )
      .run();
    return c.body(null, 201);
  });

  app.get("/messages", async (c: Ctx) => {
    const size = Math.min(Math.max(Number(c.req.query("size")) || 20, 1), 100);
    const page = Math.max(Number(c.req.query("page")) || 1, 1);
    const subscription = c.req.query("subscription");
    const where = subscription ? "WHERE subscription_id = ?" : "";
    const binds = subscription ? [subscription] : [];
    const [list, total] = await firstUse(db, () =>
      db.batch([
        db
          .prepare(
            `SELECT id, subscription_id, title, body, url, tag, ttl, urgency, encoding, received FROM push_emulator_messages ${where} ORDER BY id DESC LIMIT ? OFFSET ?`,
          )
          .bind(...binds, size, (page - 1) * size),
        db.prepare(`SELECT count(*) AS total FROM push_emulator_messages ${where}`).bind(...binds),
      ]),
    );
    const rows = (list!.results ?? []) as Array<Record<string, unknown>>;
    return c.json({
      list: rows.map((row): ReceivedPush => ({
        id: row.id as number,
        subscriptionId: row.subscription_id as string,
        title: row.title as string,
        body: row.body as string,
        url: row.url as string,
        tag: row.tag as string,
        ttl: (row.ttl as number | null) ?? null,
        urgency: (row.urgency as string | null) ?? null,
        encoding: row.encoding as string,
        receivedAt: new Date(row.received as number).toISOString(),
      })),
      total: ((total!.results?.[0] as { total?: number } | undefined)?.total ?? 0) as number,
    });
  });

  return {
    fetch: (request: Request, env: unknown, ctx?: ExecutionContext) =>
      app.fetch(request, { db, options }, ctx),
  };
}
