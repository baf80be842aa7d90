/**
 * Local Turnstile emulator: Cloudflare's siteverify wire format (form or JSON: secret, response,
 * remoteip → { success, "error-codes", challenge_ts, hostname }) with the documented test secret
 * keys' behaviour. A test double, not the provider: it has no widget and accepts any token with
 * the always-pass key.
 */
export const TURNSTILE_TEST_SECRETS = {
  alwaysPasses: "1x0000000000000000000000000000000AA",
  alwaysFails: "2x0000000000000000000000000000000AA",
  tokenSpent: "3x0000000000000000000000000000000AA",
} as const;

/** The token Cloudflare's test site keys make their widget produce. */
export const TURNSTILE_DUMMY_TOKEN = "XXXX.DUMMY.TOKEN.XXXX";

async function fields(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json"))
    return ((await request.json().catch(() => ({}))) ?? {}) as Record<string, string>;
  const form = await request.formData().catch(() => null);
  const out: Record<string, string> = {};
  form?.forEach((value, key) => {
    if (typeof value === "string") out[key] = value;
  });
  return out;
}

export async function turnstileEmulator(request: Request): Promise<Response> {
  if (request.method !== "POST")
    return Response.json({ success: false, "error-codes": ["bad-request"] }, { status: 405 });
  const { secret, response } = await fields(request);
  const answer = (success: boolean, errors: string[] = []) =>
    Response.json({
      success,
      "error-codes": errors,
      ...(success ? { challenge_ts: new Date().toISOString(), hostname: "localhost" } : {}),
    });
  if (!secret) return answer(false, ["missing-input-secret"]);
  if (!response) return answer(false, ["missing-input-response"]);
  if (secret === TURNSTILE_TEST_SECRETS.alwaysPasses) return answer(true);
  if (secret === TURNSTILE_TEST_SECRETS.alwaysFails) return answer(false, ["invalid-input-response"]);
  if (secret === TURNSTILE_TEST_SECRETS.tokenSpent) return answer(false, ["timeout-or-duplicate"]);
  // Any other secret is a production key, which never accepts the test widgets' dummy token.
  return answer(false, ["invalid-input-secret"]);
}
