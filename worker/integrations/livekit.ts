// LiveKit (docs/services.md §2): access tokens and webhook verification with livekit-server-sdk,
// which runs in workerd without nodejs_compat (jose on Web Crypto, protobuf in plain JS; proven by
// tests/worker/livekit.test.ts). Key and secret are always passed explicitly: the SDK would read
// process.env otherwise.
import { AccessToken, WebhookReceiver, type VideoGrant } from "livekit-server-sdk";

export type LiveKitConfig = { url: string; apiKey: string; apiSecret: string };

/** LiveKit's three settings, or null when it is not configured (calls are then peer to peer). */
export function liveKitConfig(config: {
  LIVEKIT_URL?: string;
  LIVEKIT_API_KEY?: string;
  LIVEKIT_API_SECRET?: string;
}): LiveKitConfig | null {
  if (!config.LIVEKIT_URL || !config.LIVEKIT_API_KEY || !config.LIVEKIT_API_SECRET) return null;
  return { url: config.LIVEKIT_URL, apiKey: config.LIVEKIT_API_KEY, apiSecret: config.LIVEKIT_API_SECRET };
}

/** The token lives 10 minutes (docs/services.md §2.1); the client fetches a new one to rejoin. */
export const LIVEKIT_TOKEN_TTL_SECONDS = 10 * 60;
/** Clock tolerance when verifying a webhook's JWT (the SDK's TokenVerifier default). */
const CLOCK_TOLERANCE_SECONDS = 10;

/** A JWT's payload, read without verifying (our own freshly signed token). */
function claimsOf(jwt: string): Record<string, unknown> {
  const part = jwt.split(".")[1] ?? "";
  const base64 = part
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(part.length / 4) * 4, "=");
  return JSON.parse(
    new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))),
  ) as Record<string, unknown>;
}

/** §2.1: sub = identity, nbf = now, exp = now + 10 minutes, a video grant to join, publish and subscribe. */
export async function mintAccessToken(
  config: LiveKitConfig,
  grant: { identity: string; room: string; name?: string },
): Promise<{ token: string; expiresAt: string }> {
  const access = new AccessToken(config.apiKey, config.apiSecret, {
    identity: grant.identity,
    ttl: LIVEKIT_TOKEN_TTL_SECONDS,
    ...(grant.name ? { name: grant.name } : {}),
  });
  const video: VideoGrant = { roomJoin: true, room: grant.room, canPublish: true, canSubscribe: true };
  access.addGrant(video);
  const token = await access.toJwt();
  const exp = Number(claimsOf(token).exp);
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The parts of a LiveKit webhook event the attendance log reads. */
export type WebhookEvent = {
  event: string;
  id?: string;
  createdAt?: string | number | bigint;
  room?: { name?: string; sid?: string };
  participant?: { identity?: string; sid?: string };
};

/**
 * §2.4 through the SDK's WebhookReceiver: the Authorization header is the bare JWT (HS256,
 * iss = API key, exp/nbf within 10 s) and its `sha256` claim must equal the raw body's hash; only
 * then is the body parsed. Answers the event, or null for anything that does not verify.
 */
export async function verifyWebhook(
  config: LiveKitConfig,
  authorization: string | undefined,
  rawBody: string,
): Promise<WebhookEvent | null> {
  if (!authorization) return null;
  try {
    const event = await new WebhookReceiver(config.apiKey, config.apiSecret).receive(
      rawBody,
      authorization,
      false,
      CLOCK_TOLERANCE_SECONDS,
    );
    return event.event ? event : null;
  } catch {
    return null;
  }
}

/** A webhook's time: createdAt is seconds (int64); falls back to the receipt time. */
export function webhookTime(event: WebhookEvent, now = new Date()): string {
  const seconds = Number(event.createdAt);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : now.toISOString();
}

// ---- Room service (docs/services.md §2.3): Twirp over HTTP/JSON ------------------------------

/** The parts of a Room and a ParticipantInfo we read (proto JSON: int64 as strings). */
export type Room = {
  sid: string;
  name: string;
  emptyTimeout: number;
  departureTimeout: number;
  maxParticipants: number;
  creationTime: string;
  metadata: string;
  numParticipants: number;
  numPublishers: number;
  activeRecording: boolean;
};
export type Participant = {
  sid: string;
  identity: string;
  name: string;
  state: string;
  joinedAt: string;
  metadata: string;
};

/** A Twirp error `{ code, msg }` (unauthenticated 401, permission_denied 403, not_found 404, …). */
export class TwirpError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    detail: string,
  ) {
    super(`livekit ${code} (HTTP ${httpStatus}): ${detail}`);
  }
}

export type RoomService = ReturnType<typeof roomServiceClient>;

/**
 * A small RoomService client with an injected fetch (the SDK's RoomServiceClient always uses the
 * global fetch, so it could not reach the local emulator in-process). Each call carries a fresh
 * 10-minute Bearer token holding only the grant its method needs, as the SDK does.
 */
export function roomServiceClient(
  config: LiveKitConfig & { fetch: (request: Request) => Promise<Response> },
) {
  const host = config.url.replace(/^ws(s?):\/\//, "http$1://").replace(/\/$/, "");
  async function rpc<T>(method: string, body: Record<string, unknown>, grant: VideoGrant): Promise<T> {
    const access = new AccessToken(config.apiKey, config.apiSecret, { ttl: LIVEKIT_TOKEN_TTL_SECONDS });
    access.addGrant(grant);
    const response = await config.fetch(
      new Request(`${host}/twirp/livekit.RoomService/${method}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${await access.toJwt()}`,
          "content-type": "application/json;charset=UTF-8",
        },
        body: JSON.stringify(body),
      }),
    );
    const answer = (await response.json().catch(() => null)) as (T & { code?: string; msg?: string }) | null;
    if (!response.ok)
      throw new TwirpError(answer?.code ?? "internal", response.status, answer?.msg ?? "unreadable answer");
    return answer as T;
  }
  return {
    createRoom: (
      name: string,
      options: { emptyTimeout?: number; departureTimeout?: number; maxParticipants?: number } = {},
    ) => rpc<Room>("CreateRoom", { name, ...options }, { roomCreate: true }),
    listRooms: async (names?: string[]) =>
      (await rpc<{ rooms?: Room[] }>("ListRooms", names ? { names } : {}, { roomList: true })).rooms ?? [],
    deleteRoom: (room: string) => rpc<object>("DeleteRoom", { room }, { roomCreate: true }),
    listParticipants: async (room: string) =>
      (await rpc<{ participants?: Participant[] }>("ListParticipants", { room }, { roomAdmin: true, room }))
        .participants ?? [],
    removeParticipant: (room: string, identity: string) =>
      rpc<object>("RemoveParticipant", { room, identity }, { roomAdmin: true, room }),
  };
}
