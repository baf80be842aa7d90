import { z } from "zod";
import { Gender, Role } from "../enums";
import { chatMessage } from "../events";
import { messageTextRule } from "../rules";
import { paged, pageQuery, idParam } from "./common";
import { contract } from "./contract";

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

/** PUT /chat/room/{roomId}: the caller's own pin and mute flags for the room. */
export const roomPreferencesBody = z
  .object({
    pinned: z.boolean({ error: "bad-request" }).optional(),
    muted: z.boolean({ error: "bad-request" }).optional(),
  })
  .refine((body) => body.pinned !== undefined || body.muted !== undefined, { message: "empty-request" });
export type RoomPreferencesBody = z.input<typeof roomPreferencesBody>;

export const roomMessagesQuery = pageQuery;

export const roomMember = z.object({
  id: z.number(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  role: z.enum(Role),
  /** So the chat's presence words about the member follow it («متصل/متصلة»); null when not known. */
  gender: z.enum(Gender).nullable().optional(),
  /** The member deleted their account (docs/rules.md, "Your data: deletion"): shown «مستخدم محذوف». */
  erased: z.boolean().optional(),
});
export type RoomMember = z.output<typeof roomMember>;

export const roomLastMessage = z.object({
  sequence: z.number(),
  text: z.string(),
  senderId: z.number().nullable(),
  at: z.string(),
});
export type RoomLastMessage = z.output<typeof roomLastMessage>;

/** One row of GET /chat/list/rooms/{userId}/: pinned rooms first, then the latest message first. */
export const roomView = z.object({
  id: z.number(),
  members: z.array(roomMember),
  lastMessage: roomLastMessage.nullable(),
  unreadCount: z.number(),
  pinned: z.boolean(),
  muted: z.boolean(),
  createdAt: z.string(),
});
export type RoomView = z.output<typeof roomView>;

export const newRoomResponse = z.object({ room: roomView, message: chatMessage });
export type NewRoomResponse = z.output<typeof newRoomResponse>;
export const roomPreferences = z.object({ roomId: z.number(), pinned: z.boolean(), muted: z.boolean() });
export type RoomPreferences = z.output<typeof roomPreferences>;

/** GET /chat/room?members=: the pair's room, or null while they have none (not a 404: no chat yet is ordinary). */
export const roomByMembers = z.object({ room: roomView.nullable() });
export type RoomByMembers = z.output<typeof roomByMembers>;

/** The chat endpoints (worker/routes/chat.ts); the messages themselves travel over the room's socket. */
export const chatContracts = {
  create: contract({
    method: "post",
    path: "/chat/new",
    body: newRoomBody,
    status: 201,
    response: newRoomResponse,
  }),
  rooms: contract({
    method: "get",
    path: "/chat/list/rooms/:id/",
    query: pageQuery,
    params: idParam,
    response: paged(roomView),
  }),
  messages: contract({
    method: "get",
    path: "/chat/list/:id/messages",
    query: roomMessagesQuery,
    params: idParam,
    response: paged(chatMessage),
  }),
  roomByMembers: contract({
    method: "get",
    path: "/chat/room/by/members",
    query: roomByMembersQuery,
    response: roomByMembers,
  }),
  members: contract({
    method: "get",
    path: "/chat/room/members/:id",
    params: idParam,
    response: paged(roomMember),
  }),
  preferences: contract({
    method: "put",
    path: "/chat/room/:id",
    body: roomPreferencesBody,
    params: idParam,
    response: roomPreferences,
  }),
};
