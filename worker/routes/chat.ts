import { type NewRoomResponse, type RoomByMembers, chatContracts } from "../../schema/api/chat";
import { Role } from "../../schema/enums";
import type { RoomOutcome } from "../../durable-objects/chat-room";
import { chatRoom as chatRoomStub } from "../../durable-objects/clients";
import {
  findRoomIdByPair,
  findRoomView,
  listRoomsOf,
  openRoom,
  recordLastMessage,
  refuseNewRoom,
  requireRoomMember,
  roomMembers,
  setRoomPreferences,
} from "../domain/chat/chat";
import { findUserById } from "../domain/identity/users";
import type { AppContext } from "../http/context";
import { fail } from "../core/failure";
import { route } from "../http/route";

/** docs/rules.md, Chat: students, tutors and tutor managers chat; staff-only roles do not. */
const chatters: readonly Role[] = [Role.Student, Role.Tutor, Role.TutorManager];

const chatRoom = (c: AppContext, roomId: number) => chatRoomStub(c.env, roomId);

/** A room refusal from the object becomes the REST catalogue answer. */
function failOutcome(outcome: Pick<RoomOutcome, "result" | "code">): never {
  if (outcome.code) fail(outcome.code);
  if (outcome.result === "not-member") fail("not-room-member");
  if (outcome.result === "room-not-found") fail("room-not-found");
  return fail("unexpected");
}

export const chatRoutes = [
  route(chatContracts.create, {
    access: chatters,
    summary:
      "Start a one-to-one room with a user and send the first message (room-exists if the pair has one).",
    async handle({ c, body, user }): Promise<NewRoomResponse> {
      const db = c.get("db");
      const other = await findUserById(db, body.userId);
      if (!other) fail("user-not-found");
      const refusal = refuseNewRoom(user, other);
      if (refusal) fail(refusal);
      const { roomId, created } = await openRoom(db, user.id, other.id);
      if (!created) fail("room-exists");
      const outcome = await chatRoom(c, roomId).send(user.id, body.message);
      if (outcome.result !== "ok" || !outcome.message) failOutcome(outcome);
      // The room writes its D1 summary after its ack; the new room's answer needs it now.
      await recordLastMessage(db, outcome.message, {
        firstSenderId: user.id,
        firstAt: outcome.message.createdAt,
        reply: null,
      });
      const room = await findRoomView(db, roomId, user.id, 0);
      return { room: room!, message: outcome.message };
    },
  }),
  route(chatContracts.rooms, {
    access: chatters,
    summary:
      "The user's own rooms with last message, unread count, pinned and muted; pinned first, then latest.",
    async handle({ c, params, query, user }) {
      if (params.id !== user.id) fail("forbidden");
      return listRoomsOf(c.get("db"), user.id, query, (roomId) => chatRoom(c, roomId).unreadCount(user.id));
    },
  }),
  route(chatContracts.messages, {
    access: chatters,
    summary: "A room's messages, newest first (members only).",
    async handle({ c, params, query, user }) {
      await requireRoomMember(c.get("db"), params.id, user.id);
      const page = await chatRoom(c, params.id).listMessages(user.id, query.page, query.size);
      if (page.result !== "ok") failOutcome(page);
      return { list: page.list, total: page.total };
    },
  }),
  route(chatContracts.roomByMembers, {
    access: chatters,
    summary:
      "The room of the caller and one other user (?members=callerId,otherId), as { room }; room is null while the pair has none.",
    async handle({ c, query, user }): Promise<RoomByMembers> {
      const [a, b] = query.members as [number, number];
      if (a !== user.id && b !== user.id) fail("not-room-member");
      const roomId = await findRoomIdByPair(c.get("db"), a, b);
      // No room yet is the ordinary state of a student's first visit to a tutor page: an answer,
      // not a 404 that every browser logs in its console.
      if (roomId === null) return { room: null };
      const unread = await chatRoom(c, roomId).unreadCount(user.id);
      const room = await findRoomView(c.get("db"), roomId, user.id, unread);
      return { room: room ?? fail("room-not-found") };
    },
  }),
  route(chatContracts.members, {
    access: chatters,
    summary: "A room's members (members only).",
    async handle({ c, params, user }) {
      await requireRoomMember(c.get("db"), params.id, user.id);
      const list = await roomMembers(c.get("db"), params.id);
      return { list, total: list.length };
    },
  }),
  route(chatContracts.preferences, {
    access: chatters,
    summary: "Pin or mute a room for the caller only.",
    async handle({ c, params, body, user }) {
      const flags = await setRoomPreferences(c.get("db"), params.id, user.id, body);
      return { roomId: params.id, ...flags };
    },
  }),
];
