import type { Env } from "../core/env";
import { presence } from "./publish";
import { describeError, type Logger } from "../core/logger";

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
