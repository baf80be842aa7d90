import { z } from "zod";
import type { Role } from "../enums";
import type { ChatMessage } from "../events";
import { messageTextRule } from "../rules";
import { pageQuery } from "./common";

const userId = z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request");

/** POST /chat/new: start a one-to-one room with a user and send the first message. */
export const newRoomBody = z.object({ userId, message: messageTextRule });
export type NewRoomBody = z.input<typeof newRoomBody>;

/** GET /chat/room/by/members?members=1,2 — the room of exactly these two users. */
export const roomByMembersQuery = z.object({
  members: z
    .string({ error: "bad-request" })
    .transform((value) => value.split(",").map((part) => Number(part.trim())))
    .pipe(z.array(z.number().int("bad-request").positive("bad-request")).length(2, "bad-request")),
});
/** Its answer: the pair's room, or null while they have none (not a 404: no chat yet is ordinary). */
export type RoomByMembers = { room: RoomView | null };

/** PUT /chat/room/{roomId}: the caller's own pin and mute flags for the room. */
export const roomPreferencesBody = z
  .object({ pinned: z.boolean({ error: "bad-request" }).optional(), muted: z.boolean({ error: "bad-request" }).optional() })
  .refine((body) => body.pinned !== undefined || body.muted !== undefined, { message: "empty-request" });
export type RoomPreferencesBody = z.input<typeof roomPreferencesBody>;

export const roomMessagesQuery = pageQuery;

export type RoomMember = { id: number; name: string | null; image: string | null; role: Role };

export type RoomLastMessage = { sequence: number; text: string; senderId: number | null; at: string };

/** One row of GET /chat/list/rooms/{userId}/: pinned rooms first, then the latest message first. */
export type RoomView = {
  id: number;
  members: RoomMember[];
  lastMessage: RoomLastMessage | null;
  unreadCount: number;
  pinned: boolean;
  muted: boolean;
  createdAt: string;
};

export type NewRoomResponse = { room: RoomView; message: ChatMessage };
export type RoomPreferences = { roomId: number; pinned: boolean; muted: boolean };
