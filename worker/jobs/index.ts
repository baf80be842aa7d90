import { readConfig, type Env } from "../core/env";
import { enqueueDelivery } from "../notifications/delivery";
import { deliverPending } from "../notifications/outbox";
import { createLogger } from "../core/logger";
import { createServices } from "../integrations";
import type { Emulators } from "../integrations/emulated";
import { backgroundScope } from "../core/scope";
import { paymentsDigest, settleRefunds, syncUnpaidOrders } from "./payments";
import { sendLessonReminders } from "../notifications/reminders";
import { runWeeklyRenewal } from "./renewal";
import { runDueErasures } from "../domain/privacy/erasure";
import { runRetention } from "../domain/privacy/retention";
import { refreshCreditScores } from "../domain/lessons/credit-score";
import { HOUR_MS, MINUTE_MS } from "../../schema/time";
import { purgeOldContactRequests } from "../domain/staff/contact-requests";
import { refreshResponseTimes } from "../domain/learning/response-time";
import { abortAbandonedUploads } from "../domain/media/multipart";

/** The cron expressions of wrangler.toml, named for what they run. */
export const schedules = {
  everyFiveMinutes: "*/5 * * * *",
  hourly: "0 * * * *",
  /** 01:30 UTC (03:30 in Cairo): the erasure of accounts whose deletion is due, then the retention job. */
  daily: "30 1 * * *",
} as const;

/**
 * Runs the jobs of one cron trigger. Each job is idempotent, so a repeated run changes nothing.
 * `emulators` are the local entry's (emulators/local.ts); the production entry passes null.
 */
export async function runScheduled(
  controller: ScheduledController,
  env: Env,
  emulators: Emulators | null = null,
): Promise<void> {
  const logger = createLogger(`cron:${controller.cron}:${controller.scheduledTime}`);
  const config = readConfig(env);
  // Work handed to waitUntil finishes before the run ends (a cron has no answer to send first).
  const pending: Promise<unknown>[] = [];
  const scope = backgroundScope(env, {
    config,
    logger,
    now: new Date(controller.scheduledTime),
    services: createServices(config, env, undefined, emulators),
    waitUntil: (promise) => void pending.push(promise),
  });
  const { db, now, services } = scope;
  try {
    if (controller.cron === schedules.hourly) await runWeeklyRenewal(db, now, logger);
    if (controller.cron === schedules.hourly) await syncUnpaidOrders(scope);
    if (controller.cron === schedules.hourly) await paymentsDigest(db, now, logger);
    // The reliability figures (worker/domain/lessons/credit-score.ts): the members of lessons that
    // just ended; the hourly run looks a day back and also fixes accounts still at 0.
    if (controller.cron === schedules.hourly)
      await refreshCreditScores(db, now, logger, { windowMs: 25 * HOUR_MS, zeroScores: true });
    if (controller.cron === schedules.hourly) await purgeOldContactRequests(db, now, logger);
    // Multipart uploads left open for a day (worker/domain/media/multipart.ts), a bounded batch.
    if (controller.cron === schedules.hourly) await abortAbandonedUploads(db, env.MEDIA, now, logger);
    // Tutors' usual reply time to a new student (worker/domain/learning/response-time.ts), the last 30 days.
    if (controller.cron === schedules.hourly) await refreshResponseTimes(db, now, logger);
    // Accounts whose deletion grace period is over (worker/domain/privacy/erasure.ts), a bounded batch.
    if (controller.cron === schedules.daily) await runDueErasures(scope);
    // Personal data past its period (schema/rules.ts retentionDays, worker/domain/privacy/retention.ts), bounded batches.
    if (controller.cron === schedules.daily) await runRetention(scope);
    if (controller.cron === schedules.everyFiveMinutes) {
      await sendLessonReminders(db, now, logger, (rows) => enqueueDelivery(env, rows, logger));
      await refreshCreditScores(db, now, logger, { windowMs: 15 * MINUTE_MS });
      // Reconciliation: unpaid orders older than 10 minutes asked of Fawry, refunds settled or retried.
      await syncUnpaidOrders(scope);
      await settleRefunds(scope);
      const retried = await deliverPending(db, services, logger, 50, now);
      logger.info("outbox retried", { retried });
    }
  } finally {
    await Promise.allSettled(pending);
  }
}
