import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { verify } from "hono/jwt";
import { AccessToken } from "livekit-server-sdk";
import { describe, expect, it } from "vitest";
import { emulators } from "../../emulators/local";
import { createApp } from "../../worker/app";
import { callContract, ORIGIN } from "./helpers";
import { attendance, createLesson, createStudent } from "./factories-sessions";
import { sessionContracts } from "../../schema/api/session";

const LIVEKIT = {
  LIVEKIT_URL: "wss://livekit.dars.test",
  LIVEKIT_API_KEY: "devkey",
  LIVEKIT_API_SECRET: "test-livekit-secret-0123456789",
};
const configured = { ...env, ...LIVEKIT };
const app = createApp(emulators);

/** Calls the API with LiveKit configured (the test env itself has none). */
async function callWithLiveKit(
  method: string,
  path: string,
  init: { token?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const ctx = createExecutionContext();
  const response = await app.fetch(
    new Request(ORIGIN + path, { method, headers, body: init.body }),
    configured,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: response.status, body: (await response.json()) as any };
}

/** base64(SHA-256(text)), the webhook token's `sha256` claim. */
async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

/** A webhook as LiveKit sends it (signed by the SDK): the bare JWT in Authorization with the body's SHA-256. */
async function webhook(body: string, options: { secret?: string; hashOf?: string } = {}) {
  const signer = new AccessToken(LIVEKIT.LIVEKIT_API_KEY, options.secret ?? LIVEKIT.LIVEKIT_API_SECRET);
  signer.sha256 = await sha256Base64(options.hashOf ?? body);
  const jwt = await signer.toJwt();
  return callWithLiveKit("POST", "/api/v1/session/livekit/webhook", {
    body,
    headers: { authorization: jwt, "content-type": "application/webhook+json" },
  });
}

const event = (name: string, room: string, identity: number, createdAt: number) =>
  JSON.stringify({
    event: name,
    id: `EV_${name}_${identity}_${createdAt}`,
    createdAt: String(createdAt),
    room: { name: room },
    participant: { identity: String(identity) },
  });

describe("GET /session/token", () => {
  it("mints a 10-minute LiveKit token: identity = user id, room = session id, join/publish/subscribe", async () => {
    const { sessionId, student } = await createLesson({ minutesFromNow: 5 });
    const response = await callWithLiveKit("GET", `/api/v1/session/token?sessionId=${sessionId}`, {
      token: student.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      url: LIVEKIT.LIVEKIT_URL,
      room: sessionId,
      identity: String(student.id),
    });
    // Signed by livekit-server-sdk: its header is {"alg":"HS256"} with no typ (docs/services.md §2.1).
    expect(JSON.parse(atob(response.body.token.split(".")[0]))).toEqual({ alg: "HS256" });
    const claims = await verify(response.body.token, LIVEKIT.LIVEKIT_API_SECRET, "HS256");
    expect(claims).toMatchObject({
      iss: "devkey",
      sub: String(student.id),
      video: { roomJoin: true, room: sessionId, canPublish: true, canSubscribe: true },
    });
    expect((claims.exp as number) - (claims.nbf as number)).toBe(600);
    expect(new Date((claims.exp as number) * 1000).toISOString()).toBe(response.body.expiresAt);
    await expect(verify(response.body.token, "another-secret", "HS256")).rejects.toThrow();
  });

  it("answers service-unavailable without LiveKit configuration, so the client uses peer-to-peer", async () => {
    const { sessionId, tutor } = await createLesson({ minutesFromNow: 5 });
    const response = await callContract(sessionContracts.token, { query: { sessionId }, token: tutor.token });
    expect([response.status, response.body.code]).toEqual([503, "service-unavailable"]);
  });

  it("refuses a stranger, a closed room, an unknown session and a malformed id", async () => {
    const { sessionId } = await createLesson({ minutesFromNow: 5 });
    const stranger = await createStudent();
    expect(
      (
        await callWithLiveKit("GET", `/api/v1/session/token?sessionId=${sessionId}`, {
          token: stranger.token,
        })
      ).body.code,
    ).toBe("forbidden");
    const later = await createLesson({ minutesFromNow: 60 });
    expect(
      (
        await callWithLiveKit("GET", `/api/v1/session/token?sessionId=${later.sessionId}`, {
          token: later.student.token,
        })
      ).body.code,
    ).toBe("illegal");
    expect(
      (
        await callWithLiveKit("GET", "/api/v1/session/token?sessionId=lesson:999999", {
          token: stranger.token,
        })
      ).body.code,
    ).toBe("session-not-found");
    expect(
      (await callWithLiveKit("GET", "/api/v1/session/token?sessionId=room:1", { token: stranger.token })).body
        .code,
    ).toBe("bad-request");
  });
});

describe("POST /session/livekit/webhook", () => {
  it("records participant_joined and participant_left from a signed body in the attendance log, once per delivery", async () => {
    const { sessionId, tutor } = await createLesson({ minutesFromNow: 0 });
    const joinedAt = Math.floor(Date.now() / 1000);
    const joined = event("participant_joined", sessionId, tutor.id, joinedAt);
    expect(await webhook(joined)).toEqual({ status: 200, body: { recorded: true } });
    expect((await webhook(joined)).status).toBe(200); // a redelivery
    expect((await webhook(event("participant_left", sessionId, tutor.id, joinedAt + 60))).body).toEqual({
      recorded: true,
    });
    expect(await attendance(sessionId)).toEqual([
      { userId: tutor.id, event: 1, at: new Date(joinedAt * 1000).toISOString() },
      { userId: tutor.id, event: 2, at: new Date((joinedAt + 60) * 1000).toISOString() },
    ]);
  });

  it("refuses a tampered body, a wrong secret and a missing signature, and records nothing", async () => {
    const { sessionId, tutor } = await createLesson({ minutesFromNow: 0 });
    const signed = event("participant_joined", sessionId, tutor.id, 1_700_000_000);
    const tampered = signed.replace(String(tutor.id), String(tutor.id + 1));
    expect(await webhook(tampered, { hashOf: signed })).toMatchObject({
      status: 401,
      body: { code: "unauthenticated" },
    });
    expect((await webhook(signed, { secret: "not-the-secret" })).status).toBe(401);
    const unsigned = await callWithLiveKit("POST", "/api/v1/session/livekit/webhook", { body: signed });
    expect(unsigned.status).toBe(401);
    expect(await attendance(sessionId)).toEqual([]);
  });

  it("ignores events for other rooms and non-members, and answers service-unavailable without configuration", async () => {
    const { sessionId } = await createLesson({ minutesFromNow: 0 });
    const stranger = await createStudent();
    expect((await webhook(event("participant_joined", sessionId, stranger.id, 1_700_000_000))).body).toEqual({
      recorded: false,
    });
    expect((await webhook(event("room_started", sessionId, 0, 1_700_000_000))).body).toEqual({
      recorded: false,
    });
    expect(await attendance(sessionId)).toEqual([]);
    expect((await callContract(sessionContracts.livekitWebhook, { raw: "{}" })).body.code).toBe(
      "service-unavailable",
    );
  });
});
