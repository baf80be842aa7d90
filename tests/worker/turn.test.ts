import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../schema/enums";
import { emulators } from "../../emulators/local";
import { createApp } from "../../worker/app";
import { turnEmulator } from "../../emulators/turn";
import { readConfig, type Env } from "../../worker/core/env";
import { TURN_MIN_TTL_SECONDS, TURN_TTL_MARGIN_SECONDS, turnTtl } from "../../worker/integrations/turn-ttl";
import { createLesson, createUser } from "./factories-sessions";
import { ORIGIN } from "./helpers";

const STUN = { urls: "stun:stun.dars.test:3478" };
const KEYS = { TURN_KEY_ID: "turn-key-id-1", TURN_KEY_API_TOKEN: "turn-api-token-do-not-leak" };
const API = "https://turn-api.dars.test/v1";
const app = createApp(emulators);

type Media = {
  liveKit: boolean;
  iceServers: Array<{ urls: string | string[]; username?: string; credential?: string }>;
};

async function viewWith(overrides: Partial<Env>, sessionId: string, token: string) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}/api/v1/session/${sessionId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const response = await app.fetch(request, { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return { status: response.status, body: (await response.json()) as { code?: string; media: Media } };
}

/** Cloudflare's TURN API stand-in: records each request and answers with fresh credentials. */
function turnApi(status = 201) {
  const requests: Array<{
    url: string;
    method: string;
    authorization: string | null;
    contentType: string | null;
    body: { ttl: number };
  }> = [];
  let minted = 0;
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(API)) return realFetch(input, init);
    requests.push({
      url: request.url,
      method: request.method,
      authorization: request.headers.get("authorization"),
      contentType: request.headers.get("content-type"),
      body: (await request.json()) as { ttl: number },
    });
    minted += 1;
    if (status !== 201) return Response.json({ error: "nope" }, { status });
    return Response.json(
      {
        iceServers: [
          { urls: ["stun:stun.cloudflare.com:3478"] },
          {
            urls: ["turn:turn.cloudflare.com:3478?transport=udp"],
            username: `user-${minted}`,
            credential: `cred-${minted}`,
          },
        ],
      },
      { status: 201 },
    );
  });
  return requests;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("TURN credentials for a session's members (Cloudflare Realtime TURN)", () => {
  it("mints each member's own credentials through the TURN API, with a ttl until the session's end", async () => {
    const requests = turnApi();
    const { sessionId, student, tutor, end } = await createLesson({ minutesFromNow: 5, duration: 30 });
    const config = { ...KEYS, TURN_API_URL: API, ICE_SERVERS: JSON.stringify([STUN]) };
    const before = Date.now();
    const forStudent = await viewWith(config, sessionId, student.token);
    const forTutor = await viewWith(config, sessionId, tutor.token);
    const after = Date.now();

    expect(forStudent.status).toBe(200);
    expect(forStudent.body.media.iceServers).toEqual([
      STUN,
      { urls: ["stun:stun.cloudflare.com:3478"] },
      { urls: ["turn:turn.cloudflare.com:3478?transport=udp"], username: "user-1", credential: "cred-1" },
    ]);
    expect(forTutor.body.media.iceServers.at(-1)).toMatchObject({ username: "user-2", credential: "cred-2" });
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.url).toBe(`${API}/turn/keys/${KEYS.TURN_KEY_ID}/credentials/generate-ice-servers`);
      expect(request.method).toBe("POST");
      expect(request.authorization).toBe(`Bearer ${KEYS.TURN_KEY_API_TOKEN}`);
      expect(request.contentType).toBe("application/json");
      // Seconds until the end (35 minutes from creation) plus the margin.
      expect(request.body.ttl).toBeGreaterThanOrEqual(
        Math.floor((end.getTime() - after) / 1000) + TURN_TTL_MARGIN_SECONDS,
      );
      expect(request.body.ttl).toBeLessThanOrEqual(
        Math.ceil((end.getTime() - before) / 1000) + TURN_TTL_MARGIN_SECONDS,
      );
    }
    expect(JSON.stringify(forStudent.body)).not.toContain(KEYS.TURN_KEY_API_TOKEN);
  });

  it("locally without TURN_API_URL, the emulator answers the same shape with a credential expiring at the session's end", async () => {
    const { sessionId, student, end } = await createLesson({ minutesFromNow: 0, duration: 15 });
    const { body } = await viewWith(KEYS, sessionId, student.token);
    const turn = body.media.iceServers.find((server) =>
      [server.urls].flat().some((url) => url.startsWith("turn:")),
    );
    expect(turn).toMatchObject({
      username: expect.stringMatching(/^\d+:turn-key-id-1$/),
      credential: expect.any(String),
    });
    const expires = Number(turn!.username!.split(":")[0]) * 1000;
    expect(Math.abs(expires - (end.getTime() + TURN_TTL_MARGIN_SECONDS * 1000))).toBeLessThan(5_000);
  });

  it("refuses a signed-in user who is not a member (forbidden) and gives staff who only read the session no TURN; nothing is minted for either", async () => {
    const requests = turnApi();
    const { sessionId } = await createLesson({ minutesFromNow: 5 });
    const outsider = await createUser(Role.Student);
    const refused = await viewWith({ ...KEYS, TURN_API_URL: API }, sessionId, outsider.token);
    expect([refused.status, refused.body.code]).toEqual([403, "forbidden"]);
    const admin = await createUser(Role.SuperAdmin);
    const staff = await viewWith({ ...KEYS, TURN_API_URL: API }, sessionId, admin.token);
    expect(staff.status).toBe(200);
    expect(staff.body.media.iceServers).toEqual([]);
    expect(requests).toHaveLength(0);
  });

  it("mints nothing once the session has ended or when it was cancelled: members get ICE_SERVERS only", async () => {
    const requests = turnApi();
    const config = { ...KEYS, TURN_API_URL: API, ICE_SERVERS: JSON.stringify([STUN]) };
    const ended = await createLesson({ minutesFromNow: -45, duration: 30 });
    expect((await viewWith(config, ended.sessionId, ended.student.token)).body.media.iceServers).toEqual([
      STUN,
    ]);
    const canceled = await createLesson({ minutesFromNow: 5, canceled: true });
    expect(
      (await viewWith(config, canceled.sessionId, canceled.student.token)).body.media.iceServers,
    ).toEqual([STUN]);
    expect(requests).toHaveLength(0);
  });

  it("keeps ICE_SERVERS without TURN keys, and falls back to them when the TURN API fails", async () => {
    const { sessionId, student } = await createLesson({ minutesFromNow: 5 });
    const requests = turnApi(500);
    expect(
      (await viewWith({ ICE_SERVERS: JSON.stringify([STUN]), TURN_API_URL: API }, sessionId, student.token))
        .body.media.iceServers,
    ).toEqual([STUN]);
    expect(requests).toHaveLength(0);
    const failed = await viewWith(
      { ...KEYS, TURN_API_URL: API, ICE_SERVERS: JSON.stringify([STUN]) },
      sessionId,
      student.token,
    );
    expect([failed.status, failed.body.media.iceServers]).toEqual([200, [STUN]]);
    expect(requests).toHaveLength(1);
  });
});

describe("TURN credential lifetime and configuration", () => {
  it("lasts until the end plus a margin, at least a minute, and is not minted after the end", () => {
    const now = new Date("2026-11-25T10:00:00.000Z");
    expect(turnTtl("2026-11-25T10:30:00.000Z", now)).toBe(30 * 60 + TURN_TTL_MARGIN_SECONDS);
    expect(turnTtl("2026-11-25T10:00:01.000Z", now)).toBe(1 + TURN_TTL_MARGIN_SECONDS);
    expect(turnTtl("2026-11-25T10:00:00.000Z", now)).toBeNull();
    expect(turnTtl("2026-11-25T09:00:00.000Z", now)).toBeNull();
    expect(turnTtl("2026-12-25T10:00:00.000Z", now)).toBe(172_800);
    expect(TURN_MIN_TTL_SECONDS).toBe(60);
  });

  it("refuses a TURN key id without its API token, naming it", () => {
    expect(() => readConfig({ ...env, TURN_KEY_ID: "only-the-id" } as Env)).toThrow(/TURN_KEY_API_TOKEN/);
  });

  it("the emulator refuses a request without a bearer token or with a bad ttl, as the API does", async () => {
    const url = "http://emulator.local/turn/v1/turn/keys/k/credentials/generate-ice-servers";
    expect(
      (await turnEmulator(new Request(url, { method: "POST", body: JSON.stringify({ ttl: 60 }) }))).status,
    ).toBe(401);
    expect(
      (
        await turnEmulator(
          new Request(url, {
            method: "POST",
            headers: { authorization: "Bearer t" },
            body: JSON.stringify({ ttl: 0 }),
          }),
        )
      ).status,
    ).toBe(400);
    const ok = await turnEmulator(
      new Request(url, {
        method: "POST",
        headers: { authorization: "Bearer t" },
        body: JSON.stringify({ ttl: 120 }),
      }),
    );
    expect(ok.status).toBe(201);
  });
});
