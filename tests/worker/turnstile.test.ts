import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { emulators } from "../../emulators/local";
import { createApp } from "../../worker/app";
import { readConfig } from "../../worker/core/env";
import { contentSecurityPolicy } from "../../worker/http/security-headers";
import { TURNSTILE_DUMMY_TOKEN, TURNSTILE_TEST_SECRETS } from "../../emulators/turnstile";
import type { Env } from "../../worker/core/env";
import { createUser } from "./factories-lessons";
import { callContract, PASSWORD, uniqueEmail } from "./helpers";
import { systemContracts } from "../../schema/api/system";
import { userContracts } from "../../schema/api/user";

/** The Worker with Turnstile configured (the local emulator answers siteverify in-process). */
function withTurnstile(secret: string) {
  const configured = {
    ...env,
    TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
    TURNSTILE_SECRET_KEY: secret,
  } as Env;
  return async (method: string, path: string, body: unknown, token?: string) => {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "cf-connecting-ip": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    };
    if (token !== undefined) headers["x-turnstile-token"] = token;
    const response = await createApp(emulators).fetch(
      new Request(`https://dars.test/api/v1${path}`, { method, headers, body: JSON.stringify(body) }),
      configured,
      createExecutionContext(),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}

const registration = () => ({ email: uniqueEmail("human"), password: PASSWORD, role: Role.Student });
const contact = () => ({
  name: "زائر",
  email: uniqueEmail("contact"),
  title: "سؤال عن الباقات",
  message: "أريد أن أعرف المزيد عن الباقات",
});

describe("Cloudflare Turnstile on the public forms", () => {
  it("is off without keys: the forms need no token and /config has no site key", async () => {
    const config = await callContract(systemContracts.config);
    expect(config.body.turnstileSiteKey).toBeNull();
    expect(
      (
        await callContract(userContracts.register, {
          body: registration(),
          headers: { "cf-connecting-ip": "10.8.0.1" },
        })
      ).status,
    ).toBe(201);
  });

  it("with keys, refuses registration, forgot-password and contact without a token (captcha-failed) and creates nothing", async () => {
    const send = withTurnstile(TURNSTILE_TEST_SECRETS.alwaysPasses);
    const body = registration();
    const refused = await send("POST", "/user/", body);
    expect([refused.status, refused.body.code]).toEqual([403, "captcha-failed"]);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?")
      .bind(body.email)
      .first<{ n: number }>();
    expect(stored!.n).toBe(0);
    expect((await send("POST", "/confirmation-code/password/send", { email: body.email })).body.code).toBe(
      "captcha-failed",
    );
    expect((await send("POST", "/contact-request/", contact())).body.code).toBe("captcha-failed");
  });

  it("accepts a token the always-pass test secret passes", async () => {
    const send = withTurnstile(TURNSTILE_TEST_SECRETS.alwaysPasses);
    expect((await send("POST", "/user/", registration(), TURNSTILE_DUMMY_TOKEN)).status).toBe(201);
    expect(
      (
        await send(
          "POST",
          "/confirmation-code/password/send",
          { email: uniqueEmail() },
          TURNSTILE_DUMMY_TOKEN,
        )
      ).status,
    ).toBe(200);
    expect((await send("POST", "/contact-request/", contact(), TURNSTILE_DUMMY_TOKEN)).status).toBe(201);
  });

  it("refuses with the always-fail and the token-already-spent test secrets", async () => {
    for (const secret of [TURNSTILE_TEST_SECRETS.alwaysFails, TURNSTILE_TEST_SECRETS.tokenSpent]) {
      const answer = await withTurnstile(secret)("POST", "/user/", registration(), TURNSTILE_DUMMY_TOKEN);
      expect([answer.status, answer.body.code]).toEqual([403, "captcha-failed"]);
    }
  });

  it("lets an admin create a staff account without a token", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const configured = {
      ...env,
      TURNSTILE_SITE_KEY: "site",
      TURNSTILE_SECRET_KEY: TURNSTILE_TEST_SECRETS.alwaysFails,
    } as Env;
    const request = new Request("https://dars.test/api/v1/user/", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ ...registration(), role: Role.Studio, name: "استوديو" }),
    });
    const response = await createApp(emulators).fetch(request, configured, createExecutionContext());
    expect([response.status, ((await response.json()) as { code?: string }).code]).toEqual([201, undefined]);
  });

  it("answers siteverify's wire format from the local emulator route", async () => {
    const verify = (secret: string, response = TURNSTILE_DUMMY_TOKEN) =>
      callContract(systemContracts.turnstileEmulator, {
        raw: new URLSearchParams({ secret, response }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    expect((await verify(TURNSTILE_TEST_SECRETS.alwaysPasses)).body).toMatchObject({
      success: true,
      "error-codes": [],
    });
    expect((await verify(TURNSTILE_TEST_SECRETS.alwaysFails)).body).toMatchObject({
      success: false,
      "error-codes": ["invalid-input-response"],
    });
    expect((await verify(TURNSTILE_TEST_SECRETS.tokenSpent)).body).toMatchObject({
      success: false,
      "error-codes": ["timeout-or-duplicate"],
    });
    expect((await verify(TURNSTILE_TEST_SECRETS.alwaysPasses, "")).body).toMatchObject({
      success: false,
      "error-codes": ["missing-input-response"],
    });
  });

  it("lets Cloudflare's script and frame through the Content-Security-Policy only when configured", () => {
    const url = new URL("https://dars.test/register/student");
    const off = contentSecurityPolicy(readConfig(env), url);
    expect(off).not.toContain("challenges.cloudflare.com");
    const on = contentSecurityPolicy(
      { ...readConfig(env), TURNSTILE_SITE_KEY: "site" } as ReturnType<typeof readConfig>,
      url,
    );
    expect(on).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(on).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);
  });
});
