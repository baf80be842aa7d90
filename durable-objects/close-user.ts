import { eq, sql } from "drizzle-orm";
import { chatRoomMembers } from "../schema/db";
import { lessonRules } from "../schema/pricing";
import type { Db } from "../worker/core/context";
import type { Env } from "../worker/core/env";
import { describeError, type Logger } from "../worker/core/logger";
import { adminChannel, chatRoom, sessionRoom, userChannel } from "./clients";

/**
 * Closes every open socket of a suspended user: their user channel, the chat rooms they are a
 * member of, the live session rooms they may be in and (for an admin) the staff channel. Their sessions are already ended, so no new
 * socket ticket can be issued to reconnect. Never throws: a failure is logged.
 */
export async function closeUserSockets(
  env: Pick<Env, "USER_CHANNEL" | "CHAT_ROOM" | "ADMIN_CHANNEL" | "SESSION_ROOM">,
  db: Db,
  userId: number,
  logger: Logger,
): Promise<number> {
  const reason = "account-suspended";
  try {
    const now = new Date();
    const soon = new Date(now.getTime() + lessonRules.roomOpensBeforeMs).toISOString();
    const at = now.toISOString();
    const [rooms, live] = await Promise.all([
      db
        .select({ roomId: chatRoomMembers.roomId })
        .from(chatRoomMembers)
        .where(eq(chatRoomMembers.userId, userId)),
      // Live session rooms the user may be in: open from 10 minutes before the start until the end.
      db.all<{ id: string }>(sql`
        SELECT 'lesson:' || l.id AS id FROM lessons l JOIN lesson_members m ON m.lesson_id = l.id AND m.user_id = ${userId}
          WHERE l."end" > ${at} AND l.start <= ${soon}
        UNION ALL SELECT 'interview:' || i.id FROM interviews i
          WHERE (i.interviewee_id = ${userId} OR i.interviewer_id = ${userId}) AND i."end" > ${at} AND i.start <= ${soon}
        UNION ALL SELECT 'demo:' || d.id FROM demo_sessions d
          WHERE (d.tutor_id = ${userId} OR d.tutor_manager_id = ${userId}) AND d."end" > ${at} AND d.start <= ${soon}`),
    ]);
    const closes: Promise<number>[] = [
      ...live.map((session) => sessionRoom(env, session.id).closeUser(userId, reason)),
      userChannel(env, userId).closeAll(reason),
      adminChannel(env).closeUser(userId, reason),
      ...rooms.map((room) => chatRoom(env, room.roomId).closeUser(userId, reason)),
    ];
    const results = await Promise.allSettled(closes);
    let closed = 0;
    for (const result of results) {
      if (result.status === "fulfilled") closed += result.value;
      else
        logger.warn("a suspended user's sockets were not closed", {
          userId,
          ...describeError(result.reason),
        });
    }
    return closed;
  } catch (error) {
    logger.warn("a suspended user's sockets were not closed", { userId, ...describeError(error) });
    return 0;
  }
}
