// Safe to deploy: local mode fails closed on a public host, every required setting is named when
// missing, and every answer carries the security headers.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { readConfig, type Env } from "../../worker/core/env";
import { call, callContract } from "./helpers";
import { systemContracts } from "../../schema/api/system";
import { vapidSettings } from "./push-keys";

/** Every setting required outside the local environment, with test values. */
const required = {
  TOKEN_SECRET: "p".repeat(40),
  FAWRY_BASE_URL: "https://atfawry.fawrystaging.com",
  FAWRY_MERCHANT_CODE: "400000012345",
  FAWRY_SECURE_KEY: "secure-key",
  EMAIL_API_URL: "https://api.resend.com/emails",
  EMAIL_API_KEY: "re_test",
  ICE_SERVERS: JSON.stringify([{ urls: "turn:turn.dars.test:3478", username: "u", credential: "c" }]),
  ...vapidSettings,
};

async function fetchWith(workerEnv: Env, url: string, init?: RequestInit) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(url, init) as Request<unknown, IncomingRequestCfProperties>,
    workerEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("local mode fails closed", () => {
  // ENVIRONMENT=local reaching a deployed Worker, with every secret set (so only the host decides).
  const localButDeployed = { ...env, ...required, ENVIRONMENT: "local" } as unknown as Env;

  it("refuses the mailbox, the seed, the emulators and the mailbox page on a public host", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/dev/outbox"],
      ["POST", "/api/v1/dev/seed"],
      ["GET", "/api/v1/dev/fawry/ECommerceWeb/Fawry/payments/status/v2"],
      ["POST", "/api/v1/dev/telegram/__emu/send"],
      ["GET", "/dev/mailbox"],
    ] as const) {
      const response = await fetchWith(localButDeployed, `https://dars.example.com${path}`, { method });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });

  it("tells the SPA it is not local on a public host", async () => {
    const response = await fetchWith(localButDeployed, "https://dars.example.com/api/v1/config");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { environment: string }).environment).toBe("production");
  });

  it("does not sign in with the local token key on a public host", async () => {
    // Without TOKEN_SECRET the public host is refused (503) rather than served with the local key.
    const unconfigured = { ...env, ENVIRONMENT: "local", TOKEN_SECRET: undefined } as unknown as Env;
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await fetchWith(unconfigured, "https://dars.example.com/api/v1/user/current");
    expect(response.status).toBe(503);
    expect(((await response.json()) as { code: string }).code).toBe("service-unavailable");
  });

  it("still serves the local routes on a loopback host", async () => {
    for (const host of ["127.0.0.1:8787", "localhost:8787", "[::1]:8787"]) {
      const response = await fetchWith(
        { ...env } as Env,
        `http://${host}/api/v1/dev/outbox?to=nobody@example.com`,
      );
      expect({ host, status: response.status }).toEqual({ host, status: 200 });
    }
  });

  it("logs the misconfiguration once", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await fetchWith(localButDeployed, "https://dars.example.com/api/v1/health");
    await fetchWith(localButDeployed, "https://dars.example.com/api/v1/health");
    const lines = errors.mock.calls
      .map(([line]) => String(line))
      .filter((line) => line.includes("ENVIRONMENT=local on a non-loopback host"));
    // Once per isolate: an earlier test may have logged it already.
    expect(lines.length).toBeLessThanOrEqual(1);
    expect((await fetchWith(localButDeployed, "https://dars.example.com/api/v1/health")).status).toBe(200);
  });
});

describe("required configuration outside local", () => {
  it("names each missing setting", () => {
    const bare = {
      ...env,
      ENVIRONMENT: "production",
      FAWRY_BASE_URL: undefined,
      EMAIL_API_URL: undefined,
      ICE_SERVERS: undefined,
    } as unknown as Env;
    let names: string[] = [];
    try {
      readConfig(bare);
    } catch (error) {
      names = (error as { names: string[] }).names;
    }
    expect(names).toEqual([
      "TOKEN_SECRET",
      "FAWRY_BASE_URL",
      "FAWRY_MERCHANT_CODE",
      "FAWRY_SECURE_KEY",
      "EMAIL_API_URL",
      "EMAIL_API_KEY",
      "VAPID_PUBLIC_KEY",
      "VAPID_PRIVATE_KEY",
      "VAPID_SUBJECT",
      "LIVEKIT_URL or ICE_SERVERS (with a turn: server) or TURN_KEY_ID and TURN_KEY_API_TOKEN",
    ]);
    for (const name of Object.keys(required).filter((key) => key !== "ICE_SERVERS"))
      expect(() => readConfig({ ...bare, ...required, [name]: undefined } as unknown as Env)).toThrow(
        new RegExp(`${name} is required`),
      );
  });

  it("takes LiveKit, a TURN server or Cloudflare TURN keys for the calls, but not STUN alone", () => {
    const base = { ...env, ...required, ENVIRONMENT: "production", ICE_SERVERS: undefined } as unknown as Env;
    expect(() => readConfig(base)).toThrow(/LIVEKIT_URL or ICE_SERVERS/);
    expect(() =>
      readConfig({
        ...base,
        ICE_SERVERS: JSON.stringify([{ urls: "stun:stun.dars.test:3478" }]),
      } as unknown as Env),
    ).toThrow(/LIVEKIT_URL or ICE_SERVERS/);
    expect(readConfig({ ...base, ICE_SERVERS: required.ICE_SERVERS } as unknown as Env).isLocal).toBe(false);
    expect(
      readConfig({ ...base, TURN_KEY_ID: "key", TURN_KEY_API_TOKEN: "token" } as unknown as Env).isLocal,
    ).toBe(false);
    expect(
      readConfig({
        ...base,
        LIVEKIT_URL: "wss://livekit.dars.example",
        LIVEKIT_API_KEY: "k",
        LIVEKIT_API_SECRET: "s",
      } as unknown as Env).isLocal,
    ).toBe(false);
  });

  it("answers 503 and logs the missing names, never their values, when a deploy lacks them", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const missingEmail = {
      ...env,
      ...required,
      ENVIRONMENT: "production",
      EMAIL_API_KEY: undefined,
    } as unknown as Env;
    const response = await fetchWith(missingEmail, "https://dars.example.com/api/v1/health");
    expect(response.status).toBe(503);
    const log = errors.mock.calls.map(([line]) => String(line)).join("\n");
    expect(log).toContain("EMAIL_API_KEY");
    expect(log).not.toContain(required.TOKEN_SECRET);
    expect(log).not.toContain(required.FAWRY_SECURE_KEY);
    // The sockets are refused the same way.
    expect(
      (
        await fetchWith(missingEmail, "https://dars.example.com/parties/user-channel/1", {
          headers: { upgrade: "websocket" },
        })
      ).status,
    ).toBe(503);
  });
});

describe("security headers", () => {
  it("are on every API answer, with a CSP limited to this origin and its sockets", async () => {
    const response = await callContract(systemContracts.health);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;| https:\/\/accounts\.google\.com\/gsi\/client;)/);
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("media-src 'self' blob:");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain(
      "camera=(self), microphone=(self), display-capture=(self)",
    );
    // Plain http on loopback: no HSTS locally.
    expect(response.headers.get("strict-transport-security")).toBeNull();
    // Errors too.
    expect((await call("GET", "/api/v1/no/such/route")).headers.get("x-content-type-options")).toBe(
      "nosniff",
    );
  });

  it("add HSTS and the configured analytics and LiveKit hosts outside local", async () => {
    const production = {
      ...env,
      ...required,
      ENVIRONMENT: "production",
      GA_ID: "G-ABCDEFGHIJ",
      LIVEKIT_URL: "wss://livekit.dars.example",
      LIVEKIT_API_KEY: "k",
      LIVEKIT_API_SECRET: "s",
      SENTRY_DSN: "https://public@o123.ingest.sentry.io/456",
    } as unknown as Env;
    const response = await fetchWith(production, "https://dars.example.com/api/v1/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(
      "script-src 'self' https://accounts.google.com/gsi/client https://www.googletagmanager.com;",
    );
    expect(csp).toContain("connect-src 'self' wss://dars.example.com");
    expect(csp).toContain("wss://livekit.dars.example");
    expect(csp).toContain("https://o123.ingest.sentry.io");
    expect(csp).not.toContain("clarity");
  });

  it("never serves a source map", async () => {
    const response = await fetchWith({ ...env } as Env, "http://127.0.0.1/assets/index-abc123.js.map");
    expect(response.status).toBe(404);
  });
});
