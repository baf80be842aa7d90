import { eq, sql } from "drizzle-orm";
import { chatRoomMembers } from "../schema/db";
import { lessonRules } from "../schema/pricing";
import type { Db } from "../worker/core/context";
import type { Env } from "../worker/core/env";
import { describeError, type Logger } from "../worker/core/logger";
import { adminChannel, chatRoom, sessionRoom, userChannel } from "./clients";

/**
 * Which of a user's sockets close: every one of a suspended account ("account-suspended"), or those
 * opened by sign-in sessions that ended (`sessionIds`; all of the user's sessions when absent),
 * which close with SESSION_ENDED_CLOSE (durable-objects/socket-owner.ts) while the sockets of the
 * user's other, still open sessions stay.
 */
export type SocketsToClose =
  | { userId: number; why: "suspended" }
  | { userId: number; why: "session-ended"; sessionIds?: readonly string[] };

/**
 * Closes the user's sockets everywhere they may be: their user channel, the chat rooms they are a
 * member of, the live session rooms they may be in and the staff channel. The sessions are already
 * ended, so no new socket ticket can be issued to reconnect them. Never throws: a failure is logged.
 */
export async function closeUserSockets(
  env: Pick<Env, "USER_CHANNEL" | "CHAT_ROOM" | "ADMIN_CHANNEL" | "SESSION_ROOM">,
  db: Db,
  target: SocketsToClose,
  logger: Logger,
): Promise<number> {
  const { userId } = target;
  const failed = (error: unknown) =>
    logger.warn("a user's sockets were not closed", { userId, why: target.why, ...describeError(error) });
  if (target.why === "session-ended" && target.sessionIds?.length === 0) return 0;
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
    let closes: Promise<number>[];
    if (target.why === "suspended") {
      const reason = "account-suspended";
      closes = [
        ...live.map((session) => sessionRoom(env, session.id).closeUser(userId, reason)),
        userChannel(env, userId).closeAll(reason),
        adminChannel(env).closeUser(userId, reason),
        ...rooms.map((room) => chatRoom(env, room.roomId).closeUser(userId, reason)),
      ];
    } else {
      const sessions = target.sessionIds ?? null;
      closes = [
        ...live.map((session) => sessionRoom(env, session.id).closeSessions(userId, sessions)),
        userChannel(env, userId).closeSessions(sessions),
        adminChannel(env).closeSessions(userId, sessions),
        ...rooms.map((room) => chatRoom(env, room.roomId).closeSessions(userId, sessions)),
      ];
    }
    const results = await Promise.allSettled(closes);
    let closed = 0;
    for (const result of results) {
      if (result.status === "fulfilled") closed += result.value;
      else failed(result.reason);
    }
    return closed;
  } catch (error) {
    failed(error);
    return 0;
  }
}
