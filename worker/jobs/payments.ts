import type { Db } from "../core/context";
import type { Logger } from "../core/logger";
import type { Scope } from "../core/scope";
import { syncStaleTransactions } from "../domain/payments/payments";
import { DIGEST_HOUR_UTC, retryRefunds, sendPaymentsDigest } from "../domain/payments/refunds";

/** Hourly: stale unpaid orders are synced with Fawry, and expired when past their expiry. */
export async function syncUnpaidOrders(scope: Scope): Promise<number> {
  const { logger } = scope;
  try {
    const synced = await syncStaleTransactions(scope, { client: scope.services.fawry() });
    logger.info("unpaid orders synced", { synced });
    return synced;
  } catch (error) {
    logger.error("unpaid orders sync failed", { error: String(error) });
    return 0;
  }
}

/**
 * Every five minutes: refunds Fawry refused are asked again (then raised to SuperAdmins), and
 * refunds whose answer was lost are settled from Fawry's status before anything is resent.
 */
export async function settleRefunds(scope: Scope): Promise<number> {
  const { logger } = scope;
  try {
    const settled = await retryRefunds(scope, { fawry: scope.services.fawry() });
    logger.info("refunds retried", { settled });
    return settled;
  } catch (error) {
    logger.error("refund retry failed", { error: String(error) });
    return 0;
  }
}

/** Hourly, acting once a day (06:00 UTC): the digest of open payment alarms to SuperAdmins. */
export async function paymentsDigest(db: Db, now: Date, logger: Logger): Promise<number> {
  if (now.getUTCHours() !== DIGEST_HOUR_UTC) return 0;
  try {
    const open = await sendPaymentsDigest(db, now);
    logger.info("payments digest", { open });
    return open;
  } catch (error) {
    logger.error("payments digest failed", { error: String(error) });
    return 0;
  }
}
