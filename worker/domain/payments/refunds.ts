// Refunds through Fawry with a local ledger (`refunds`): Fawry offers no idempotency key, so a
// refund is first recorded (at most one open per transaction, by a partial unique index), then
// asked of Fawry, then settled once — by Fawry's 200 answer or by its REFUNDED notification,
// whichever comes first. A refusal is retried by the cron, then raised to SuperAdmins; a call
// whose answer was lost is never resent before Fawry's status says the money was not returned.
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { paymentAlarms, type refunds } from "../../../schema/db";
import type { PaymentAlarmView } from "../../../schema/api/payment";
import type { Receipt } from "../../../schema/api/transaction";
import {
  RefundStatus,
  Role,
  TransactionStatus,
  type PaymentAlarmKind,
  type PaymentMethod,
  type PlanPeriod,
} from "../../../schema/enums";
import type { Env } from "../../core/env";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import type { Logger } from "../../core/logger";
import type { Scope } from "../../core/scope";
import { toEgp, type FawryClient } from "../../integrations/fawry";
import { publishToUser } from "../../../durable-objects/clients";
import { d1, statement } from "../../core/db";
import { enqueue } from "../../notifications/outbox";
import { paymentMessages } from "../../notifications/payment-messages";
import { findTransaction, type TransactionRow } from "./transactions";
import { auditStatement, type AuditActor } from "../staff/audit";
import { HOUR_MS, MINUTE_MS } from "../../../schema/time";

const S = TransactionStatus;
const R = RefundStatus;

/** Refusals by Fawry before a refund is raised to SuperAdmins and no longer retried. */
export const MAX_REFUND_ATTEMPTS = 3;
/** A Pending refund older than this has lost its answer: the cron asks Fawry's status. */
export const STALE_REFUND_MS = 5 * MINUTE_MS;

export type RefundRow = typeof refunds.$inferSelect;
export type RefundReason = "cancel" | "admin" | "unapplied";

/**
 * The statements that open a refund of `amount` piasters on a paid transaction, for the same batch
 * as the change that causes it. `when` (SQL) guards the whole thing (e.g. "this batch's
 * cancellation won"). The refund row is inserted only while the transaction is Paid or
 * PartialRefunded with that much left and no other refund open (the partial unique index), and
 * with a staff request's `idempotencyKey` only once per key (its unique index); the insert answers
 * the new row's id (RETURNING), so the batch knows whether it opened it. The transaction then
 * shows Refunding. Safe to run any number of times: one row at most.
 */
export function openRefundStatements(
  db: Db,
  input: {
    transactionId: number | null;
    amount: number;
    reason: RefundReason;
    requestedBy: number | null;
    idempotencyKey?: string | null;
    when?: SQL;
  },
  at: string,
) {
  const when = input.when ?? sql`1`;
  return [
    statement(
      db,
      sql`INSERT INTO refunds (transaction_id, amount, reason, status, attempts, requested_by, idempotency_key, created_at, updated_at)
      SELECT id, ${input.amount}, ${input.reason}, ${R.Pending}, 0, ${input.requestedBy}, ${input.idempotencyKey ?? null}, ${at}, ${at} FROM transactions
      WHERE id = ${input.transactionId} AND ${input.amount} > 0 AND status IN (${S.Paid}, ${S.PartialRefunded})
        AND amount - refunded_amount >= ${input.amount} AND ${when}
      ON CONFLICT DO NOTHING RETURNING id`,
    ),
    statement(
      db,
      sql`UPDATE transactions SET status = ${S.Refunding}, updated_at = ${at}
      WHERE id = ${input.transactionId} AND status IN (${S.Paid}, ${S.PartialRefunded})
        AND EXISTS (SELECT 1 FROM refunds WHERE transaction_id = ${input.transactionId} AND status = ${R.Pending} AND created_at = ${at})`,
    ),
  ];
}

/** The open (Pending or Failed) refund of a transaction, if any. */
export async function openRefundOf(db: Db, transactionId: number): Promise<RefundRow | null> {
  const [row] = await db.all<Record<string, unknown>>(
    sql`SELECT * FROM refunds WHERE transaction_id = ${transactionId} AND status IN (${R.Pending}, ${R.Failed}) LIMIT 1`,
  );
  return row ? toRefundRow(row) : null;
}

/** The refund a staff request's key made, if any (settled or not). */
export async function refundByKey(db: Db, idempotencyKey: string): Promise<RefundRow | null> {
  const [row] = await db.all<Record<string, unknown>>(
    sql`SELECT * FROM refunds WHERE idempotency_key = ${idempotencyKey} LIMIT 1`,
  );
  return row ? toRefundRow(row) : null;
}

const toRefundRow = (row: Record<string, unknown>): RefundRow => ({
  id: row.id as number,
  transactionId: row.transaction_id as number,
  amount: row.amount as number,
  reason: row.reason as string,
  status: row.status as number,
  attempts: row.attempts as number,
  lastError: (row.last_error as string | null) ?? null,
  requestedBy: (row.requested_by as number | null) ?? null,
  settledBy: (row.settled_by as string | null) ?? null,
  idempotencyKey: (row.idempotency_key as string | null) ?? null,
  doneAt: (row.done_at as string | null) ?? null,
  createdAt: row.created_at as string,
  updatedAt: row.updated_at as string,
});

/** A transaction's refunds, oldest first (receipts, the admin view). */
export async function refundsOf(db: Db, transactionId: number): Promise<RefundRow[]> {
  const rows = await db.all<Record<string, unknown>>(
    sql`SELECT * FROM refunds WHERE transaction_id = ${transactionId} ORDER BY id`,
  );
  return rows.map(toRefundRow);
}

/** An alarm for admins, once per kind and transaction (unique index); a statement for a batch. */
export function alarmStatement(
  db: Db,
  kind: PaymentAlarmKind,
  at: string,
  input: { transactionId?: number | null; merchantRefNum?: string | null; details?: unknown; when?: SQL },
) {
  return statement(
    db,
    sql`INSERT INTO payment_alarms (kind, transaction_id, merchant_ref_num, details, created_at)
    SELECT ${kind}, ${input.transactionId ?? null}, ${input.merchantRefNum ?? null}, ${input.details === undefined ? null : JSON.stringify(input.details)}, ${at}
    WHERE ${input.when ?? sql`1`}
    -- Without a transaction the unique index does not dedupe: one open alarm per kind and order.
    AND NOT EXISTS (SELECT 1 FROM payment_alarms WHERE kind = ${kind} AND resolved_at IS NULL
      AND transaction_id IS NULL AND merchant_ref_num IS ${input.merchantRefNum ?? null} AND ${input.transactionId ?? null} IS NULL)
    ON CONFLICT DO NOTHING`,
  );
}

export async function raiseAlarm(
  db: Db,
  kind: PaymentAlarmKind,
  input: { transactionId?: number | null; merchantRefNum?: string | null; details?: unknown },
  now = new Date(),
) {
  await d1(db).batch([alarmStatement(db, kind, now.toISOString(), input)]);
}

/**
 * Marks a refund Done and adds its amount to the transaction (Refunded when nothing is left,
 * else PartialRefunded): one batch, and the nonce makes the second half run only for the
 * settlement that won the first, so a notification and the refund call's answer racing each
 * other add the amount once.
 */
export async function settleRefund(
  db: Db,
  refund: Pick<RefundRow, "id" | "transactionId">,
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  const nonce = crypto.randomUUID();
  const [won] = await d1(db).batch<{ id: number }>([
    statement(
      db,
      sql`UPDATE refunds SET status = ${R.Done}, done_at = ${at}, settled_by = ${nonce}, last_error = NULL, updated_at = ${at}
      WHERE id = ${refund.id} AND status IN (${R.Pending}, ${R.Failed}) RETURNING id`,
    ),
    statement(
      db,
      sql`UPDATE transactions SET
        refunded_amount = refunded_amount + (SELECT amount FROM refunds WHERE id = ${refund.id}),
        status = CASE WHEN refunded_amount + (SELECT amount FROM refunds WHERE id = ${refund.id}) >= amount THEN ${S.Refunded} ELSE ${S.PartialRefunded} END,
        updated_at = ${at}
      WHERE id = ${refund.transactionId} AND EXISTS (SELECT 1 FROM refunds WHERE id = ${refund.id} AND settled_by = ${nonce})`,
    ),
    // A failed-refund alarm is answered by the refund itself.
    statement(
      db,
      sql`UPDATE payment_alarms SET resolved_at = ${at}, note = 'refunded'
      WHERE kind = 'refund-failed' AND transaction_id = ${refund.transactionId} AND resolved_at IS NULL
      AND EXISTS (SELECT 1 FROM refunds WHERE id = ${refund.id} AND settled_by = ${nonce})`,
    ),
  ]);
  return (won?.results.length ?? 0) > 0;
}

/**
 * Records Fawry's refusal: the refund Failed (retried by the cron), the transaction RefundFailed;
 * after MAX_REFUND_ATTEMPTS an alarm raised to SuperAdmins. One batch.
 */
async function failRefund(db: Db, refund: RefundRow, error: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const exhausted = sql`EXISTS (SELECT 1 FROM refunds WHERE id = ${refund.id} AND status = ${R.Failed} AND attempts >= ${MAX_REFUND_ATTEMPTS})`;
  const [, , alarm] = await d1(db).batch<{ id: number }>([
    statement(
      db,
      sql`UPDATE refunds SET status = ${R.Failed}, last_error = ${error.slice(0, 500)}, updated_at = ${at}
      WHERE id = ${refund.id} AND status IN (${R.Pending}, ${R.Failed})`,
    ),
    statement(
      db,
      sql`UPDATE transactions SET status = ${S.RefundFailed}, updated_at = ${at}
      WHERE id = ${refund.transactionId} AND status IN (${S.Refunding}, ${S.RefundFailed})
      AND EXISTS (SELECT 1 FROM refunds WHERE id = ${refund.id} AND status = ${R.Failed})`,
    ),
    statement(
      db,
      sql`INSERT INTO payment_alarms (kind, transaction_id, details, created_at)
      SELECT 'refund-failed', ${refund.transactionId}, ${JSON.stringify({ refundId: refund.id, amount: refund.amount, error })}, ${at}
      WHERE ${exhausted} ON CONFLICT DO NOTHING RETURNING id`,
    ),
  ]);
  return (alarm?.results.length ?? 0) > 0;
}

export type RefundOutcome = "done" | "failed" | "pending";

/**
 * Asks Fawry for an open refund (counting the attempt first), then settles it or records the
 * refusal. A network failure leaves it Pending: the answer may have been lost after Fawry
 * refunded, so the cron asks Fawry's status before any new call.
 */
export async function requestRefund(
  scope: Scope,
  { fawry, refund }: { fawry: FawryClient; refund: RefundRow },
): Promise<RefundOutcome> {
  const { db, logger, env, now } = scope;
  const at = now.toISOString();
  const [counted] = await db.all<{
    attempts: number;
  }>(sql`UPDATE refunds SET attempts = attempts + 1, status = ${R.Pending}, updated_at = ${at}
    WHERE id = ${refund.id} AND status IN (${R.Pending}, ${R.Failed}) RETURNING attempts`);
  if (!counted) return "done";
  const tx = await findTransaction(db, refund.transactionId);
  if (tx.status === S.RefundFailed)
    await db.run(
      sql`UPDATE transactions SET status = ${S.Refunding}, updated_at = ${at} WHERE id = ${tx.id} AND status = ${S.RefundFailed}`,
    );
  let outcome: RefundOutcome;
  if (!tx.fawryRefNumber) {
    if (await failRefund(db, { ...refund, attempts: counted.attempts }, "no Fawry reference number", now))
      await tellSuperAdmins(db, tx, now);
    outcome = "failed";
  } else {
    const answer = await fawry
      .refund({
        referenceNumber: tx.fawryRefNumber,
        refundAmount: toEgp(refund.amount),
        reason: reasonText[refund.reason as RefundReason] ?? refund.reason,
      })
      .catch((error) => {
        logger.warn("fawry refund call failed", {
          transactionId: tx.id,
          refundId: refund.id,
          error: String(error),
        });
        return null;
      });
    if (answer === null) outcome = "pending";
    else if (answer.statusCode === 200) {
      await settleRefund(db, refund, now);
      outcome = "done";
    } else {
      logger.warn("fawry refused the refund", {
        transactionId: tx.id,
        refundId: refund.id,
        statusCode: answer.statusCode,
      });
      const raised = await failRefund(
        db,
        { ...refund, attempts: counted.attempts },
        `${answer.statusCode} ${answer.statusDescription ?? ""}`.trim(),
        now,
      );
      if (raised) {
        await tellSuperAdmins(db, tx, now);
        await tellStudentRefundDelayed(db, tx, now);
      }
      outcome = "failed";
    }
  }
  const after = await findTransaction(db, tx.id);
  if (env && after.status !== tx.status) await announce(env, after, logger);
  if (outcome === "done" && after.status !== tx.status)
    await tellStudentRefunded(db, after, refund.amount, now);
  return outcome;
}

/** The refund reason sent to Fawry (its dashboard shows it). */
const reasonText: Record<RefundReason, string> = {
  cancel: "subscription canceled",
  admin: "refund by support",
  unapplied: "payment could not be applied",
};

export async function announce(env: Env, tx: TransactionRow, logger: Logger) {
  await publishToUser(
    env,
    tx.userId,
    { type: "TransactionStatusUpdate", payload: { transactionId: tx.id, status: tx.status } },
    logger,
  ).catch((error) => logger.warn("TransactionStatusUpdate not published", { error: String(error) }));
}

/** The student hears that the money is on its way back (once per transaction and amount). */
async function tellStudentRefunded(db: Db, tx: TransactionRow, amount: number, now: Date) {
  const [user] = await db.all<{ id: number; email: string }>(
    sql`SELECT id, email FROM users WHERE id = ${tx.userId}`,
  );
  if (!user) return;
  await enqueue(
    db,
    {
      userId: user.id,
      channel: "email",
      recipient: user.email,
      kind: "receipts",
      ...paymentMessages.refunded(amount, tx.id),
      dedupeKey: `refund-done:${tx.id}:${tx.refundedAmount}`,
    },
    now,
  );
}

/** The student hears that the automatic refund did not go through and a person now handles it (once). */
async function tellStudentRefundDelayed(db: Db, tx: TransactionRow, now: Date) {
  const [user] = await db.all<{ id: number; email: string }>(
    sql`SELECT id, email FROM users WHERE id = ${tx.userId}`,
  );
  if (!user) return;
  await enqueue(
    db,
    {
      userId: user.id,
      channel: "email",
      recipient: user.email,
      kind: "receipts",
      ...paymentMessages.refundDelayed(tx.id),
      dedupeKey: `refund-delayed:${tx.id}`,
    },
    now,
  );
}

/** SuperAdmins hear of a refund Fawry keeps refusing (once per transaction). */
export async function tellSuperAdmins(
  db: Db,
  tx: Pick<TransactionRow, "id">,
  now: Date,
  subject = paymentMessages.refundFailed(tx.id, MAX_REFUND_ATTEMPTS).subject,
) {
  const admins = await db.all<{ id: number; email: string }>(
    sql`SELECT id, email FROM users WHERE role = ${Role.SuperAdmin} AND deleted_at IS NULL`,
  );
  for (const admin of admins)
    await enqueue(
      db,
      {
        userId: admin.id,
        channel: "email",
        recipient: admin.email,
        subject,
        body: paymentMessages.refundFailed(tx.id, MAX_REFUND_ATTEMPTS).body,
        dedupeKey: `refund-failed:${tx.id}:${admin.id}`,
      },
      now,
    );
}

/**
 * The cron's refund pass: refusals retried until MAX_REFUND_ATTEMPTS; a Pending refund whose
 * answer was lost is settled when Fawry's status shows the money went back (and nothing had been
 * refunded before, so the status is unambiguous), resent when Fawry still shows the order paid.
 */
export async function retryRefunds(
  scope: Scope,
  { fawry, limit = 20 }: { fawry: FawryClient; limit?: number },
): Promise<number> {
  const { db, logger, env, now } = scope;
  const stale = new Date(now.getTime() - STALE_REFUND_MS).toISOString();
  const rows = (
    await db.all<Record<string, unknown>>(sql`SELECT * FROM refunds
      WHERE (status = ${R.Failed} AND attempts < ${MAX_REFUND_ATTEMPTS}) OR (status = ${R.Pending} AND updated_at <= ${stale})
      ORDER BY updated_at LIMIT ${limit}`)
  ).map(toRefundRow);
  let settled = 0;
  for (const refund of rows) {
    if (refund.status === R.Pending) {
      const tx = await findTransaction(db, refund.transactionId);
      const details = await fawry.status(tx.merchantRefNum).catch(() => undefined);
      if (details === undefined) continue;
      const status = String(details?.orderStatus ?? "").toUpperCase();
      if ((status === "REFUNDED" || status === "PARTIAL_REFUNDED") && tx.refundedAmount === 0) {
        if (await settleRefund(db, refund, now)) {
          settled++;
          if (env) await announce(env, await findTransaction(db, tx.id), logger);
        }
        continue;
      }
      if (status !== "PAID") {
        await raiseAlarm(
          db,
          "refund-failed",
          { transactionId: tx.id, details: { refundId: refund.id, fawryStatus: status || null } },
          now,
        );
        continue;
      }
    }
    if ((await requestRefund(scope, { fawry, refund })) === "done") settled++;
  }
  return settled;
}

/** Alarms for admins, newest first, with their transaction's status now. */
export async function listAlarms(db: Db, query: { resolved?: "true" | "false"; page: number; size: number }) {
  const resolved = query.resolved === "true";
  const where = resolved ? sql`a.resolved_at IS NOT NULL` : sql`a.resolved_at IS NULL`;
  const [rows, counted] = await d1(db).batch<Record<string, unknown>>([
    statement(
      db,
      sql`SELECT a.*, t.status AS tx_status, t.amount AS tx_amount, t.user_id AS tx_user FROM payment_alarms a
      LEFT JOIN transactions t ON t.id = a.transaction_id WHERE ${where}
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`,
    ),
    statement(db, sql`SELECT COUNT(*) AS total FROM payment_alarms a WHERE ${where}`),
  ]);
  const list: PaymentAlarmView[] = (rows?.results ?? []).map((row) => ({
    id: row.id as number,
    kind: row.kind as PaymentAlarmKind,
    transactionId: (row.transaction_id as number | null) ?? null,
    merchantRefNum: (row.merchant_ref_num as string | null) ?? null,
    details: row.details ? (JSON.parse(row.details as string) as Record<string, unknown>) : null,
    transactionStatus: (row.tx_status as TransactionStatus | null) ?? null,
    amount: (row.tx_amount as number | null) ?? null,
    userId: (row.tx_user as number | null) ?? null,
    createdAt: row.created_at as string,
    resolvedAt: (row.resolved_at as string | null) ?? null,
    note: (row.note as string | null) ?? null,
  }));
  return { list, total: (counted?.results[0]?.total as number | undefined) ?? 0 };
}

/**
 * Marks an alarm handled, with a note, audited in the same batch; payment-alarm-not-found when it
 * is unknown or already resolved.
 */
export async function resolveAlarm(
  db: Db,
  { id, note, actor, now }: { id: number; note: string; actor: AuditActor; now: Date },
) {
  const at = now.toISOString();
  const update = db
    .update(paymentAlarms)
    .set({ resolvedAt: at, resolvedBy: actor.userId, note })
    .where(and(eq(paymentAlarms.id, id), isNull(paymentAlarms.resolvedAt)))
    .returning({ id: paymentAlarms.id });
  const [rows] = await db.batch([
    update,
    auditStatement(
      db,
      actor,
      { action: "payment.resolve", targetType: "payment-alarm", targetId: id, after: { note } },
      now,
    ),
  ]);
  if (rows.length === 0) fail("payment-alarm-not-found");
  return { id, resolvedAt: at };
}

const PAID_STATES: TransactionStatus[] = [S.Paid, S.PartialRefunded, S.Refunded, S.Refunding, S.RefundFailed];

/** A transaction's receipts: its payment once paid, then each refund once done. */
export async function receiptsOf(db: Db, tx: TransactionRow): Promise<Receipt[]> {
  if (tx.paidAt === null || !PAID_STATES.includes(tx.status as TransactionStatus)) return [];
  const [context, done] = await d1(db).batch<Record<string, unknown>>([
    statement(
      db,
      sql`SELECT u.name AS name, u.email AS email, p.weekly_minutes AS weekly_minutes, c.code AS coupon_code,
        (SELECT start FROM subscriptions WHERE transaction_id = ${tx.id}) AS sub_start,
        (SELECT "end" FROM subscriptions WHERE transaction_id = ${tx.id}) AS sub_end
      FROM users u, plans p LEFT JOIN coupons c ON c.id = ${tx.couponId}
      WHERE u.id = ${tx.userId} AND p.id = ${tx.planId}`,
    ),
    statement(
      db,
      sql`SELECT id, amount, done_at FROM refunds WHERE transaction_id = ${tx.id} AND status = ${R.Done} ORDER BY id`,
    ),
  ]);
  const row = context?.results[0] ?? {};
  const common = {
    transactionId: tx.id,
    student: { name: (row.name as string | null) ?? null, email: String(row.email ?? "") },
    plan: { id: tx.planId, weeklyMinutes: Number(row.weekly_minutes ?? 0), period: tx.period as PlanPeriod },
    subscription: row.sub_start ? { start: String(row.sub_start), end: String(row.sub_end) } : null,
    baseAmount: tx.baseAmount,
    coupon: row.coupon_code ? { code: String(row.coupon_code), discount: tx.couponDiscount ?? 0 } : null,
    method: tx.method as PaymentMethod,
    merchantRefNum: tx.merchantRefNum,
    fawryRefNumber: tx.fawryRefNumber,
  };
  const pad = (n: number) => String(n).padStart(6, "0");
  return [
    { kind: "payment", number: `P-${pad(tx.id)}`, date: tx.paidAt, amount: tx.amount, ...common },
    ...(done?.results ?? []).map((refund): Receipt => ({
      kind: "refund",
      number: `R-${pad(refund.id as number)}`,
      date: String(refund.done_at),
      amount: refund.amount as number,
      ...common,
    })),
  ];
}

/** The hour (UTC) of the daily digest: 06:00 UTC is 08:00 or 09:00 in Cairo. */
export const DIGEST_HOUR_UTC = 6;

/**
 * The daily digest to SuperAdmins when payments need attention: how many open alarms of each
 * kind, once a day (the outbox dedupe key carries the date). Answers the number of open alarms.
 */
export async function sendPaymentsDigest(db: Db, now: Date): Promise<number> {
  const kinds = await db.all<{ kind: string; n: number }>(
    sql`SELECT kind, COUNT(*) AS n FROM payment_alarms WHERE resolved_at IS NULL GROUP BY kind ORDER BY kind`,
  );
  const total = kinds.reduce((sum, row) => sum + row.n, 0);
  if (total === 0) return 0;
  const day = now.toISOString().slice(0, 10);
  const admins = await db.all<{ id: number; email: string }>(
    sql`SELECT id, email FROM users WHERE role = ${Role.SuperAdmin} AND deleted_at IS NULL`,
  );
  const text = paymentMessages.digest(
    total,
    kinds.map((row) => [digestKinds[row.kind] ?? row.kind, row.n] as const),
  );
  for (const admin of admins)
    await enqueue(
      db,
      {
        userId: admin.id,
        channel: "email",
        recipient: admin.email,
        ...text,
        dedupeKey: `payments-digest:${day}:${admin.id}`,
      },
      now,
    );
  return total;
}

const digestKinds: Record<string, string> = {
  "wrong-amount": "مبلغ مختلف عن الطلب",
  "other-customer": "إشعار باسم عميل تاني",
  "unknown-order": "إشعار لطلب مش عندنا",
  "bad-signature": "إشعار بتوقيع غلط",
  "unapplied-payment": "دفعة اترجعت لأنها ما اشترتش حاجة",
  "refund-failed": "استرداد رفضته فوري",
};

/** Stale: unpaid an hour past its expiry (the reconciliation could not settle it), or refunding for over an hour. */
export const STALE_ORDER_MS = HOUR_MS;

/** Orders the reconciliation has not settled: what an admin should look at beside the alarms. */
export async function staleOrders(db: Db, now = new Date(), limit = 50): Promise<TransactionRow[]> {
  const before = new Date(now.getTime() - STALE_ORDER_MS).toISOString();
  const rows = await db.all<Record<string, unknown>>(sql`SELECT id FROM transactions
    WHERE (status = ${S.New} AND expires_at IS NOT NULL AND expires_at <= ${before})
       OR (status = ${S.Refunding} AND updated_at <= ${before})
    ORDER BY updated_at LIMIT ${limit}`);
  return Promise.all(rows.map((row) => findTransaction(db, row.id as number)));
}
