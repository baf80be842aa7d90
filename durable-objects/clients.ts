// How the Worker (and the objects themselves) reach the Durable Objects: one typed stub per object
// and the publish helpers built on them. The objects' classes are imported for their types only,
// so a caller loads none of their code.
import type { ServerEvent } from "../schema/events";
import type { Env } from "../worker/core/env";
import { describeError, type Logger } from "../worker/core/logger";
import type { AdminChannel } from "./admin-channel";
import type { ChatRoom } from "./chat-room";
import type { Presence } from "./presence";
import type { SessionRoom } from "./session-room";
import type { UserChannel } from "./user-channel";

type Channels = Pick<Env, "USER_CHANNEL" | "ADMIN_CHANNEL">;

/** One user's channel (durable-objects/user-channel.ts): every event for that user. */
export const userChannel = (env: Pick<Env, "USER_CHANNEL">, userId: number) =>
  (env.USER_CHANNEL as DurableObjectNamespace<UserChannel>).getByName(String(userId));

/** The one staff channel (durable-objects/admin-channel.ts). */
export const adminChannel = (env: Pick<Env, "ADMIN_CHANNEL">) =>
  (env.ADMIN_CHANNEL as DurableObjectNamespace<AdminChannel>).getByName("main");

/** The presence object (durable-objects/presence.ts): who is online. */
export const presence = (env: Pick<Env, "PRESENCE">) =>
  (env.PRESENCE as DurableObjectNamespace<Presence>).getByName("main");

/** One chat room (durable-objects/chat-room.ts). */
export const chatRoom = (env: Pick<Env, "CHAT_ROOM">, roomId: number) =>
  (env.CHAT_ROOM as DurableObjectNamespace<ChatRoom>).getByName(String(roomId));

/** One live session's room (durable-objects/session-room.ts), named "lesson:1", "interview:2", "demo:3". */
export const sessionRoom = (env: Pick<Env, "SESSION_ROOM">, name: string) =>
  (env.SESSION_ROOM as DurableObjectNamespace<SessionRoom>).getByName(name);

/**
 * Pushes one event to every open socket of each user (their user channel, through RPC). A failed
 * publish is logged and swallowed: realtime delivery never fails the change that caused it, and
 * clients catch up from the API or SyncMessages. Resolves to how many users were reached.
 */
export async function publishToUsers(
  env: Channels,
  userIds: readonly number[],
  event: ServerEvent,
  logger: Logger,
): Promise<number> {
  const recipients = [...new Set(userIds)];
  const results = await Promise.allSettled(
    recipients.map((userId) => userChannel(env, userId).publish(event)),
  );
  let reached = 0;
  results.forEach((result, index) => {
    if (result.status === "fulfilled") reached++;
    else
      logger.warn("realtime publish failed", {
        event: event.type,
        userId: recipients[index],
        ...describeError(result.reason),
      });
  });
  return reached;
}

export function publishToUser(
  env: Channels,
  userId: number,
  event: ServerEvent,
  logger: Logger,
): Promise<number> {
  return publishToUsers(env, [userId], event, logger);
}

/**
 * Pushes several events, already serialized as frames (the chat room made each frame once for its
 * own sockets), in order, to one user's open sockets in one call, through the user's channel stub
 * (`userChannel`; a chat room keeps one per member); failures are logged, never thrown.
 */
export async function publishFramesToUser(
  channel: Pick<ReturnType<typeof userChannel>, "publishFrames">,
  userId: number,
  frames: readonly string[],
  logger: Logger,
): Promise<boolean> {
  if (frames.length === 0) return true;
  try {
    await channel.publishFrames(frames);
    return true;
  } catch (error) {
    logger.warn("realtime publish failed", { frames: frames.length, userId, ...describeError(error) });
    return false;
  }
}

/** Pushes one event to the staff channel (admin dashboards); failures are logged, never thrown. */
export async function publishToAdmins(env: Channels, event: ServerEvent, logger: Logger): Promise<boolean> {
  try {
    await adminChannel(env).publish(event);
    return true;
  } catch (error) {
    logger.warn("realtime publish failed", { event: event.type, channel: "admin", ...describeError(error) });
    return false;
  }
}

/** Tells the presence object a user came online or went offline (it tells the staff channel). */
export async function reportPresence(
  env: Pick<Env, "PRESENCE">,
  userId: number,
  online: boolean,
  logger: Logger,
): Promise<void> {
  try {
    await presence(env).userStatus(userId, online);
  } catch (error) {
    logger.warn("presence report failed", { userId, online, ...describeError(error) });
  }
}

/** Tells the staff channel that who is online changed, so its users-online figure refreshes. */
export async function presenceChanged(env: Pick<Env, "ADMIN_CHANNEL">): Promise<void> {
  await adminChannel(env).presenceChanged();
}

/**
 * Which of these users are online, from the presence object (durable-objects/presence.ts; every
 * user channel reports its flips there), in one RPC. Answers null when the channel cannot be reached: the
 * caller then says nothing rather than calling everyone offline.
 */
export async function onlineAmong(
  env: Pick<Env, "PRESENCE">,
  userIds: readonly number[],
  logger: Logger,
): Promise<Set<number> | null> {
  if (userIds.length === 0) return new Set();
  try {
    const online = await presence(env).onlineAmong(userIds);
    return new Set(online);
  } catch (error) {
    logger.warn("presence snapshot failed", { users: userIds.length, ...describeError(error) });
    return null;
  }
}
