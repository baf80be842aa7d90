// A SuperAdmin's refund of a transaction (docs/rules.md, Payments). The staff dialog makes one
// idempotency key each time it opens: a request sent twice (a double click, a retry, two tabs)
// answers the refund its key made, even after it settled, instead of refunding again. A second,
// different refund of a transaction that already had one must be confirmed (confirmAnotherRefund),
// else refund-already-made. Each rule is also a condition of the batch that opens the refund, so
// racing requests cannot slip between the check and the write.
import { sql } from "drizzle-orm";
import type { RefundBody } from "../../../schema/api/payment";
import { RefundStatus, TransactionStatus } from "../../../schema/enums";
import { d1 } from "../../core/db";
import { Failure, fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import type { FawryClient } from "../../integrations/fawry";
import { auditStatement, type AuditActor } from "../staff/audit";
import { refundQuote } from "./payments";
import { openRefundOf, openRefundStatements, refundByKey, refundsOf, requestRefund } from "./refunds";
import { cancelSubscription, findSubscription, type CancelOutcome } from "./subscriptions";
import { findTransaction, type TransactionRow } from "./transactions";

export type StaffRefund = {
  transaction: TransactionRow;
  /** Future lessons the cancelled plan lost (the route tells their tutors). */
  canceledLessons: CancelOutcome["canceledLessons"];
};

/** The answer to a key already used: its refund's transaction now, or bad-request for another transaction. */
async function answerRepeat(scope: Scope, body: RefundBody): Promise<StaffRefund | null> {
  const made = await refundByKey(scope.db, body.idempotencyKey);
  if (!made) return null;
  if (made.transactionId !== body.transactionId) fail("bad-request");
  return { transaction: await findTransaction(scope.db, made.transactionId), canceledLessons: [] };
}

export async function staffRefund(
  scope: Scope,
  { body, actor, fawry }: { body: RefundBody; actor: AuditActor & { userId: number }; fawry: FawryClient },
): Promise<StaffRefund> {
  const repeated = await answerRepeat(scope, body);
  if (repeated) return repeated;
  try {
    return await refundOnce(scope, { body, actor, fawry });
  } catch (error) {
    // The same request racing this one made the refund first: its answer, not the race's error.
    if (error instanceof Failure) {
      const first = await answerRepeat(scope, body);
      if (first) return first;
    }
    throw error;
  }
}

async function refundOnce(
  scope: Scope,
  { body, actor, fawry }: { body: RefundBody; actor: AuditActor & { userId: number }; fawry: FawryClient },
): Promise<StaffRefund> {
  const { db, now } = scope;
  const tx = await findTransaction(db, body.transactionId);
  if (await openRefundOf(db, tx.id)) fail("refund-in-progress");
  if (tx.status !== TransactionStatus.Paid && tx.status !== TransactionStatus.PartialRefunded)
    fail("illegal");
  const another = body.confirmAnotherRefund === true;
  if (!another && (await refundsOf(db, tx.id)).length > 0) fail("refund-already-made");
  const quote = await refundQuote(db, tx, now);
  const amount = body.amount ?? quote.computed;
  if (amount > quote.remaining) fail("refund-exceeds-paid");
  if (amount <= 0) fail("subscription-uncancellable");
  // The same rules inside the batch: this key unused, no refund open, and none at all unless confirmed.
  const guard = sql`NOT EXISTS (SELECT 1 FROM refunds WHERE idempotency_key = ${body.idempotencyKey})
    AND NOT EXISTS (SELECT 1 FROM refunds WHERE transaction_id = ${tx.id}
      AND (${another ? 0 : 1} = 1 OR status IN (${RefundStatus.Pending}, ${RefundStatus.Failed})))`;
  const audit = auditStatement(
    db,
    actor,
    {
      action: "transaction.refund",
      targetType: "transaction",
      targetId: tx.id,
      before: { status: tx.status, refundedAmount: tx.refundedAmount },
      after: { refund: amount, reason: body.reason ?? null, anotherRefund: another },
    },
    now,
  );
  let refundId: number | null = null;
  let canceledLessons: StaffRefund["canceledLessons"] = [];
  const sub = quote.subscriptionId === null ? null : await findSubscription(db, quote.subscriptionId);
  let refused: unknown = null;
  if (sub) {
    const outcome = await cancelSubscription(db, sub, actor.userId, now, {
      refund: amount,
      reason: "admin",
      audit,
      idempotencyKey: body.idempotencyKey,
      guard,
    }).catch((error: unknown) => {
      refused = error;
      return null;
    });
    refundId = outcome?.refundId ?? null;
    canceledLessons = outcome?.canceledLessons ?? [];
  } else {
    const [insert, refunding] = openRefundStatements(
      db,
      {
        transactionId: tx.id,
        amount,
        reason: "admin",
        requestedBy: actor.userId,
        idempotencyKey: body.idempotencyKey,
        when: guard,
      },
      now.toISOString(),
    );
    const built = audit.toSQL();
    // The audit row right after the insert: written only when the refund was (its changes()).
    const [inserted] = await d1(db).batch<{ id: number }>([
      insert!,
      d1(db)
        .prepare(built.sql)
        .bind(...built.params),
      refunding!,
    ]);
    refundId = inserted?.results[0]?.id ?? null;
  }
  if (refundId === null) {
    // Another request got there first (the same key is answered by staffRefund).
    if (await openRefundOf(db, tx.id)) fail("refund-in-progress");
    if (!another && (await refundsOf(db, tx.id)).length > 0) fail("refund-already-made");
    if (refused) throw refused;
    fail("illegal");
  }
  const refund = (await refundByKey(db, body.idempotencyKey))!;
  await requestRefund(scope, { fawry, refund });
  return { transaction: await findTransaction(db, tx.id), canceledLessons };
}
