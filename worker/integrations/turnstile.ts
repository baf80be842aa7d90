/**
 * Cloudflare Turnstile on the public forms (registration, forgot-password, contact): when
 * TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are set, the form's token (header
 * `x-turnstile-token`) is verified server-side with siteverify before anything else happens.
 * Off when the keys are unset (the default locally). Locally without TURNSTILE_VERIFY_URL the
 * in-process emulator (emulators/turnstile.ts, passed in by the local entry) answers, with the
 * documented test keys: createServices (worker/integrations/index.ts) picks where siteverify goes.
 */
import type { Config } from "../core/env";
import type { Scope } from "../core/scope";
import { fail } from "../core/failure";
import type { Fetcher } from "./emulated";

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

/** Posts one siteverify form (Services.siteverify). */
export const siteverify =
  (url: string, send: Fetcher = (request) => fetch(request)) =>
  (body: URLSearchParams): Promise<Response> =>
    send(new Request(url, { method: "POST", body }));

/** The site key the SPA's widget needs (GET /config), null when off. */
export const turnstileSiteKey = (config: Config) => turnstileKeys(config)?.siteKey ?? null;

/**
 * Verifies the request's Turnstile token (its TURNSTILE_TOKEN_HEADER) when Turnstile is on:
 * `captcha-failed` for a missing, wrong, expired or spent token; `service-unavailable` when
 * siteverify cannot be reached.
 */
export async function requireHuman(
  scope: Pick<Scope, "config" | "services" | "logger">,
  { token, remoteIp }: { token: string | undefined; remoteIp: string | null },
): Promise<void> {
  const keys = turnstileKeys(scope.config);
  if (!keys) return;
  if (!token || token.length > 2048) fail("captcha-failed");
  const body = new URLSearchParams({ secret: keys.secretKey, response: token });
  if (remoteIp && remoteIp !== "local") body.set("remoteip", remoteIp);
  const response = await scope.services.siteverify(body).catch(() => null);
  const answer = response?.ok
    ? ((await response.json().catch(() => null)) as { success?: boolean; "error-codes"?: string[] } | null)
    : null;
  if (!answer) {
    scope.logger.warn("turnstile siteverify unreachable", { status: response?.status ?? null });
    fail("service-unavailable");
  }
  if (answer.success !== true) {
    scope.logger.info("turnstile refused", { errors: answer["error-codes"] ?? [] });
    fail("captcha-failed");
  }
}
