// Notifications that never reached their recipient, for staff: listed newest first, and sent
// again on request (pending again with its attempts from zero, audited, put back on the queue).
import { and, desc, eq, sql } from "drizzle-orm";
import type { DeadDeliveryView } from "../../schema/api/outbox";
import type { PageQuery } from "../../schema/api/common";
import { outbox } from "../../schema/db";
import { auditStatement, type AuditActor } from "../domain/staff/audit";
import type { Db } from "../core/context";
import { fail } from "../core/failure";
import type { Channel } from "./outbox";

const failed = eq(outbox.status, "failed");

export async function listDeadDeliveries(
  db: Db,
  query: PageQuery,
): Promise<{ list: DeadDeliveryView[]; total: number }> {
  const [rows, [counted]] = await db.batch([
    db
      .select({
        id: outbox.id,
        userId: outbox.userId,
        channel: outbox.channel,
        recipient: outbox.recipient,
        subject: outbox.subject,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        createdAt: outbox.createdAt,
        deadAt: outbox.deadAt,
      })
      .from(outbox)
      .where(failed)
      .orderBy(desc(sql`coalesce(${outbox.deadAt}, ${outbox.createdAt})`), desc(outbox.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ total: sql<number>`count(*)` })
      .from(outbox)
      .where(failed),
  ]);
  return {
    list: rows.map((row) => ({ ...row, channel: row.channel as Channel })),
    total: counted?.total ?? 0,
  };
}

/**
 * Puts a dead delivery back: pending, attempts from zero, no longer dead, with its audit row in the
 * same batch. Refuses (delivery-not-failed) a row that is not failed: sent, already pending, or none.
 */
export async function retryDeadDelivery(
  db: Db,
  id: number,
  actor: AuditActor,
  now: Date,
): Promise<{ id: number; status: "pending" }> {
  const [changed] = await db.batch([
    db
      .update(outbox)
      .set({ status: "pending", attempts: 0, deadAt: null, claimedUntil: null })
      .where(and(eq(outbox.id, id), failed))
      .returning({ id: outbox.id }),
    auditStatement(
      db,
      actor,
      {
        action: "outbox.retry",
        targetType: "outbox",
        targetId: id,
        before: { status: "failed" },
        after: { status: "pending" },
      },
      now,
    ),
  ]);
  if (changed.length === 0) fail("delivery-not-failed");
  return { id, status: "pending" };
}
