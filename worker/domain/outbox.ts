import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { OutboxMessage } from "../../schema/api/confirmation-code";
import { outbox, users } from "../../schema/db";
import type { Db } from "../http/context";
import type { Logger } from "../http/logger";
import { describeError } from "../http/logger";
import type { Services } from "../integrations";
import { TelegramError } from "../integrations/telegram";
import { settings } from "./settings";

export type Channel = OutboxMessage["channel"];
export type OutboxRow = typeof outbox.$inferSelect;

export type Message = {
  userId: number | null;
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  /** A verification code the message carries, so the local mailbox can show it. */
  code?: string | null;
  /** Makes a message that must go once (a reminder) idempotent. */
  dedupeKey?: string | null;
};

/**
 * Every notification is written to the outbox first and delivered after the response, so a
 * failing provider never fails the request that caused it; the cron job retries what failed.
 */
export async function enqueue(db: Db, message: Message, now = new Date()): Promise<OutboxRow | null> {
  const [row] = await db
    .insert(outbox)
    .values({ ...message, code: message.code ?? null, dedupeKey: message.dedupeKey ?? null, createdAt: now.toISOString() })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function deliver(db: Db, services: Services, row: OutboxRow, logger: Logger): Promise<void> {
  try {
    await services.send(row.channel as Channel, { to: row.recipient, subject: row.subject, text: row.body, code: row.code, id: row.id });
    await db
      .update(outbox)
      .set({ status: "sent", attempts: row.attempts + 1, sentAt: new Date().toISOString(), lastError: null })
      .where(eq(outbox.id, row.id));
  } catch (error) {
    const attempts = row.attempts + 1;
    const status = attempts >= settings.outbox.maxAttempts ? "failed" : "pending";
    logger.warn("notification delivery failed", { outboxId: row.id, channel: row.channel, attempts, ...describeError(error) });
    // Telegram 403 (the user blocked the bot): the link is dead; the user links again to get messages.
    if (error instanceof TelegramError && error.chatGone)
      await db.update(users).set({ telegramChatId: null }).where(eq(users.telegramChatId, row.recipient));
    await db
      .update(outbox)
      .set({ status, attempts, lastError: error instanceof Error ? error.message.slice(0, 500) : "unknown" })
      .where(eq(outbox.id, row.id));
  }
}

/** The cron job's half: retries pending messages (oldest first, a bounded batch). */
export async function deliverPending(db: Db, services: Services, logger: Logger, batch = 50): Promise<number> {
  const pending = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lt(outbox.attempts, settings.outbox.maxAttempts)))
    .orderBy(outbox.id)
    .limit(batch);
  for (const row of pending) await deliver(db, services, row, logger);
  return pending.length;
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

/** The local mailbox: newest first, optionally for one address or phone. */
export async function listOutbox(db: Db, to: string | undefined, page: number, size: number) {
  const where = to ? eq(outbox.recipient, to) : undefined;
  const [list, [counted]] = await db.batch([
    db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(size).offset((page - 1) * size),
    db.select({ total: sql<number>`count(*)` }).from(outbox).where(where),
  ]);
  return { list: list.map(toOutboxMessage), total: counted?.total ?? 0 };
}
