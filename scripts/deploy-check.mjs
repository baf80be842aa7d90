// What a deploy needs besides wrangler's own `[secrets] required` check (wrangler.toml): the
// settings the Worker refuses to run without outside local (worker/core/env.ts missingRequired), read
// from the environment's vars and its secret names. Pure, so tests/e2e/deploy-config.test.ts runs it.

/**
 * @param {{ vars: Record<string, unknown>, requiredSecrets: string[], secretNames: string[] }} input
 * @returns {string[]} each missing setting, named
 */
export function missingForDeploy({ vars, requiredSecrets, secretNames }) {
  const has = (name) => secretNames.includes(name) || (typeof vars[name] === "string" && vars[name] !== "");
  const missing = [...requiredSecrets, "FAWRY_BASE_URL", "EMAIL_API_URL"].filter((name) => !has(name));
  const liveKit = ["LIVEKIT_URL", "LIVEKIT_API_KEY", "LIVEKIT_API_SECRET"].every(has);
  // ICE_SERVERS is a secret when it holds TURN credentials: its value cannot be read back here,
  // so the Worker's own check (a turn: server in it) is the one that decides at the first request.
  const turn = has("ICE_SERVERS") || (has("TURN_KEY_ID") && has("TURN_KEY_API_TOKEN"));
  if (!liveKit && !turn)
    missing.push(
      "LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET, or ICE_SERVERS with a turn: server, or TURN_KEY_ID and TURN_KEY_API_TOKEN",
    );
  return [...new Set(missing)];
}
