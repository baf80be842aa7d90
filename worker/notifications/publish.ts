import type { AdminChannel } from "../../durable-objects/admin-channel";
import type { Presence } from "../../durable-objects/presence";
import type { UserChannel } from "../../durable-objects/user-channel";
import type { ServerEvent } from "../../schema/events";
import type { Env } from "../core/env";
import { describeError, type Logger } from "../core/logger";

type Channels = Pick<Env, "USER_CHANNEL" | "ADMIN_CHANNEL">;

const userChannels = (env: Channels) => env.USER_CHANNEL as DurableObjectNamespace<UserChannel>;
const adminChannel = (env: Channels) =>
  (env.ADMIN_CHANNEL as DurableObjectNamespace<AdminChannel>).getByName("main");

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
    recipients.map((userId) => userChannels(env).getByName(String(userId)).publish(event)),
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
 * own sockets), in order, to one user's open sockets in one call; failures are logged, never thrown.
 */
export async function publishFramesToUser(
  env: Channels,
  userId: number,
  frames: readonly string[],
  logger: Logger,
): Promise<boolean> {
  if (frames.length === 0) return true;
  try {
    await userChannels(env).getByName(String(userId)).publishFrames(frames);
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

/** The presence object (durable-objects/presence.ts): who is online. */
export const presence = (env: Pick<Env, "PRESENCE">) =>
  (env.PRESENCE as DurableObjectNamespace<Presence>).getByName("main");

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
  await (env.ADMIN_CHANNEL as DurableObjectNamespace<AdminChannel>).getByName("main").presenceChanged();
}
