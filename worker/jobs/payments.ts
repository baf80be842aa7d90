import type { Config, Env } from "../env";
import type { Db } from "../http/context";
import type { Logger } from "../http/logger";
import { fawryFor, syncStaleTransactions } from "../domain/payments";

/** Hourly: stale unpaid orders are synced with Fawry, and expired when past their expiry. */
export async function syncUnpaidOrders(db: Db, env: Env, config: Config, now: Date, logger: Logger): Promise<number> {
  try {
    const client = fawryFor(env, config, config.appOrigins[0] ?? "http://localhost:8787");
    const synced = await syncStaleTransactions(db, client, logger, env, now);
    logger.info("unpaid orders synced", { synced });
    return synced;
  } catch (error) {
    logger.error("unpaid orders sync failed", { error: String(error) });
    return 0;
  }
}
