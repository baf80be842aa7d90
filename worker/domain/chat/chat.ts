// Chat rooms in D1: who may talk to whom, the room list with its last-message summary, members,
// pin and mute. Message bodies live in the chat-room Durable Object (durable-objects/chat-room.ts).
import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { RoomMember, RoomView } from "../../../schema/api/chat";
import { chatRoomMembers, chatRooms, users } from "../../../schema/db";
import { type Gender, Role, isTutorSide } from "../../../schema/enums";
import type { ErrorCode } from "../../../schema/errors";
import type { ChatMessage } from "../../../schema/events";
import { htmlToText } from "../../../schema/html";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { d1, statement } from "../../core/db";
import { firstReplyStatement, type RoomOpening } from "../learning/response-time";

/** A pair has one room: the key is "smallerId:largerId" (unique index chat_rooms_pair_key_uq). */
export function pairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

type Chatter = { id: number; role: number; verifiedEmail: boolean };

/**
 * docs/rules.md, Chat: a student may start a room with a tutor or tutor manager, and a
 * tutor-side user with a tutor manager; a student must have a verified email. Rooms between a
 * tutor and a student otherwise come from a booking. Answers the refusal code, or null.
 */
export function refuseNewRoom(caller: Chatter, other: Chatter): ErrorCode | null {
  if (caller.id === other.id) return "illegal";
  const callerRole = caller.role as Role;
  const otherRole = other.role as Role;
  if (callerRole === Role.Student) {
    if (!isTutorSide(otherRole)) return "forbidden";
    if (!caller.verifiedEmail) return "email-not-verified";
    return null;
  }
  if (
    isTutorSide(callerRole) &&
    isTutorSide(otherRole) &&
    (callerRole === Role.TutorManager || otherRole === Role.TutorManager)
  )
    return null;
  return "forbidden";
}

/**
 * The room of two users, created with both members if missing, in one batch (the unique pair key
 * decides a race). `created` is false when it already existed. Booking reuses this.
 */
export async function openRoom(
  db: Db,
  a: number,
  b: number,
  now = new Date(),
): Promise<{ roomId: number; created: boolean }> {
  const at = now.toISOString();
  const key = pairKey(a, b);
  const memberRow = (userId: number) =>
    db
      .insert(chatRoomMembers)
      .select(
        db
          .select({
            // Every column in table order (drizzle's insert-select rule); a NULL id autoincrements.
            id: sql<number>`NULL`.as("id"),
            roomId: chatRooms.id,
            userId: sql<number>`${userId}`.as("user_id"),
            pinned: sql<boolean>`0`.as("pinned"),
            muted: sql<boolean>`0`.as("muted"),
            lastReadAt: sql<null>`NULL`.as("last_read_at"),
            createdAt: sql<string>`${at}`.as("created_at"),
            updatedAt: sql<string>`${at}`.as("updated_at"),
          })
          .from(chatRooms)
          .where(eq(chatRooms.pairKey, key)),
      )
      .onConflictDoNothing();
  const [inserted, , , room] = await db.batch([
    db
      .insert(chatRooms)
      .values({ pairKey: key, createdAt: at, updatedAt: at })
      .onConflictDoNothing()
      .returning({ id: chatRooms.id }),
    memberRow(a),
    memberRow(b),
    db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.pairKey, key)),
  ]);
  return { roomId: room[0]!.id, created: inserted.length > 0 };
}

/** The user ids of a room's members (empty when the room does not exist). */
export async function roomMemberIds(db: Db, roomId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: chatRoomMembers.userId })
    .from(chatRoomMembers)
    .where(eq(chatRoomMembers.roomId, roomId));
  return rows.map((row) => row.userId);
}

/** Fails with room-not-found or not-room-member unless the user is in the room. */
export async function requireRoomMember(db: Db, roomId: number, userId: number): Promise<number[]> {
  const members = await roomMemberIds(db, roomId);
  if (members.length === 0) fail("room-not-found");
  if (!members.includes(userId)) fail("not-room-member");
  return members;
}

/** Everyone who shares a room with the user (who sees their online status). */
export async function roomPartnerIds(db: Db, userId: number): Promise<number[]> {
  const mine = db
    .select({ roomId: chatRoomMembers.roomId })
    .from(chatRoomMembers)
    .where(eq(chatRoomMembers.userId, userId));
  const rows = await db
    .selectDistinct({ userId: chatRoomMembers.userId })
    .from(chatRoomMembers)
    .where(and(inArray(chatRoomMembers.roomId, mine), ne(chatRoomMembers.userId, userId)));
  return rows.map((row) => row.userId);
}

const PREVIEW_LENGTH = 120;

/**
 * Keeps the room list's last-message summary. Conditional on the sequence so that summaries
 * written out of order (the room awaits D1 while other messages arrive) never go backwards.
 */
export async function recordLastMessage(db: Db, message: ChatMessage, opening?: RoomOpening): Promise<void> {
  const preview = message.deletedAt ? "" : htmlToText(message.text).slice(0, PREVIEW_LENGTH);
  const summary = sql`UPDATE chat_rooms SET last_message_id = ${String(message.sequence)}, last_message_text = ${preview},
      last_message_sender_id = ${message.senderId}, last_message_at = ${message.createdAt}, updated_at = ${new Date().toISOString()}
    WHERE id = ${message.roomId}
      AND (last_message_id IS NULL OR CAST(last_message_id AS INTEGER) <= ${message.sequence})`;
  // How the room began goes in the same round trip: the tutor's first-reply time (worker/domain/learning/response-time.ts).
  if (opening) await d1(db).batch([statement(db, summary), firstReplyStatement(db, message.roomId, opening)]);
  else await db.run(summary);
}

/** The member's read receipt time in D1 (the room object keeps the exact sequence). */
export async function recordRead(db: Db, roomId: number, userId: number, readAt: string): Promise<void> {
  await db.run(sql`UPDATE chat_room_members SET last_read_at = ${readAt}, updated_at = ${new Date().toISOString()}
    WHERE room_id = ${roomId} AND user_id = ${userId} AND (last_read_at IS NULL OR last_read_at < ${readAt})`);
}

type RoomRow = {
  id: number;
  createdAt: string;
  lastMessageId: string | null;
  lastMessageText: string | null;
  lastMessageSenderId: number | null;
  lastMessageAt: string | null;
  pinned: boolean;
  muted: boolean;
};

async function membersOf(db: Db, roomIds: number[]): Promise<Map<number, RoomMember[]>> {
  const byRoom = new Map<number, RoomMember[]>();
  if (roomIds.length === 0) return byRoom;
  const rows = await db
    .select({
      roomId: chatRoomMembers.roomId,
      id: users.id,
      name: users.name,
      image: users.image,
      role: users.role,
      gender: users.gender,
      deletedAt: users.deletedAt,
    })
    .from(chatRoomMembers)
    .innerJoin(users, eq(users.id, chatRoomMembers.userId))
    .where(inArray(chatRoomMembers.roomId, roomIds))
    .orderBy(chatRoomMembers.userId);
  for (const { roomId, deletedAt, ...member } of rows) {
    const list = byRoom.get(roomId) ?? [];
    list.push({
      ...member,
      role: member.role as Role,
      gender: member.gender as Gender | null,
      ...(deletedAt ? { erased: true } : {}),
    });
    byRoom.set(roomId, list);
  }
  return byRoom;
}

function toRoomView(row: RoomRow, members: RoomMember[], unreadCount: number): RoomView {
  return {
    id: row.id,
    members,
    lastMessage:
      row.lastMessageId && row.lastMessageAt
        ? {
            sequence: Number(row.lastMessageId),
            text: row.lastMessageText ?? "",
            senderId: row.lastMessageSenderId,
            at: row.lastMessageAt,
          }
        : null,
    unreadCount,
    pinned: row.pinned,
    muted: row.muted,
    createdAt: row.createdAt,
  };
}

const roomColumns = {
  id: chatRooms.id,
  createdAt: chatRooms.createdAt,
  lastMessageId: chatRooms.lastMessageId,
  lastMessageText: chatRooms.lastMessageText,
  lastMessageSenderId: chatRooms.lastMessageSenderId,
  lastMessageAt: chatRooms.lastMessageAt,
  pinned: chatRoomMembers.pinned,
  muted: chatRoomMembers.muted,
};

/**
 * A page of the user's rooms, pinned first, then by latest activity. Unread counts come from
 * each room object (the only place that knows message authors and read positions).
 */
export async function listRoomsOf(
  db: Db,
  userId: number,
  page: { page: number; size: number },
  unreadCount: (roomId: number) => Promise<number>,
): Promise<{ list: RoomView[]; total: number }> {
  const mine = eq(chatRoomMembers.userId, userId);
  const [rows, [counted]] = await db.batch([
    db
      .select(roomColumns)
      .from(chatRoomMembers)
      .innerJoin(chatRooms, eq(chatRooms.id, chatRoomMembers.roomId))
      .where(mine)
      .orderBy(
        desc(chatRoomMembers.pinned),
        desc(sql`coalesce(${chatRooms.lastMessageAt}, ${chatRooms.createdAt})`),
        desc(chatRooms.id),
      )
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(chatRoomMembers).where(mine),
  ]);
  const ids = rows.map((row) => row.id);
  const [members, unread] = await Promise.all([membersOf(db, ids), Promise.all(ids.map(unreadCount))]);
  return {
    list: rows.map((row, index) => toRoomView(row, members.get(row.id) ?? [], unread[index] ?? 0)),
    total: counted?.total ?? 0,
  };
}

/** One room as the given member sees it. */
export async function findRoomView(
  db: Db,
  roomId: number,
  userId: number,
  unreadCount: number,
): Promise<RoomView | null> {
  const [row] = await db
    .select(roomColumns)
    .from(chatRoomMembers)
    .innerJoin(chatRooms, eq(chatRooms.id, chatRoomMembers.roomId))
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)));
  if (!row) return null;
  const members = await membersOf(db, [roomId]);
  return toRoomView(row, members.get(roomId) ?? [], unreadCount);
}

export async function findRoomIdByPair(db: Db, a: number, b: number): Promise<number | null> {
  const [room] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(eq(chatRooms.pairKey, pairKey(a, b)));
  return room?.id ?? null;
}

export async function roomMembers(db: Db, roomId: number): Promise<RoomMember[]> {
  return (await membersOf(db, [roomId])).get(roomId) ?? [];
}

/** Sets the caller's pin and mute flags; fails room-not-found or not-room-member. */
export async function setRoomPreferences(
  db: Db,
  roomId: number,
  userId: number,
  changes: { pinned?: boolean; muted?: boolean },
): Promise<{ pinned: boolean; muted: boolean }> {
  const [row] = await db
    .update(chatRoomMembers)
    .set({ ...changes, updatedAt: new Date().toISOString() })
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
    .returning({ pinned: chatRoomMembers.pinned, muted: chatRoomMembers.muted });
  if (row) return row;
  // Only the failure path pays for the second query, to tell a missing room from a stranger.
  const members = await roomMemberIds(db, roomId);
  return fail(members.length === 0 ? "room-not-found" : "not-room-member");
}
