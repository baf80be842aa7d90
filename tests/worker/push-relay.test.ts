// PUSH_RELAY_URL (worker/core/env.ts, worker/integrations/index.ts): the staging rehearsal's way to
// reach the push emulator over plain http. With it each push request goes to the relay's origin
// with the endpoint's own path, method, headers and body; production refuses the setting.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readConfig, type Env } from "../../worker/core/env";
import { createServices } from "../../worker/integrations";
import { EMULATED_PUSH_ORIGIN } from "../../worker/integrations/emulated";
import { emulators } from "../../emulators/local";
import { call } from "./helpers";
import { vapidSettings } from "./push-keys";

const RELAY = "http://127.0.0.1:8823";

type Minted = { endpoint: string; keys: { p256dh: string; auth: string } };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("PUSH_RELAY_URL", () => {
  it("sends each push to the relay's origin with the endpoint's path, headers and body, which the push emulator then decrypts", async () => {
    const relayEnv = { ...env, PUSH_RELAY_URL: `${RELAY}/ignored/path` } as unknown as Env;
    const config = readConfig(relayEnv);
    const minted = await call("POST", "/api/v1/dev/push/subscriptions", {
      body: { applicationServerKey: config.vapid.publicKey },
    });
    expect(minted.status).toBe(201);
    const browser = minted.body as Minted;
    const endpoint = new URL(browser.endpoint);
    expect(endpoint.origin).toBe(EMULATED_PUSH_ORIGIN);

    // The relay stands in as the emulator server does: the request comes back to the endpoint's
    // https origin (the VAPID audience) and reaches the push emulator, which checks and decrypts it.
    const seen: Array<{ url: string; method: string; headers: Headers }> = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      seen.push({ url: request.url, method: request.method, headers: new Headers(request.headers) });
      const path = new URL(request.url);
      return emulators.fetch(
        new Request(EMULATED_PUSH_ORIGIN + path.pathname + path.search, request),
        relayEnv,
      );
    });

    const services = createServices(config, relayEnv, undefined, emulators);
    const outcome = await services
      .push()
      .send(
        { endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth },
        { title: "تذكير", body: "حصتك بعد ساعة", url: "/upcoming-lessons", tag: "relay-test" },
      );
    expect(outcome).toBe("sent");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe(RELAY + endpoint.pathname);
    expect(seen[0]!.method).toBe("POST");
    expect(seen[0]!.headers.get("content-encoding")).toBe("aes128gcm");
    expect(seen[0]!.headers.get("authorization")).toMatch(/^vapid t=/);

    const id = endpoint.pathname.split("/").pop()!;
    const received = await call("GET", `/api/v1/dev/push/messages?subscription=${id}`);
    const list = received.body.list as Array<{ title: string; body: string; url: string; encoding: string }>;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      title: "تذكير",
      body: "حصتك بعد ساعة",
      url: "/upcoming-lessons",
      encoding: "aes128gcm",
    });
  });

  it("without it, a push to the emulator's endpoint stays in-process (the global fetch is not called)", async () => {
    const config = readConfig(env as Env);
    expect(config.PUSH_RELAY_URL).toBeUndefined();
    const minted = await call("POST", "/api/v1/dev/push/subscriptions", {
      body: { applicationServerKey: config.vapid.publicKey },
    });
    const browser = minted.body as Minted;
    const global = vi.spyOn(globalThis, "fetch");
    const outcome = await createServices(config, env as Env, undefined, emulators)
      .push()
      .send(
        { endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth },
        { title: "درس", body: "اختبار", url: "/", tag: "local" },
      );
    expect(outcome).toBe("sent");
    expect(global).not.toHaveBeenCalled();
  });

  it("is refused in production, naming PUSH_RELAY_URL, and taken in staging", () => {
    const deployed = {
      ...env,
      ...vapidSettings,
      TOKEN_SECRET: "p".repeat(40),
      FAWRY_BASE_URL: "https://atfawry.fawrystaging.com",
      FAWRY_MERCHANT_CODE: "400000012345",
      FAWRY_SECURE_KEY: "secure-key",
      EMAIL_API_URL: "https://api.resend.com/emails",
      EMAIL_API_KEY: "re_test",
      ICE_SERVERS: JSON.stringify([{ urls: "turn:turn.dars.test:3478", username: "u", credential: "c" }]),
      PUSH_RELAY_URL: RELAY,
    };
    let names: string[] = [];
    expect(() => readConfig({ ...deployed, ENVIRONMENT: "production" } as unknown as Env)).toThrow(
      /PUSH_RELAY_URL/,
    );
    try {
      readConfig({ ...deployed, ENVIRONMENT: "production" } as unknown as Env);
    } catch (error) {
      names = (error as { names: string[] }).names;
    }
    expect(names).toEqual(["PUSH_RELAY_URL"]);
    expect(readConfig({ ...deployed, ENVIRONMENT: "staging" } as unknown as Env).PUSH_RELAY_URL).toBe(RELAY);
    expect(() =>
      readConfig({ ...deployed, ENVIRONMENT: "staging", PUSH_RELAY_URL: "not a url" } as unknown as Env),
    ).toThrow(/PUSH_RELAY_URL/);
  });
});
