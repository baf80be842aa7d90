// The local LiveKit room-service emulator (docs/services.md §2.5), for tests and local runs pointed
// at it (LIVEKIT_URL = <origin>/api/v1/dev/livekit). No media: it implements
// POST /twirp/livekit.RoomService/{CreateRoom,ListRooms,DeleteRoom,ListParticipants,RemoveParticipant}
// over in-memory rooms, checks the Bearer JWT and its grants with the SDK's TokenVerifier, and its
// hooks /__emu/join and /__emu/leave stand in for a browser joining or leaving: they emit the
// webhook events LiveKit would (room_started, participant_joined, participant_left,
// room_finished), signed as LiveKit signs them (bare JWT with the body's sha256), to our webhook.
import { Hono, type Context } from "hono";
import { AccessToken, TokenVerifier, type VideoGrant } from "livekit-server-sdk";
import type { Participant, Room } from "../../worker/integrations/livekit";
import { EMULATOR_PATHS } from "../../worker/integrations/emulated";

export const LIVEKIT_EMULATOR_BASE = EMULATOR_PATHS.livekit;

export type LiveKitEmulatorOptions = {
  apiKey: string;
  apiSecret: string;
  /** Our webhook (POST /api/v1/session/livekit/webhook). */
  webhookUrl: string;
  deliver: (request: Request) => Promise<Response>;
};

type LiveRoom = Room & { participants: Map<string, Participant> };

/** In-memory rooms per API key, shared by every emulator instance of this isolate. */
const roomsByKey = new Map<string, Map<string, LiveRoom>>();

const seconds = () => Math.floor(Date.now() / 1000);
const sid = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
const publicRoom = ({ participants, ...room }: LiveRoom): Room => ({
  ...room,
  numParticipants: participants.size,
});

/** The grant each method needs (§2.3). */
const needs: Record<string, (grant: VideoGrant, body: { room?: string }) => boolean> = {
  CreateRoom: (g) => g.roomCreate === true,
  DeleteRoom: (g) => g.roomCreate === true,
  ListRooms: (g) => g.roomList === true,
  ListParticipants: (g, body) => g.roomAdmin === true && g.room === body.room,
  RemoveParticipant: (g, body) => g.roomAdmin === true && g.room === body.room,
};

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

export function createLiveKitEmulator(options: LiveKitEmulatorOptions) {
  const rooms = roomsByKey.get(options.apiKey) ?? new Map<string, LiveRoom>();
  roomsByKey.set(options.apiKey, rooms);
  const app = new Hono().basePath(LIVEKIT_EMULATOR_BASE);
  const twirp = (c: Context, code: string, status: number, msg: string) =>
    c.json({ code, msg }, status as 400);

  /** Signs and posts one webhook event; answers our webhook's HTTP status. */
  async function emit(event: string, room: LiveRoom, participant?: Participant): Promise<number> {
    const body = JSON.stringify({
      event,
      room: publicRoom(room),
      ...(participant ? { participant } : {}),
      id: sid("EV"),
      createdAt: String(seconds()),
    });
    const signer = new AccessToken(options.apiKey, options.apiSecret);
    signer.sha256 = await sha256Base64(body);
    const response = await options.deliver(
      new Request(options.webhookUrl, {
        method: "POST",
        headers: { authorization: await signer.toJwt(), "content-type": "application/webhook+json" },
        body,
      }),
    );
    return response.status;
  }

  function openRoom(
    name: string,
    settings: {
      emptyTimeout?: number;
      departureTimeout?: number;
      maxParticipants?: number;
      metadata?: string;
    } = {},
  ): { room: LiveRoom; created: boolean } {
    const existing = rooms.get(name);
    if (existing) return { room: existing, created: false };
    const room: LiveRoom = {
      sid: sid("RM"),
      name,
      emptyTimeout: settings.emptyTimeout ?? 300,
      departureTimeout: settings.departureTimeout ?? 20,
      maxParticipants: settings.maxParticipants ?? 0,
      creationTime: String(seconds()),
      metadata: settings.metadata ?? "",
      numParticipants: 0,
      numPublishers: 0,
      activeRecording: false,
      participants: new Map(),
    };
    rooms.set(name, room);
    return { room, created: true };
  }

  async function leave(room: LiveRoom, identity: string): Promise<number | null> {
    const participant = room.participants.get(identity);
    if (!participant) return null;
    room.participants.delete(identity);
    return emit("participant_left", room, { ...participant, state: "DISCONNECTED" });
  }

  app.post("/twirp/livekit.RoomService/:method", async (c) => {
    const method = c.req.param("method");
    const header = c.req.header("authorization") ?? "";
    if (!header.startsWith("Bearer "))
      return twirp(c, "unauthenticated", 401, "authorization header missing or not Bearer");
    let grant: VideoGrant;
    try {
      grant =
        (await new TokenVerifier(options.apiKey, options.apiSecret).verify(header.slice(7))).video ?? {};
    } catch {
      return twirp(c, "unauthenticated", 401, "invalid token");
    }
    const body = (await c.req.json().catch(() => ({}))) as {
      name?: string;
      room?: string;
      identity?: string;
      names?: string[];
      emptyTimeout?: number;
      departureTimeout?: number;
      maxParticipants?: number;
      metadata?: string;
    };
    const allowed = needs[method];
    if (!allowed)
      return twirp(c, "bad_route", 404, `no handler for path "/twirp/livekit.RoomService/${method}"`);
    if (!allowed(grant, body)) return twirp(c, "permission_denied", 403, "permissions denied");
    switch (method) {
      case "CreateRoom": {
        if (!body.name) return twirp(c, "invalid_argument", 400, "room name is required");
        return c.json(publicRoom(openRoom(body.name, body).room));
      }
      case "ListRooms": {
        const list = [...rooms.values()].filter(
          (room) => !body.names?.length || body.names.includes(room.name),
        );
        return c.json({ rooms: list.map(publicRoom) });
      }
      case "DeleteRoom": {
        const room = rooms.get(body.room ?? "");
        if (!room) return twirp(c, "not_found", 404, "requested room does not exist");
        for (const identity of room.participants.keys()) await leave(room, identity);
        rooms.delete(room.name);
        await emit("room_finished", room);
        return c.json({});
      }
      case "ListParticipants": {
        const room = rooms.get(body.room ?? "");
        if (!room) return twirp(c, "not_found", 404, "requested room does not exist");
        return c.json({ participants: [...room.participants.values()] });
      }
      default: {
        // RemoveParticipant
        const room = rooms.get(body.room ?? "");
        if (!room || !room.participants.has(body.identity ?? ""))
          return twirp(c, "not_found", 404, "participant not found");
        await leave(room, body.identity!);
        return c.json({});
      }
    }
  });

  // ---- test hooks: a browser joining or leaving --------------------------------------------------

  app.post("/__emu/join", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as {
      room?: string;
      identity?: string;
      name?: string;
    };
    if (!body.room || !body.identity) return c.json({ error: "room and identity are required" }, 400);
    const { room, created } = openRoom(body.room);
    const webhookStatuses: number[] = [];
    if (created) webhookStatuses.push(await emit("room_started", room));
    if (room.maxParticipants > 0 && room.participants.size >= room.maxParticipants)
      return c.json({ error: "room is full" }, 409);
    const participant: Participant = {
      sid: sid("PA"),
      identity: body.identity,
      name: body.name ?? "",
      state: "ACTIVE",
      joinedAt: String(seconds()),
      metadata: "",
    };
    room.participants.set(body.identity, participant);
    webhookStatuses.push(await emit("participant_joined", room, participant));
    return c.json({ participant, webhookStatuses });
  });

  app.post("/__emu/leave", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { room?: string; identity?: string };
    const room = rooms.get(body.room ?? "");
    const status = room ? await leave(room, body.identity ?? "") : null;
    if (status === null) return c.json({ error: "participant not found" }, 404);
    return c.json({ webhookStatuses: [status] });
  });

  return app;
}
