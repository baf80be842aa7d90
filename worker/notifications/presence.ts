import type { AdminChannel } from "../../durable-objects/admin-channel";
import type { Env } from "../env";
import { describeError, type Logger } from "../http/logger";

/**
 * Which of these users are online, from the staff channel's presence list (every user channel
 * reports its flips there), in one RPC. Answers null when the channel cannot be reached: the
 * caller then says nothing rather than calling everyone offline.
 */
export async function onlineAmong(env: Pick<Env, "ADMIN_CHANNEL">, userIds: readonly number[], logger: Logger): Promise<Set<number> | null> {
  if (userIds.length === 0) return new Set();
  try {
    const online = await (env.ADMIN_CHANNEL as DurableObjectNamespace<AdminChannel>).getByName("main").onlineAmong(userIds);
    return new Set(online);
  } catch (error) {
    logger.warn("presence snapshot failed", { users: userIds.length, ...describeError(error) });
    return null;
  }
}
