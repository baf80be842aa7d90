import { eq } from "drizzle-orm";
import type { AdminChannel } from "../../durable-objects/admin-channel";
import type { ChatRoom } from "../../durable-objects/chat-room";
import type { UserChannel } from "../../durable-objects/user-channel";
import { chatRoomMembers } from "../../schema/db";
import type { Db } from "../http/context";
import type { Env } from "../env";
import { describeError, type Logger } from "../http/logger";

/**
 * Closes every open socket of a suspended user: their user channel, the chat rooms they are a
 * member of and (for an admin) the staff channel. Their sessions are already ended, so no new
 * socket ticket can be issued to reconnect. Never throws: a failure is logged.
 */
export async function closeUserSockets(env: Pick<Env, "USER_CHANNEL" | "CHAT_ROOM" | "ADMIN_CHANNEL">, db: Db, userId: number, logger: Logger): Promise<number> {
  const reason = "account-suspended";
  try {
    const rooms = await db.select({ roomId: chatRoomMembers.roomId }).from(chatRoomMembers).where(eq(chatRoomMembers.userId, userId));
    const closes: Promise<number>[] = [
      (env.USER_CHANNEL as DurableObjectNamespace<UserChannel>).getByName(String(userId)).closeAll(reason),
      (env.ADMIN_CHANNEL as DurableObjectNamespace<AdminChannel>).getByName("main").closeUser(userId, reason),
      ...rooms.map((room) => (env.CHAT_ROOM as DurableObjectNamespace<ChatRoom>).getByName(String(room.roomId)).closeUser(userId, reason)),
    ];
    const results = await Promise.allSettled(closes);
    let closed = 0;
    for (const result of results) {
      if (result.status === "fulfilled") closed += result.value;
      else logger.warn("a suspended user's sockets were not closed", { userId, ...describeError(result.reason) });
    }
    return closed;
  } catch (error) {
    logger.warn("a suspended user's sockets were not closed", { userId, ...describeError(error) });
    return 0;
  }
}
