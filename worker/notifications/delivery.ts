// Delivery on Cloudflare Queues: the outbox row is the record (written in the request's batch);
// a queue message per row carries it to the consumer below, which delivers with retries, backoff
// and each provider's rate limit. A message out of retries goes to the dead-letter queue, whose
// consumer marks the row dead for staff (GET /admin/outbox/dead). The 5-minute cron delivers rows
// the queue never carried (outbox.ts, deliverPending).
import { and, inArray, ne, sql } from "drizzle-orm";
import { outbox } from "../../schema/db";
import type { Db } from "../core/context";
import { describeError, type Logger } from "../core/logger";
import type { Services } from "../integrations";
import type { Scope } from "../core/scope";
import { settings } from "../core/settings";
import { claimRows, deliverAll, type Gate, type OutboxRow } from "./outbox";
import { isolateGate } from "./rate-gate";

/** A queue message's body: the outbox row to deliver. */
export type DeliveryJob = { outboxId: number };

/** The queues' names start with these in every environment (wrangler.toml). */
export const QUEUE_NAMES = { delivery: "dars-notifications", dead: "dars-notifications-dead" } as const;

export const isDeadLetterQueue = (queue: string) => queue.startsWith(QUEUE_NAMES.dead);

type Producer = { NOTIFICATIONS?: Queue<DeliveryJob> };

/**
 * Puts one queue message per stored row on the notifications queue (one call). Never throws: a
 * failed send is logged, and the cron delivers the rows once they are old enough.
 */
export async function enqueueDelivery(
  env: Producer,
  rows: readonly Pick<OutboxRow, "id">[],
  logger: Logger,
): Promise<void> {
  if (rows.length === 0) return;
  try {
    if (!env.NOTIFICATIONS) throw new Error("no NOTIFICATIONS queue binding");
    await env.NOTIFICATIONS.sendBatch(
      rows.map((row) => ({ body: { outboxId: row.id }, contentType: "json" as const })),
    );
  } catch (error) {
    logger.warn("notifications not queued: the cron will deliver them", {
      outboxIds: rows.map((row) => row.id).join(","),
      ...describeError(error),
    });
  }
}

/** Seconds before a failed delivery's next attempt: 30 s after the first, doubling, capped. */
export function backoffSeconds(attempts: number): number {
  const { firstSeconds, maxSeconds } = settings.outbox.backoff;
  return Math.min(firstSeconds * 2 ** Math.max(0, attempts - 1), maxSeconds);
}

const outboxIdOf = (message: Message<unknown>): number | null => {
  const id = (message.body as Partial<DeliveryJob> | null)?.outboxId;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
};

export type ConsumerDeps = { db: Db; services: Services; logger: Logger; gate: Gate; now?: Date };

/**
 * The queue consumer. On the delivery queue: claims the batch's pending rows in one statement (a
 * row already sent, failed or leased is skipped and its message acknowledged: redelivery is
 * idempotent), delivers them through the rate gate, then acknowledges each sent row's message and
 * retries each failed one after a backoff growing with the message's attempts. A row out of
 * attempts is retried once more so the queue, its retries used up, hands it to the dead-letter
 * queue. On the dead-letter queue: marks the rows failed and dead (one statement), for staff.
 */
export async function consumeNotifications(batch: MessageBatch<unknown>, deps: ConsumerDeps): Promise<void> {
  const now = deps.now ?? new Date();
  const ids = batch.messages.map(outboxIdOf);
  for (const [index, message] of batch.messages.entries()) if (ids[index] === null) message.ack();
  const valid = ids.filter((id): id is number => id !== null);
  if (isDeadLetterQueue(batch.queue)) {
    await markDead(deps.db, valid, now);
    deps.logger.error("notifications dead-lettered", { outboxIds: valid.join(",") });
    batch.ackAll();
    return;
  }
  const claimed = await claimRows(deps.db, valid, now);
  const outcomes = await deliverAll(deps.db, deps.services, claimed, deps.logger, deps.gate);
  for (const [index, message] of batch.messages.entries()) {
    const id = ids[index] ?? null;
    if (id === null) continue;
    const outcome = outcomes.get(id);
    if (outcome === undefined || outcome === "sent") message.ack();
    else message.retry({ delaySeconds: outcome === "retry" ? backoffSeconds(message.attempts) : 0 });
  }
}

/** The dead-letter queue's rows: failed for good and dead (unless one was sent meanwhile). */
export function markDead(db: Db, ids: readonly number[], now: Date) {
  if (ids.length === 0) return Promise.resolve();
  const at = now.toISOString();
  return db
    .update(outbox)
    .set({ status: "failed", deadAt: sql`coalesce(${outbox.deadAt}, ${at})`, claimedUntil: null })
    .where(and(inArray(outbox.id, [...new Set(ids)]), ne(outbox.status, "sent")))
    .then(() => undefined);
}

/**
 * The Worker's queue() handler (worker/index.ts): a batch of either queue, in the batch's own
 * unit of work (its Scope), with this isolate's gate.
 */
export async function runNotificationQueue(
  { db, services, logger }: Pick<Scope, "db" | "services" | "logger">,
  batch: MessageBatch<unknown>,
): Promise<void> {
  await consumeNotifications(batch, { db, services, logger, gate: isolateGate });
}
