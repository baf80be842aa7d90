import { AccessToken, type VideoGrant } from "livekit-server-sdk";
import { describe, expect, it } from "vitest";
import { RoomMembershipEvent } from "../../schema/enums";
import type { Config, Env } from "../../worker/core/env";
import { readConfig } from "../../worker/core/env";
import { TwirpError } from "../../worker/integrations/livekit";
import { createServices } from "../../worker/integrations";
import { createLiveKitEmulator } from "../../emulators/livekit/app";
import { emulators, localApi } from "../../emulators/local";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { attendance, createLesson } from "./factories-sessions";
import { settle } from "./factories-messaging";

// LiveKit configured to the local emulator: the room service and the webhooks go in-process.
const LIVEKIT = {
  LIVEKIT_URL: "https://dars.test/api/v1/dev/livekit",
  LIVEKIT_API_KEY: "devkey",
  LIVEKIT_API_SECRET: "test-livekit-secret-0123456789",
};
const configured = { ...env, ...LIVEKIT } as Env;
const TWIRP = "/api/v1/dev/livekit/twirp/livekit.RoomService";

const bearer = async (grant: VideoGrant, secret = LIVEKIT.LIVEKIT_API_SECRET) => {
  const token = new AccessToken(LIVEKIT.LIVEKIT_API_KEY, secret, { ttl: 600 });
  token.addGrant(grant);
  return { authorization: `Bearer ${await token.toJwt()}` };
};
const rpc = async (method: string, body: unknown, headers: Record<string, string>) =>
  settle("POST", `${TWIRP}/${method}`, { body, headers, env: LIVEKIT });
const join = (room: string, identity: number) =>
  settle("POST", "/api/v1/dev/livekit/__emu/join", {
    body: { room, identity: String(identity) },
    env: LIVEKIT,
  });
const leave = (room: string, identity: number) =>
  settle("POST", "/api/v1/dev/livekit/__emu/leave", {
    body: { room, identity: String(identity) },
    env: LIVEKIT,
  });

/** The Worker's own room-service client, reaching the emulator in-process. */
const service = () =>
  createServices(readConfig(configured) as Config, configured, undefined, emulators).liveKitRooms()!;

describe("the LiveKit room-service emulator (Twirp)", () => {
  it("creates, lists and deletes rooms with the Room JSON shape", async () => {
    const created = await rpc(
      "CreateRoom",
      { name: "emu-room-1", emptyTimeout: 60 },
      await bearer({ roomCreate: true }),
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: "emu-room-1", emptyTimeout: 60, numParticipants: 0 });
    expect(created.body.sid).toMatch(/^RM_/);
    expect(typeof created.body.creationTime).toBe("string");
    const listed = await rpc("ListRooms", { names: ["emu-room-1"] }, await bearer({ roomList: true }));
    expect(listed.body.rooms.map((room: { name: string }) => room.name)).toEqual(["emu-room-1"]);
    expect(
      (await rpc("DeleteRoom", { room: "emu-room-1" }, await bearer({ roomCreate: true }))).body,
    ).toEqual({});
    expect(
      (await rpc("ListRooms", { names: ["emu-room-1"] }, await bearer({ roomList: true }))).body.rooms,
    ).toEqual([]);
  });

  it("answers Twirp unauthenticated (401) without a token or with one signed by another secret", async () => {
    const missing = await rpc("ListRooms", {}, {});
    const forged = await rpc("ListRooms", {}, await bearer({ roomList: true }, "another-secret-0123456789"));
    expect([missing.status, missing.body.code, forged.status, forged.body.code]).toEqual([
      401,
      "unauthenticated",
      401,
      "unauthenticated",
    ]);
  });

  it("answers permission_denied (403) when the token lacks the method's grant or names another room", async () => {
    const noGrant = await rpc("CreateRoom", { name: "x" }, await bearer({ roomList: true }));
    const otherRoom = await rpc(
      "ListParticipants",
      { room: "a" },
      await bearer({ roomAdmin: true, room: "b" }),
    );
    expect([noGrant.status, noGrant.body.code, otherRoom.status, otherRoom.body.code]).toEqual([
      403,
      "permission_denied",
      403,
      "permission_denied",
    ]);
  });

  it("answers not_found (404) for an unknown room", async () => {
    const response = await rpc(
      "ListParticipants",
      { room: "nowhere" },
      await bearer({ roomAdmin: true, room: "nowhere" }),
    );
    expect([response.status, response.body.code]).toEqual([404, "not_found"]);
    await expect(service().deleteRoom("nowhere")).rejects.toMatchObject({
      code: "not_found",
      httpStatus: 404,
    });
  });
});

describe("emulated joins and leaves reach our webhook, signed", () => {
  it("records a join and a leave of a lesson's member in the attendance log", async () => {
    const { sessionId, student } = await createLesson({ minutesFromNow: 1 });
    const joined = await join(sessionId, student.id);
    // room_started (ignored by us, 200) then participant_joined (recorded).
    expect(joined.body.webhookStatuses).toEqual([200, 200]);
    expect(await service().listParticipants(sessionId)).toMatchObject([
      { identity: String(student.id), state: "ACTIVE" },
    ]);
    expect((await leave(sessionId, student.id)).body.webhookStatuses).toEqual([200]);
    expect((await attendance(sessionId)).map((entry) => [entry.userId, entry.event])).toEqual([
      [student.id, RoomMembershipEvent.UserJoined],
      [student.id, RoomMembershipEvent.UserLeft],
    ]);
  });

  it("records a leave when the Worker removes a participant", async () => {
    const { sessionId, tutor } = await createLesson({ minutesFromNow: 1 });
    await join(sessionId, tutor.id);
    await service().removeParticipant(sessionId, String(tutor.id));
    expect(await service().listParticipants(sessionId)).toEqual([]);
    expect((await attendance(sessionId)).map((entry) => entry.event)).toEqual([
      RoomMembershipEvent.UserJoined,
      RoomMembershipEvent.UserLeft,
    ]);
  });

  it("is refused by our webhook when the emulator signs with another secret", async () => {
    const { sessionId, student } = await createLesson({ minutesFromNow: 1 });
    // An emulator holding a different secret than the Worker's configuration.
    const ctx = createExecutionContext();
    const stranger = createLiveKitEmulator({
      apiKey: LIVEKIT.LIVEKIT_API_KEY,
      apiSecret: "a-different-secret-0123456789",
      webhookUrl: "https://dars.test/api/v1/session/livekit/webhook",
      deliver: async (request) => localApi(request, configured, ctx),
    });
    const joined = await stranger.fetch(
      new Request("https://dars.test/api/v1/dev/livekit/__emu/join", {
        method: "POST",
        body: JSON.stringify({ room: sessionId, identity: String(student.id) }),
      }),
    );
    await waitOnExecutionContext(ctx);
    expect(((await joined.json()) as { webhookStatuses: number[] }).webhookStatuses).toEqual([401, 401]);
    expect(await attendance(sessionId)).toEqual([]);
  });
});

describe("the Worker closes a lesson's room when the lesson is cancelled by an absence report", () => {
  it("deletes the LiveKit room, disconnecting the student (participant_left recorded)", async () => {
    const { sessionId, student } = await createLesson({ minutesFromNow: -5 });
    await join(sessionId, student.id);
    const report = await settle("POST", `/api/v1/session/${sessionId}/report-absence`, {
      token: student.token,
      env: LIVEKIT,
    });
    expect(report.status).toBe(200);
    expect((await service().listRooms([sessionId])).length).toBe(0);
    expect((await attendance(sessionId)).map((entry) => entry.event)).toEqual([
      RoomMembershipEvent.UserJoined,
      RoomMembershipEvent.UserLeft,
    ]);
  });

  it("answers the report even when there is no room to close", async () => {
    const { sessionId, student } = await createLesson({ minutesFromNow: -5 });
    const report = await settle("POST", `/api/v1/session/${sessionId}/report-absence`, {
      token: student.token,
      env: LIVEKIT,
    });
    expect(report.status).toBe(200);
    await expect(service().listParticipants(sessionId)).rejects.toBeInstanceOf(TwirpError);
  });
});
