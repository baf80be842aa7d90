import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { emulators } from "../../emulators/local";
import { createApp } from "../../worker/app";
import { readConfig, type Env } from "../../worker/core/env";
import { call, callContract } from "./helpers";
import { systemContracts } from "../../schema/api/system";
import { vapidSettings } from "./push-keys";

/** A payment provider account, required outside the local environment (docs/product.md §5). */
const fawryAccount = {
  FAWRY_BASE_URL: "https://atfawry.fawrystaging.com",
  FAWRY_MERCHANT_CODE: "400000012345",
  FAWRY_SECURE_KEY: "secure-key",
};
/** The other settings required outside local: an email provider and TURN (or LiveKit). */
const otherRequired = {
  EMAIL_API_URL: "https://api.resend.com/emails",
  EMAIL_API_KEY: "re_test",
  ICE_SERVERS: JSON.stringify([{ urls: "turn:turn.dars.test:3478", username: "u", credential: "c" }]),
  ...vapidSettings,
};

describe("system routes", () => {
  it("answers health with the build version", async () => {
    const response = await callContract(systemContracts.health);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok", version: "dev" });
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("tells the SPA whether Google sign-in and Turnstile are configured", async () => {
    const response = await callContract(systemContracts.config);
    expect(response.body).toEqual({
      googleClientId: "dars-test.apps.googleusercontent.com",
      turnstileSiteKey: null,
      environment: "local",
      sentryDsn: null,
      release: "dev",
      gaId: null,
      clarityProjectId: null,
      // The operator's business numbers (tests/worker/business-settings.test.ts checks their values).
      business: expect.objectContaining({ hourlyRate: expect.any(Number), trialMinutes: expect.any(Number) }),
      // Unset until a SuperAdmin sets it (tests/worker/platform-links.test.ts).
      notificationsChannel: null,
    });
  });

  it("answers an unknown API path with not-found and its Arabic message", async () => {
    const response = await call("GET", "/api/v1/no/such/route");
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("not-found");
    expect(response.body.message).toMatch(/[\u0600-\u06FF]/);
  });

  it("serves an OpenAPI 3.1 document covering every route", async () => {
    const response = await call("GET", "/api/v1/openapi.json");
    expect(response.body.openapi).toBe("3.1.0");
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/user/",
        "/api/v1/auth/password",
        "/api/v1/user/{id}",
        "/api/v1/confirmation-code/email/confirm",
      ]),
    );
    const register = response.body.paths["/api/v1/user/"].post;
    expect(register.requestBody.content["application/json"].schema.properties).toHaveProperty("email");
  });

  it("hides the local mailbox outside the local environment", async () => {
    const production = {
      ...env,
      ...fawryAccount,
      ...otherRequired,
      ENVIRONMENT: "production",
      TOKEN_SECRET: "x".repeat(40),
    } as Env;
    const response = await createApp(emulators).fetch(
      new Request("https://dars.test/api/v1/dev/outbox"),
      production,
      createExecutionContext(),
    );
    expect(response.status).toBe(404);
  });

  it("allows CORS only for configured origins", async () => {
    const allowed = await call("OPTIONS", "/api/v1/health", {
      headers: { origin: "http://localhost:5173", "access-control-request-method": "GET" },
    });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    const refused = await call("OPTIONS", "/api/v1/health", {
      headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
    });
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("startup configuration", () => {
  it("refuses a bad value and names it", () => {
    expect(() => readConfig({ ...env, ENVIRONMENT: "moon" } as Env)).toThrow(/ENVIRONMENT/);
    expect(() => readConfig({ ...env, GOOGLE_CLIENT_ID: "abc" } as Env)).toThrow(/GOOGLE_CLIENT_ID/);
    expect(() => readConfig({ ...env, GA_ID: "G-123" } as Env)).toThrow(/GA_ID/);
    expect(() => readConfig({ ...env, SENTRY_DSN: "not a url" } as Env)).toThrow(/SENTRY_DSN/);
    expect(() => readConfig({ ...env, CLARITY_PROJECT_ID: "short" } as Env)).toThrow(/CLARITY_PROJECT_ID/);
  });

  it("requires a token secret outside the local environment", () => {
    expect(() =>
      readConfig({ ...env, ENVIRONMENT: "production", TOKEN_SECRET: undefined } as unknown as Env),
    ).toThrow(/TOKEN_SECRET/);
    expect(
      readConfig({
        ...env,
        ...fawryAccount,
        ...otherRequired,
        ENVIRONMENT: "staging",
        TOKEN_SECRET: "s".repeat(32),
        GA_ID: "G-ABCDEFGHIJ",
      } as Env).isLocal,
    ).toBe(false);
  });

  it("requires the payment provider's account outside the local environment", () => {
    const staging = { ...env, ...otherRequired, ENVIRONMENT: "staging", TOKEN_SECRET: "s".repeat(32) } as Env;
    expect(() => readConfig(staging)).toThrow(/FAWRY_BASE_URL.*FAWRY_MERCHANT_CODE.*FAWRY_SECURE_KEY/);
    expect(() => readConfig({ ...staging, ...fawryAccount, FAWRY_MERCHANT_CODE: "" } as Env)).toThrow(
      /FAWRY_MERCHANT_CODE/,
    );
    expect(readConfig({ ...staging, ...fawryAccount } as Env).FAWRY_MERCHANT_CODE).toBe("400000012345");
    expect(readConfig({ ...env, FAWRY_MERCHANT_CODE: undefined } as unknown as Env).isLocal).toBe(true);
  });

  it("answers unexpected, without details, when the configuration is bad", async () => {
    const broken = { ...env, ENVIRONMENT: "moon" } as Env;
    const response = await createApp(emulators).fetch(
      new Request("https://dars.test/api/v1/health"),
      broken,
      createExecutionContext(),
    );
    expect(response.status).toBe(500);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe("unexpected");
    expect(JSON.stringify(body)).not.toContain("ENVIRONMENT");
  });
});
