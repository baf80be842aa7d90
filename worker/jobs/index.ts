import { createDb } from "../core/db";
import { readConfig, type Env } from "../core/env";
import { enqueueDelivery } from "../notifications/delivery";
import { deliverPending } from "../notifications/outbox";
import { createLogger } from "../core/logger";
import { createServices } from "../integrations";
import type { Emulators } from "../integrations/emulated";
import { paymentsDigest, settleRefunds, syncUnpaidOrders } from "./payments";
import { sendLessonReminders } from "../notifications/reminders";
import { runWeeklyRenewal } from "./renewal";

/** The cron expressions of wrangler.toml, named for what they run. */
export const schedules = { everyFiveMinutes: "*/5 * * * *", hourly: "0 * * * *" } as const;

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
  const db = createDb(env);
  const services = createServices(readConfig(env), env, undefined, emulators);
  const now = new Date(controller.scheduledTime);
  if (controller.cron === schedules.hourly) await runWeeklyRenewal(db, now, logger);
  if (controller.cron === schedules.hourly)
    await syncUnpaidOrders(db, env, readConfig(env), now, logger, services.local?.fetch ?? null);
  if (controller.cron === schedules.hourly) await paymentsDigest(db, now, logger);
  if (controller.cron === schedules.everyFiveMinutes) {
    await sendLessonReminders(db, now, logger, (rows) => enqueueDelivery(env, rows, logger));
    // Reconciliation: unpaid orders older than 10 minutes asked of Fawry, refunds settled or retried.
    await syncUnpaidOrders(db, env, readConfig(env), now, logger, services.local?.fetch ?? null);
    await settleRefunds(db, env, readConfig(env), now, logger, services.local?.fetch ?? null);
    const retried = await deliverPending(db, services, logger, 50, now);
    logger.info("outbox retried", { retried });
  }
}
