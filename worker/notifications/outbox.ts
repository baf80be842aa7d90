import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { OutboxMessage } from "../../schema/api/confirmation-code";
import { outbox, users } from "../../schema/db";
import { DEFAULT_TIME_ZONE } from "../../schema/time-zones";
import type { Db } from "../core/context";
import type { Logger } from "../core/logger";
import { describeError } from "../core/logger";
import type { Services } from "../integrations";
import { TelegramError } from "../integrations/telegram";
import { onClockOf } from "./clock";
import { unsubscribeHeaders } from "./unsubscribe";
import { deliverPush, type PushDelivery } from "./push";
import type { NotificationKind } from "../../schema/notification-kinds";
import { settings } from "../core/settings";

export type Channel = OutboxMessage["channel"];
export type OutboxRow = typeof outbox.$inferSelect;

/** A row a statement stored in the outbox, as it answers it (messagesSql): its id, all delivery needs. */
export type StoredOutboxRow = Pick<OutboxRow, "id">;

export type Message = {
  userId: number | null;
  /** A push row's recipient is `user:<id>`: its delivery fans it out to the person's browsers. */
  channel: Channel | "push";
  recipient: string;
  subject: string;
  body: string;
  /** A verification code the message carries, so the local mailbox can show it. */
  code?: string | null;
  /** Makes a message that must go once (a reminder) idempotent. */
  dedupeKey?: string | null;
  /** Its kind (schema/notification-kinds.ts): preferences, unsubscribe links; null = always sent. */
  kind?: NotificationKind | null;
  /** Held until this instant (the person's quiet hours, worker/notifications/preferences.ts). */
  notBefore?: string | null;
};

/**
 * Every notification is written to the outbox first and carried to delivery by the notifications
 * queue (delivery.ts), so a failing provider never fails the request that caused it.
 */
export async function enqueue(db: Db, message: Message, now = new Date()): Promise<OutboxRow | null> {
  // messagesTo wrote the times on the recipient's clock; a text built otherwise says Cairo time.
  const subject = onClockOf(message.subject, DEFAULT_TIME_ZONE);
  const body = onClockOf(message.body, DEFAULT_TIME_ZONE);
  const [row] = await db
    .insert(outbox)
    .values({
      ...message,
      subject,
      body,
      code: message.code ?? null,
      dedupeKey: message.dedupeKey ?? null,
      kind: message.kind ?? null,
      notBefore: message.notBefore ?? null,
      createdAt: now.toISOString(),
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** What became of a row handed to deliverAll: sent, pending for a later attempt, or failed for good. */
export type Outcome = "sent" | "retry" | "failed";

/** Waits, before a send, until the channel's provider may take one more message (rate-gate.ts). */
export type Gate = (channel: Channel) => Promise<void>;

export async function deliver(db: Db, services: Services, row: OutboxRow, logger: Logger): Promise<void> {
  await deliverAll(db, services, [row], logger);
}

/**
 * Hands each row to its provider (all at once, each after the gate lets it through), then records
 * every outcome in ONE D1 batch: the sent rows in a single update, each failure with its attempt
 * count and error (pending until the last attempt, then failed and marked dead for staff). Every
 * outcome clears the row's delivery lease. Answers each row's outcome by id.
 */
export async function deliverAll(
  db: Db,
  services: Services,
  rows: readonly OutboxRow[],
  logger: Logger,
  gate: Gate | null = null,
): Promise<Map<number, Outcome>> {
  const result = new Map<number, Outcome>();
  if (rows.length === 0) return result;
  const outcomes = await Promise.allSettled(
    rows.map(async (row): Promise<PushDelivery> => {
      if (gate) await gate(row.channel as Channel);
      // Push rows (recipient user:<id>) are fanned out to the person's browsers (push.ts).
      if (row.channel === "push") return deliverPush(db, services, row);
      await services.send(row.channel as Exclude<Channel, "push">, {
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        code: row.code,
        id: row.id,
        // An email of a choosable kind gets its unsubscribe headers (worker/integrations/index.ts).
        ...(row.kind ? { kind: row.kind, userId: row.userId } : {}),
      });
      return "sent";
    }),
  );
  const sentAt = new Date().toISOString();
  const sent = rows.filter((_, index) => outcomes[index]!.status === "fulfilled");
  const writes: BatchItem<"sqlite">[] = [];
  // A push row for a person without a device is done, and says why (push.ts).
  const undeliverable = rows.filter((_, index) => {
    const outcome = outcomes[index]!;
    return outcome.status === "fulfilled" && outcome.value === "no-devices";
  });
  // Each sent row's attempt count is one more than the one read with it (the cron's rows may differ).
  for (const attempts of new Set(sent.map((row) => row.attempts + 1)))
    writes.push(
      db
        .update(outbox)
        .set({ status: "sent", attempts, sentAt, lastError: null, claimedUntil: null })
        .where(
          inArray(
            outbox.id,
            sent.filter((row) => row.attempts + 1 === attempts).map((row) => row.id),
          ),
        ),
    );
  if (undeliverable.length)
    writes.push(
      db
        .update(outbox)
        .set({ lastError: "no-devices" })
        .where(
          inArray(
            outbox.id,
            undeliverable.map((row) => row.id),
          ),
        ),
    );
  for (const row of sent) result.set(row.id, "sent");
  rows.forEach((row, index) => {
    const outcome = outcomes[index]!;
    if (outcome.status === "fulfilled") return;
    const error: unknown = outcome.reason;
    const attempts = row.attempts + 1;
    const failed = attempts >= settings.outbox.maxAttempts;
    result.set(row.id, failed ? "failed" : "retry");
    logger.warn("notification delivery failed", {
      outboxId: row.id,
      channel: row.channel,
      attempts,
      ...describeError(error),
    });
    // Telegram 403 (the user blocked the bot): the link is dead; the user links again to get messages.
    if (error instanceof TelegramError && error.chatGone)
      writes.push(
        db.update(users).set({ telegramChatId: null }).where(eq(users.telegramChatId, row.recipient)),
      );
    writes.push(
      db
        .update(outbox)
        .set({
          status: failed ? "failed" : "pending",
          attempts,
          lastError: error instanceof Error ? error.message.slice(0, 500) : "unknown",
          claimedUntil: null,
          ...(failed ? { deadAt: sentAt } : {}),
        })
        .where(eq(outbox.id, row.id)),
    );
  });
  try {
    await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    // The messages went out; the cron would send a row still pending again, so say so loudly.
    logger.error("notification outcomes not recorded", {
      outboxIds: rows.map((row) => row.id).join(","),
      ...describeError(error),
    });
  }
  return result;
}

/**
 * Claims pending rows for one delivery in ONE statement: each row whose lease is free gets a lease
 * until `now + leaseMs` and is answered; a row already sent, failed, or leased by another consumer
 * is not. This is what makes a redelivered queue message (or the cron meeting the queue) harmless.
 */
export function claimRows(
  db: Db,
  ids: readonly number[],
  now: Date,
  leaseMs = settings.outbox.leaseMs,
): Promise<OutboxRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const at = now.toISOString();
  return db
    .update(outbox)
    .set({ claimedUntil: new Date(now.getTime() + leaseMs).toISOString() })
    .where(
      and(
        inArray(outbox.id, [...new Set(ids)]),
        eq(outbox.status, "pending"),
        or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, at)),
        // Held by quiet hours: the cron sends it once the hold ends (deliverPending).
        or(isNull(outbox.notBefore), lte(outbox.notBefore, at)),
      ),
    )
    .returning();
}

/**
 * The sweep's read: pending rows with attempts left, older than `settings.outbox.cronAfterMs`, and
 * not held (not_before passed or none), oldest first. On notifications_outbox_status_idx, so the
 * sent rows are never read (tests/worker/notification-preferences.test.ts checks the plan).
 */
export function sweepQuery(db: Db, now: Date, batch: number) {
  const before = new Date(now.getTime() - settings.outbox.cronAfterMs).toISOString();
  return db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, "pending"),
        lt(outbox.attempts, settings.outbox.maxAttempts),
        lt(outbox.createdAt, before),
        or(isNull(outbox.notBefore), lte(outbox.notBefore, now.toISOString())),
      ),
    )
    .orderBy(outbox.id)
    .limit(batch);
}

/**
 * The cron job's half, the safety net for rows the queue never carried (its send failed, or the
 * message was lost): pending rows older than `settings.outbox.cronAfterMs` with a free lease are
 * claimed (one statement, oldest first, a bounded batch) and delivered here. A row held by quiet
 * hours (not_before) is left until its hold ends, then sent here: the queue skipped it.
 */
export async function deliverPending(
  db: Db,
  services: Services,
  logger: Logger,
  batch = 50,
  now = new Date(),
): Promise<number> {
  const due = await sweepQuery(db, now, batch);
  const claimed = await claimRows(
    db,
    due.map((row) => row.id),
    now,
  );
  await deliverAll(db, services, claimed, logger);
  return claimed.length;
}

export function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel as Channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    code: row.code,
    status: row.status as OutboxMessage["status"],
    createdAt: row.createdAt,
  };
}

/**
 * The local mailbox: newest first, optionally for one address or phone. Given the secret and the
 * origin, each email shows the List-Unsubscribe link its provider would have been handed.
 */
export async function listOutbox(
  db: Db,
  to: string | undefined,
  page: number,
  size: number,
  links?: { secret: string; origin: string },
) {
  const where = to ? eq(outbox.recipient, to) : undefined;
  const [list, [counted]] = await db.batch([
    db
      .select()
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.id))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ total: sql<number>`count(*)` })
      .from(outbox)
      .where(where),
  ]);
  const messages = await Promise.all(
    list.map(async (row) => {
      const message = toOutboxMessage(row);
      if (!links || row.channel !== "email") return message;
      const headers = await unsubscribeHeaders(links.secret, links.origin, row.userId, row.kind);
      return { ...message, unsubscribe: headers["List-Unsubscribe"]?.slice(1, -1) ?? null };
    }),
  );
  return { list: messages, total: counted?.total ?? 0 };
}
