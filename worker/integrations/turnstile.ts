/**
 * Cloudflare Turnstile on the public forms (registration, forgot-password, contact): when
 * TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are set, the form's token (header
 * `x-turnstile-token`) is verified server-side with siteverify before anything else happens.
 * Off when the keys are unset (the default locally). Locally without TURNSTILE_VERIFY_URL the
 * in-process emulator (emulators/turnstile.ts, passed in by the local entry) answers, with the documented test keys.
 */
import type { Config } from "../core/env";
import type { AppContext } from "../http/context";
import { fail } from "../core/failure";
import { EMULATOR_ORIGIN, EMULATOR_PATHS } from "./emulated";

export const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
export const TURNSTILE_TOKEN_HEADER = "x-turnstile-token";

type TurnstileKeys = { siteKey: string; secretKey: string; verifyUrl: string | null };

/** The configured keys, or null when Turnstile is off (worker/core/env.ts checks they come together). */
export function turnstileKeys(config: Config): TurnstileKeys | null {
  if (!config.TURNSTILE_SITE_KEY || !config.TURNSTILE_SECRET_KEY) return null;
  return {
    siteKey: config.TURNSTILE_SITE_KEY,
    secretKey: config.TURNSTILE_SECRET_KEY,
    verifyUrl: config.TURNSTILE_VERIFY_URL ?? null,
  };
}

/** The site key the SPA's widget needs (GET /config), null when off. */
export const turnstileSiteKey = (config: Config) => turnstileKeys(config)?.siteKey ?? null;

/**
 * Verifies the request's Turnstile token when Turnstile is on: `captcha-failed` for a missing,
 * wrong, expired or spent token; `service-unavailable` when siteverify cannot be reached.
 */
export async function requireHuman(c: AppContext, remoteIp: string | null): Promise<void> {
  const keys = turnstileKeys(c.get("config"));
  if (!keys) return;
  const token = c.req.header(TURNSTILE_TOKEN_HEADER);
  if (!token || token.length > 2048) fail("captcha-failed");
  const body = new URLSearchParams({ secret: keys.secretKey, response: token });
  if (remoteIp && remoteIp !== "local") body.set("remoteip", remoteIp);
  const emulate = keys.verifyUrl || !c.get("config").isLocal ? null : c.get("services").local?.fetch;
  const url = keys.verifyUrl ?? (emulate ? EMULATOR_ORIGIN + EMULATOR_PATHS.turnstile : SITEVERIFY_URL);
  const request = new Request(url, { method: "POST", body });
  const response = await (emulate ? emulate(request) : fetch(request)).catch(() => null);
  const answer = response?.ok
    ? ((await response.json().catch(() => null)) as { success?: boolean; "error-codes"?: string[] } | null)
    : null;
  if (!answer) {
    c.get("logger").warn("turnstile siteverify unreachable", { status: response?.status ?? null });
    fail("service-unavailable");
  }
  if (answer.success !== true) {
    c.get("logger").info("turnstile refused", { errors: answer["error-codes"] ?? [] });
    fail("captcha-failed");
  }
}
