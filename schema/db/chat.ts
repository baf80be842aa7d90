// Chat rooms (one-to-one). Message bodies live in the chat-room Durable Object; D1 keeps the
// room list, members, pin/mute/read state and the last-message summary.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./identity";

export const chatRooms = sqliteTable(
  "chat_rooms",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** "minUserId:maxUserId" — unique, so a pair has one room (room-exists). */
    pairKey: text("pair_key").notNull(),
    /** Id of the last message inside the Durable Object. */
    lastMessageId: text("last_message_id"),
    /** Plain-text preview (truncated) of the last message. */
    lastMessageText: text("last_message_text"),
    lastMessageSenderId: integer("last_message_sender_id").references(() => users.id),
    lastMessageAt: text("last_message_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("chat_rooms_pair_key_uq").on(t.pairKey),
    index("chat_rooms_last_message_at_idx").on(t.lastMessageAt),
  ],
);

export const chatRoomMembers = sqliteTable(
  "chat_room_members",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    roomId: integer("room_id")
      .notNull()
      .references(() => chatRooms.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    pinned: integer("pinned", { mode: "boolean" }).notNull().default(false),
    muted: integer("muted", { mode: "boolean" }).notNull().default(false),
    /** Read receipt: everything up to this time has been read by this member. */
    lastReadAt: text("last_read_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("chat_room_members_room_user_uq").on(t.roomId, t.userId),
    index("chat_room_members_user_idx").on(t.userId),
  ],
);
