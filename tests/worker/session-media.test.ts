import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { emulators } from "../../emulators/local";
import { createApp } from "../../worker/app";
import { readConfig, type Env } from "../../worker/core/env";
import { callContract, ORIGIN } from "./helpers";
import { attendance, createLesson, createUser, openRoom, send } from "./factories-sessions";
import { sessionContracts } from "../../schema/api/session";

const TURN = {
  urls: ["turn:turn.dars.test:3478?transport=udp", "turns:turn.dars.test:5349"],
  username: "dars",
  credential: "turn-secret-do-not-leak",
};
const STUN = { urls: "stun:stun.dars.test:3478" };
const ICE_SERVERS = JSON.stringify([STUN, TURN]);
const app = createApp(emulators);

/** GET /session/{id} with other configuration than the test env's. */
async function viewWith(overrides: Partial<Env>, sessionId: string, token: string) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}/api/v1/session/${sessionId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const response = await app.fetch(request, { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return {
    status: response.status,
    body: (await response.json()) as { media: { liveKit: boolean; iceServers: unknown[] } },
  };
}

describe("ICE_SERVERS configuration", () => {
  it("reads a JSON list of STUN and TURN servers, and none when unset", () => {
    expect(readConfig({ ...env, ICE_SERVERS: ICE_SERVERS } as Env).ICE_SERVERS).toEqual([STUN, TURN]);
    expect(readConfig({ ...env, ICE_SERVERS: undefined } as Env).ICE_SERVERS).toEqual([]);
    expect(readConfig({ ...env, ICE_SERVERS: "" } as Env).ICE_SERVERS).toEqual([]);
  });

  it("refuses bad JSON, a URL that is not stun/turn and a TURN server without credentials, naming ICE_SERVERS", () => {
    expect(() => readConfig({ ...env, ICE_SERVERS: "[{urls:" } as Env)).toThrow(/ICE_SERVERS/);
    expect(() =>
      readConfig({ ...env, ICE_SERVERS: JSON.stringify([{ urls: "https://turn.dars.test" }]) } as Env),
    ).toThrow(/ICE_SERVERS/);
    expect(() =>
      readConfig({ ...env, ICE_SERVERS: JSON.stringify([{ urls: "turn:turn.dars.test" }]) } as Env),
    ).toThrow(/username and a credential/);
    expect(() => readConfig({ ...env, ICE_SERVERS: JSON.stringify({ urls: "stun:x" }) } as Env)).toThrow(
      /ICE_SERVERS/,
    );
  });

  it("never repeats the credential in its refusal", () => {
    const bad = JSON.stringify([{ ...TURN, urls: "http://turn.dars.test" }]);
    let message = "";
    try {
      readConfig({ ...env, ICE_SERVERS: bad } as Env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/ICE_SERVERS/);
    expect(message).not.toContain(TURN.credential);
  });

  it("refuses LiveKit half configured", () => {
    expect(() => readConfig({ ...env, LIVEKIT_URL: "wss://livekit.dars.test" } as Env)).toThrow(
      /LIVEKIT_URL/,
    );
  });
});

describe("GET /session/{id} media", () => {
  it("gives the ICE servers, TURN credentials included, to the session's members", async () => {
    const { sessionId, student, tutor } = await createLesson({ minutesFromNow: 5 });
    for (const member of [student, tutor]) {
      const response = await viewWith({ ICE_SERVERS }, sessionId, member.token);
      expect(response.status).toBe(200);
      expect(response.body.media).toEqual({ liveKit: false, iceServers: [STUN, TURN] });
    }
  });

  it("gives staff who are not members no ICE servers", async () => {
    const { sessionId } = await createLesson({ minutesFromNow: 5 });
    const admin = await createUser(Role.SuperAdmin);
    const response = await viewWith({ ICE_SERVERS }, sessionId, admin.token);
    expect(response.status).toBe(200);
    expect(response.body.media).toEqual({ liveKit: false, iceServers: [] });
    expect(JSON.stringify(response.body)).not.toContain(TURN.credential);
  });

  it("has no ICE servers by default (loopback) and says when LiveKit is configured", async () => {
    const { sessionId, student } = await createLesson({ minutesFromNow: 5 });
    expect(
      (await callContract(sessionContracts.get, { params: { id: sessionId }, token: student.token })).body
        .media,
    ).toEqual({
      liveKit: false,
      iceServers: [],
    });
    const liveKit = {
      LIVEKIT_URL: "wss://livekit.dars.test",
      LIVEKIT_API_KEY: "devkey",
      LIVEKIT_API_SECRET: "test-livekit-secret-0123456789",
    };
    expect((await viewWith(liveKit, sessionId, student.token)).body.media.liveKit).toBe(true);
  });
});

describe("the session room with LiveKit configured", () => {
  it("keeps presence and toggles but leaves the attendance log to LiveKit's webhooks (no doubles)", async () => {
    const { sessionId, student, tutor } = await createLesson({ minutesFromNow: 0 });
    const tutorRoom = await openRoom(sessionId, tutor);
    // The room object's own configuration, as a deployment with LiveKit would have it.
    await runInDurableObject(env.SESSION_ROOM.getByName(sessionId), (room) => {
      (room as unknown as { env: Env }).env = {
        ...env,
        LIVEKIT_URL: "wss://livekit.dars.test",
        LIVEKIT_API_KEY: "devkey",
        LIVEKIT_API_SECRET: "s",
      } as Env;
    });
    const studentRoom = await openRoom(sessionId, student);
    expect(
      (await send(studentRoom, { type: "JoinSession", payload: { camera: true, mic: false } })).result,
    ).toBe("ok");
    expect(await tutorRoom.next("UserJoinedSession")).toMatchObject({
      userId: student.id,
      camera: true,
      mic: false,
    });
    await send(studentRoom, { type: "LeaveSession" });
    expect(await tutorRoom.next("UserLeftSession")).toMatchObject({ userId: student.id });
    expect(await attendance(sessionId)).toEqual([]);
    studentRoom.close();
    tutorRoom.close();
  });
});
