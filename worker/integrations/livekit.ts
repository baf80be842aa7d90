// LiveKit (integrations.md §2): access tokens and webhook verification, written on Web Crypto via
// hono/jwt (HS256 with the API secret's UTF-8 bytes, iss = API key), so no SDK is bundled.
import { sign, verify } from "hono/jwt";

export type LiveKitConfig = { url: string; apiKey: string; apiSecret: string };

/** The token lives 10 minutes (litespace's "10m"); the client fetches a new one to rejoin. */
export const LIVEKIT_TOKEN_TTL_SECONDS = 10 * 60;
/** Clock tolerance when verifying a webhook's JWT (the SDK's TokenVerifier default). */
const CLOCK_TOLERANCE_SECONDS = 10;

export type VideoGrant = { roomJoin: true; room: string; canPublish: true; canSubscribe: true };

/** §2.1: sub = identity, nbf = now, exp = now + ttl, a video grant to join, publish and subscribe. */
export async function mintAccessToken(
  config: LiveKitConfig,
  grant: { identity: string; room: string; name?: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: string }> {
  const seconds = Math.floor(now.getTime() / 1000);
  const exp = seconds + LIVEKIT_TOKEN_TTL_SECONDS;
  const video: VideoGrant = { roomJoin: true, room: grant.room, canPublish: true, canSubscribe: true };
  const payload = { ...(grant.name ? { name: grant.name } : {}), video, iss: config.apiKey, sub: grant.identity, nbf: seconds, exp };
  const token = await sign(payload, config.apiSecret, "HS256");
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** base64(SHA-256(bytes)), standard alphabet with padding (the webhook's `sha256` claim). */
export async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Length-independent comparison of two short strings. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type WebhookEvent = {
  event: string;
  id?: string;
  createdAt?: string | number;
  room?: { name?: string; sid?: string };
  participant?: { identity?: string; sid?: string };
};

/**
 * §2.4: the Authorization header is the bare JWT (HS256, iss = API key, exp/nbf within 10 s) and
 * its `sha256` claim must equal the raw body's hash; only then is the body parsed. Answers the
 * event, or null for anything that does not verify.
 */
export async function verifyWebhook(config: LiveKitConfig, authorization: string | undefined, rawBody: string, now = new Date()): Promise<WebhookEvent | null> {
  if (!authorization) return null;
  let claims: Record<string, unknown>;
  try {
    claims = await verify(authorization, config.apiSecret, { alg: "HS256", iss: config.apiKey, nbf: false, exp: false, iat: false });
  } catch {
    return null;
  }
  const seconds = now.getTime() / 1000;
  if (typeof claims.exp === "number" && claims.exp + CLOCK_TOLERANCE_SECONDS <= seconds) return null;
  if (typeof claims.nbf === "number" && claims.nbf - CLOCK_TOLERANCE_SECONDS > seconds) return null;
  if (typeof claims.sha256 !== "string" || !sameText(claims.sha256, await sha256Base64(rawBody))) return null;
  try {
    const event = JSON.parse(rawBody) as WebhookEvent;
    return event && typeof event.event === "string" ? event : null;
  } catch {
    return null;
  }
}

/** A webhook's time: createdAt is seconds (int64 as a string); falls back to the receipt time. */
export function webhookTime(event: WebhookEvent, now = new Date()): string {
  const seconds = Number(event.createdAt);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : now.toISOString();
}
