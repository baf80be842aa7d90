// The emulators are wired only at the composition root: the local entry (emulators/local.ts) passes
// them to createWorker, the production entry (worker/index.ts) passes none. Same environment, same
// loopback host: only the entry decides.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import local from "../../emulators/local";
import { EMULATOR_MARKER } from "../../emulators/index";
import production from "../../worker/index";
import type { Env } from "../../worker/core/env";
import { LOCAL_TELEGRAM } from "../../worker/integrations/local-accounts";

const ORIGIN = "http://127.0.0.1:8787";

async function fetchFrom(
  entry: { fetch?: ExportedHandlerFetchHandler<Env> },
  method: string,
  path: string,
  body?: unknown,
) {
  const ctx = createExecutionContext();
  const init: RequestInit =
    body === undefined
      ? { method }
      : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await entry.fetch!(
    new Request(ORIGIN + path, init) as Request<unknown, IncomingRequestCfProperties>,
    env as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const emulated: Array<[string, string, unknown?]> = [
  ["GET", `/api/v1/dev/telegram/bot${LOCAL_TELEGRAM.token}/getMe`],
  [
    "POST",
    "/api/v1/dev/turnstile/siteverify",
    { secret: "1x0000000000000000000000000000000AA", response: "token" },
  ],
  ["GET", "/api/v1/dev/fawry/ECommerceWeb/api/merchant/installment-plans"],
];

describe("the emulators live outside the product", () => {
  it("answers the emulated providers from the local entry, in-process", async () => {
    for (const [method, path, body] of emulated) {
      const response = await fetchFrom(local, method, path, body);
      expect([path, response.status, response.headers.get("x-emulator")]).toEqual([
        path,
        200,
        EMULATOR_MARKER,
      ]);
    }
    const me = (await (await fetchFrom(local, "GET", emulated[0]![1])).json()) as {
      result: { username: string };
    };
    expect(me.result.username).toBe(LOCAL_TELEGRAM.username);
  });

  it("has none in the production entry: the same local requests answer 404 not-found and seed nothing", async () => {
    for (const [method, path, body] of [...emulated, ["POST", "/api/v1/dev/seed"] as [string, string]]) {
      const response = await fetchFrom(production, method, path, body);
      expect([path, response.status, response.headers.get("x-emulator")]).toEqual([path, 404, null]);
      expect(((await response.json()) as { code: string }).code).toBe("not-found");
    }
    const seeded = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM users WHERE email = 'admin@dars.test'",
    ).first<{ n: number }>();
    expect(seeded?.n).toBe(0);
  });

  it("keeps the production entry's other local routes (the mailbox is the outbox, not an emulator)", async () => {
    const response = await fetchFrom(production, "GET", "/api/v1/dev/outbox");
    expect(response.status).toBe(200);
  });
});
