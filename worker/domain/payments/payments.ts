// Checkout and payment state (docs/rules.md, Payments). A transaction is created before
// Fawry is called; its status changes only from a verified notification or a status query, each
// transition one conditional UPDATE so repeats and races change nothing.
import { sql } from "drizzle-orm";
import type { CheckoutBody } from "../../../schema/api/payment";
import { transactions } from "../../../schema/db";
import { PaymentMethod, TransactionStatus, type PlanPeriod } from "../../../schema/enums";
import { HOUR_MS, MINUTE_MS } from "../../../schema/time";
import type { Config } from "../../core/env";
import type { Db } from "../../core/context";
import { Failure, fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import { toPiasters, type FawryClient, type PaymentDetails } from "../../integrations/fawry";
import { publishToUser } from "../../../durable-objects/clients";
import { publishLessonCanceled } from "../../realtime/lesson-events";
import { applyDiscount, usableCoupon } from "./coupons";
import { confirmPayment } from "./confirmation";
import { liveInviteFor } from "./invites";
import { d1, statement } from "../../core/db";
import { findVisiblePlan, periodPrice } from "./plans";
import {
  currentSubscriptionQuery,
  findSubscription,
  grantSubscription,
  refundAmount,
  refundInputsOf,
} from "./subscriptions";
import { liveSubscriptionSql, SubscriptionState } from "../state-rules";
import {
  alarmStatement,
  announce,
  openRefundOf,
  openRefundStatements,
  raiseAlarm,
  requestRefund,
  settleRefund,
} from "./refunds";
import { findByMerchantRef, findTransaction, type TransactionRow } from "./transactions";
import { tutorsChanged } from "../tutors/tutor-list";

const S = TransactionStatus;
/** Unpaid orders expire: reference number 24 h, wallet 3 h; a card's 3-D Secure step 1 h. */
export const unpaidLifetime: Record<PaymentMethod, number> = {
  [PaymentMethod.ReferenceNumber]: 24 * HOUR_MS,
  [PaymentMethod.EWallet]: 3 * HOUR_MS,
  [PaymentMethod.Card]: HOUR_MS,
  [PaymentMethod.BankInstallment]: HOUR_MS,
  // A free order is settled in the request that creates it.
  [PaymentMethod.Free]: HOUR_MS,
};

const envDigit = (config: Config) => ({ local: "1", staging: "2", production: "3" })[config.ENVIRONMENT];

/**
 * merchantRefNum: digits only, never reused, ≤ 2^53: environment digit + unix seconds (10) +
 * 5 random digits. The seconds keep it unique across wiped databases; the unique index catches the rest.
 */
export function newMerchantRefNum(config: Config, now = new Date()): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0]! % 100000;
  return (
    envDigit(config) +
    Math.floor(now.getTime() / 1000)
      .toString()
      .padStart(10, "0") +
    random.toString().padStart(5, "0")
  );
}

/**
 * Creates the New transaction for a checkout: visible plan (invite-only needs a live invite),
 * price, coupon. With a coupon, one batch inserts the transaction only while the coupon still has
 * a use left and reserves that use (coupons.uses + 1, a coupon_uses row), so concurrent checkouts
 * can never exceed its maximum; the use is released if the order ends unpaid (releaseCoupon).
 */
export async function createTransaction(
  scope: Scope,
  { userId, body, method }: { userId: number; body: CheckoutBody; method: PaymentMethod },
): Promise<TransactionRow> {
  const { db, config, now } = scope;
  const plan = await findVisiblePlan(db, body.planId, userId, false, now);
  const [active] = await currentSubscriptionQuery(db, userId, now);
  if (active) fail("subscription-exists");
  const invite = plan.inviteOnly ? await liveInviteFor(db, userId, plan.id, now) : null;
  if (plan.inviteOnly && !invite) fail("invite-not-found");
  const coupon = body.couponCode ? await usableCoupon(db, body.couponCode, now) : null;
  const baseAmount = periodPrice(plan, body.period as PlanPeriod);
  const amount = coupon ? applyDiscount(baseAmount, coupon.discount) : baseAmount;
  // An order of 0 (a 100 % coupon, a free invited plan) makes no Fawry call: POST /fawry/pay/free.
  if (method === PaymentMethod.Free) {
    if (amount > 0) fail("order-not-free");
  } else if (amount <= 0) fail("order-is-free");
  const at = now.toISOString();
  const couponId = coupon?.id ?? null;
  const expiresAt = new Date(now.getTime() + unpaidLifetime[method]).toISOString();
  for (let attempt = 0; attempt < 3; attempt++) {
    const merchantRefNum = newMerchantRefNum(config, now);
    const mine = sql`merchant_ref_num = ${merchantRefNum} AND user_id = ${userId} AND created_at = ${at} AND status = ${S.New}`;
    const [inserted] = await d1(db).batch<{ id: number }>([
      statement(
        db,
        sql`INSERT INTO transactions (user_id, plan_id, period, base_amount, amount, coupon_id, coupon_discount, invite_id,
          method, status, merchant_ref_num, expires_at, created_at, updated_at)
        SELECT ${userId}, ${plan.id}, ${body.period}, ${baseAmount}, ${amount}, ${couponId}, ${coupon?.discount ?? null}, ${invite?.id ?? null},
          ${method}, ${S.New}, ${merchantRefNum}, ${expiresAt}, ${at}, ${at}
        WHERE ${couponId} IS NULL OR EXISTS (SELECT 1 FROM coupons WHERE id = ${couponId} AND deleted_at IS NULL
          AND expires_at > ${at} AND (max_uses IS NULL OR uses < max_uses))
        ON CONFLICT DO NOTHING RETURNING id`,
      ),
      statement(
        db,
        sql`UPDATE coupons SET uses = uses + 1, updated_at = ${at}
        WHERE id = ${couponId} AND EXISTS (SELECT 1 FROM transactions WHERE ${mine} AND coupon_id = ${couponId})`,
      ),
      statement(
        db,
        sql`INSERT INTO coupon_uses (coupon_id, user_id, transaction_id, created_at)
        SELECT coupon_id, user_id, id, ${at} FROM transactions WHERE ${mine} AND coupon_id IS NOT NULL
        ON CONFLICT DO NOTHING`,
      ),
    ]);
    const id = inserted?.results[0]?.id;
    if (id !== undefined)
      return {
        id,
        userId,
        planId: plan.id,
        period: body.period,
        baseAmount,
        amount,
        couponId,
        couponDiscount: coupon?.discount ?? null,
        inviteId: invite?.id ?? null,
        method,
        status: S.New,
        merchantRefNum,
        fawryRefNumber: null,
        providerPayload: null,
        refundedAmount: 0,
        expiresAt,
        paidAt: null,
        createdAt: at,
        updatedAt: at,
      };
    // Not inserted: the coupon's last use went to a concurrent checkout (its code), or a clash of
    // merchantRefNum (tried again with another).
    if (body.couponCode) await usableCoupon(db, body.couponCode, now);
  }
  return fail("unexpected");
}

/** The transaction ended unpaid (Canceled, Expired, Failed, never paid) while this batch runs. */
const endedUnpaid = (txId: number) =>
  sql`EXISTS (SELECT 1 FROM transactions WHERE id = ${txId} AND status IN (${S.Canceled}, ${S.Expired}, ${S.Failed}) AND paid_at IS NULL)`;

/**
 * Releases the coupon use an order reserved, once it has ended unpaid: appended to the batch
 * that changed its status. Idempotent: the coupon_uses row is deleted with the release.
 */
export function releaseCoupon(
  db: Db,
  tx: Pick<TransactionRow, "id" | "couponId">,
  at: string,
): D1PreparedStatement[] {
  if (tx.couponId === null) return [];
  return [
    statement(
      db,
      sql`UPDATE coupons SET uses = MAX(uses - 1, 0), updated_at = ${at}
      WHERE id = ${tx.couponId} AND EXISTS (SELECT 1 FROM coupon_uses WHERE transaction_id = ${tx.id}) AND ${endedUnpaid(tx.id)}`,
    ),
    statement(db, sql`DELETE FROM coupon_uses WHERE transaction_id = ${tx.id} AND ${endedUnpaid(tx.id)}`),
  ];
}

/** Ends a New order unpaid (Expired, Canceled or Failed) and releases its coupon use: one batch. */
export async function closeUnpaid(
  db: Db,
  tx: TransactionRow,
  to: typeof S.Expired | typeof S.Canceled | typeof S.Failed,
  now = new Date(),
  extra: { fawryRefNumber?: string | null; providerPayload?: string } = {},
): Promise<TransactionRow> {
  const at = now.toISOString();
  await d1(db).batch([
    statement(
      db,
      sql`UPDATE transactions SET status = ${to}, updated_at = ${at},
      fawry_ref_number = COALESCE(${extra.fawryRefNumber ?? null}, fawry_ref_number),
      provider_payload = COALESCE(${extra.providerPayload ?? null}, provider_payload)
      WHERE id = ${tx.id} AND status = ${S.New}`,
    ),
    ...releaseCoupon(db, tx, at),
  ]);
  return findTransaction(db, tx.id);
}

/** Records Fawry's answer to the charge: its reference number, or Failed when Fawry refused. */
export async function recordCharge(
  db: Db,
  tx: TransactionRow,
  answer: { statusCode: number; referenceNumber?: string },
  now = new Date(),
) {
  const payload = JSON.stringify(answer);
  if (answer.statusCode !== 200)
    return closeUnpaid(db, tx, S.Failed, now, {
      fawryRefNumber: answer.referenceNumber ?? null,
      providerPayload: payload,
    });
  const [row] = await db
    .update(transactions)
    .set({
      fawryRefNumber: answer.referenceNumber ?? null,
      providerPayload: payload,
      updatedAt: now.toISOString(),
    })
    .where(sql`${transactions.id} = ${tx.id} AND ${transactions.status} = ${TransactionStatus.New}`)
    .returning();
  return row ?? tx;
}

const statusByName: Record<string, TransactionStatus> = {
  PAID: TransactionStatus.Paid,
  CANCELED: TransactionStatus.Canceled,
  CANCELLED: TransactionStatus.Canceled,
  REFUNDED: TransactionStatus.Refunded,
  PARTIAL_REFUNDED: TransactionStatus.PartialRefunded,
  EXPIRED: TransactionStatus.Expired,
  FAILED: TransactionStatus.Failed,
};

/** Fawry's orderStatus as ours; NEW and UNPAID (and anything unknown) change nothing. */
export const statusFromFawry = (orderStatus: string): TransactionStatus | null =>
  statusByName[orderStatus.toUpperCase()] ?? null;

/**
 * Monotonic transitions: from each target, the statuses it may replace. A real payment wins over
 * an unpaid end (PAID after EXPIRED is honoured: the money was taken); nothing goes back to New;
 * Refunded is final.
 */
export const allowedFrom: Record<TransactionStatus, TransactionStatus[]> = {
  [S.New]: [],
  // PAID after CANCELED is applied like any late payment when the order was never paid (a racing
  // checkout closed it here while Fawry still took the money); the subscription's unique index then
  // decides which of a student's payments is the plan, and the others are refunded (refundUnapplied).
  [S.Paid]: [S.New, S.Expired, S.Failed, S.Canceled],
  [S.Expired]: [S.New],
  [S.Failed]: [S.New],
  [S.Canceled]: [S.New, S.Paid],
  [S.PartialRefunded]: [S.Paid],
  [S.Refunded]: [S.Paid, S.PartialRefunded],
  // Only through the refund ledger (refunds.ts), never from a notification.
  [S.Refunding]: [],
  [S.RefundFailed]: [],
};

export type Applied = { transaction: TransactionRow; changed: boolean };

/**
 * Applies a verified notification or status answer. One batch: the conditional status update,
 * then the coupon use (kept or taken when Paid, released when it ended unpaid) and the invite;
 * a PAID transaction then gets its subscription through grantSubscription, idempotent on the
 * transaction id. Money is never kept without a service: a PAID order that cannot be applied
 * (the student already has a plan — another of their payments applied first —, the plan is gone,
 * a paid order was cancelled) is refunded in full and raised to admins; an order cancelled before
 * it was ever paid is applied like any late payment. A wrong amount or another customer's id is
 * refused and raised.
 */
export async function applyPaymentDetails(
  scope: Scope,
  { details, fawry }: { details: PaymentDetails; fawry: FawryClient },
): Promise<Applied | null> {
  const { db, logger, env, now } = scope;
  const tx = await findByMerchantRef(db, String(details.merchantRefNumber));
  const at = now.toISOString();
  if (!tx) {
    logger.warn("fawry details for an unknown order", {
      merchantRefNumber: String(details.merchantRefNumber),
    });
    await raiseAlarm(
      db,
      "unknown-order",
      { merchantRefNum: String(details.merchantRefNumber), details: summary(details) },
      now,
    );
    return null;
  }
  const to = statusFromFawry(String(details.orderStatus));
  if (to === null) return { transaction: tx, changed: false };
  if (details.customerMerchantId !== undefined && String(details.customerMerchantId) !== String(tx.userId)) {
    logger.warn("fawry details for another customer", { transactionId: tx.id });
    await raiseAlarm(
      db,
      "other-customer",
      { transactionId: tx.id, merchantRefNum: tx.merchantRefNum, details: summary(details) },
      now,
    );
    return { transaction: tx, changed: false };
  }
  if (to === S.Paid && toPiasters(details.paymentAmount) < tx.amount) {
    logger.warn("fawry paid less than the order", { transactionId: tx.id, paid: details.paymentAmount });
    await raiseAlarm(
      db,
      "wrong-amount",
      { transactionId: tx.id, merchantRefNum: tx.merchantRefNum, details: summary(details) },
      now,
    );
    return { transaction: tx, changed: false };
  }
  // A refund we asked for: Fawry's REFUNDED / PARTIAL_REFUNDED settles the open ledger row.
  if (
    (to === S.Refunded || to === S.PartialRefunded) &&
    (tx.status === S.Refunding || tx.status === S.RefundFailed)
  ) {
    const open = await openRefundOf(db, tx.id);
    const changed = open ? await settleRefund(db, open, now) : false;
    const current = await findTransaction(db, tx.id);
    if (changed && env) await announce(env, current, logger);
    return { transaction: current, changed };
  }
  // Paid again after a paid order was cancelled: the money is refunded, nothing is granted.
  if (to === S.Paid && tx.status === S.Canceled && tx.paidAt !== null)
    return refundUnapplied(scope, { tx, details, why: "order-canceled", fawry });
  const from = allowedFrom[to];
  const refunded =
    to === S.Refunded
      ? tx.amount
      : to === S.PartialRefunded
        ? Math.max(tx.refundedAmount, tx.amount - toPiasters(details.paymentAmount))
        : null;
  const [updated] = await d1(db).batch<TransactionRow>([
    statement(
      db,
      sql`UPDATE transactions SET status = ${to}, updated_at = ${at},
      provider_payload = ${JSON.stringify(details)},
      fawry_ref_number = COALESCE(fawry_ref_number, ${details.fawryRefNumber ?? null}),
      paid_at = CASE WHEN ${to} = ${S.Paid} THEN ${at} ELSE paid_at END,
      refunded_amount = COALESCE(${refunded}, refunded_amount)
      WHERE id = ${tx.id} AND status IN (${sql.join(
        from.map((s) => sql`${s}`),
        sql`, `,
      )}) AND (${to} <> ${S.Paid} OR paid_at IS NULL)
      RETURNING id`,
    ),
    // A paid order keeps its reserved coupon use; one whose use was released (PAID after
    // EXPIRED) takes it again, beyond the maximum if need be: the money was taken.
    statement(
      db,
      sql`UPDATE coupons SET uses = uses + 1, updated_at = ${at}
      WHERE id = ${tx.couponId} AND EXISTS (SELECT 1 FROM transactions WHERE id = ${tx.id} AND status = ${S.Paid})
      AND NOT EXISTS (SELECT 1 FROM coupon_uses WHERE transaction_id = ${tx.id})`,
    ),
    statement(
      db,
      sql`INSERT INTO coupon_uses (coupon_id, user_id, transaction_id, created_at)
      SELECT ${tx.couponId}, ${tx.userId}, ${tx.id}, ${at} WHERE ${tx.couponId} IS NOT NULL
      AND EXISTS (SELECT 1 FROM transactions WHERE id = ${tx.id} AND status = ${S.Paid})
      ON CONFLICT DO NOTHING`,
    ),
    ...releaseCoupon(db, tx, at),
    statement(
      db,
      sql`UPDATE invites SET used_at = ${at}, updated_at = ${at}
      WHERE id = ${tx.inviteId} AND used_at IS NULL
      AND EXISTS (SELECT 1 FROM transactions WHERE id = ${tx.id} AND status = ${S.Paid})`,
    ),
  ]);
  const changed = (updated?.results.length ?? 0) > 0;
  const current = await findTransaction(db, tx.id);
  if (current.status === S.Paid) {
    try {
      await grantSubscription(db, {
        userId: current.userId,
        planId: current.planId,
        period: current.period as PlanPeriod,
        amount: current.amount,
        transactionId: current.id,
        now,
      });
    } catch (error) {
      const code = error instanceof Failure ? error.code : String(error);
      logger.error("paid transaction without a subscription: refunded", {
        transactionId: current.id,
        error: code,
      });
      return refundUnapplied(scope, { tx: current, details, why: code, fawry });
    }
    // The student hears it went through, with the receipt (once per transaction: the outbox dedupe key).
    if (changed)
      await confirmPayment(scope, current).catch((error) =>
        logger.error("payment confirmation not stored", { transactionId: current.id, error: String(error) }),
      );
  }
  if (changed && (to === S.Refunded || to === S.Canceled) && tx.status !== S.New) {
    const canceledLessons = await endSubscriptionOf(db, current, at);
    if (env && canceledLessons.length) await publishLessonCanceled(env, db, canceledLessons, logger);
  }
  if (changed && env) await announce(env, current, logger);
  return { transaction: current, changed };
}

/** What an alarm keeps of a notification (no signature). */
const summary = (details: PaymentDetails) => ({
  merchantRefNumber: details.merchantRefNumber,
  fawryRefNumber: details.fawryRefNumber,
  orderStatus: details.orderStatus,
  paymentAmount: details.paymentAmount,
  orderAmount: details.orderAmount,
  customerMerchantId: details.customerMerchantId ?? null,
});

/** This batch opened the transaction's unapplied-payment refund. */
const openedHere = (txId: number, at: string) =>
  sql`EXISTS (SELECT 1 FROM refunds WHERE transaction_id = ${txId} AND reason = 'unapplied' AND created_at = ${at})`;

/**
 * A payment that bought nothing: one batch marks it paid (if it was cancelled), opens a full
 * refund only while no subscription came of it, and raises the alarm; so any number of repeated
 * notifications open one refund. Then Fawry is asked (or, without a client, the cron asks).
 */
async function refundUnapplied(
  scope: Scope,
  {
    tx,
    details,
    why,
    fawry,
  }: { tx: TransactionRow; details: PaymentDetails; why: string; fawry: FawryClient },
): Promise<Applied> {
  const { db, logger, env, now } = scope;
  const at = now.toISOString();
  const noService = sql`NOT EXISTS (SELECT 1 FROM subscriptions WHERE transaction_id = ${tx.id})`;
  await d1(db).batch([
    statement(
      db,
      sql`UPDATE transactions SET status = ${S.Paid}, paid_at = ${at}, updated_at = ${at},
      provider_payload = ${JSON.stringify(details)}, fawry_ref_number = COALESCE(fawry_ref_number, ${details.fawryRefNumber ?? null})
      WHERE id = ${tx.id} AND status = ${S.Canceled}`,
    ),
    ...openRefundStatements(
      db,
      {
        transactionId: tx.id,
        amount: tx.amount - tx.refundedAmount,
        reason: "unapplied",
        requestedBy: null,
        when: noService,
      },
      at,
    ),
    alarmStatement(db, "unapplied-payment", at, {
      transactionId: tx.id,
      merchantRefNum: tx.merchantRefNum,
      details: { why, ...summary(details) },
      when: noService,
    }),
    // It bought nothing: its coupon use and its invite are given back (only by the batch that opened the refund).
    statement(
      db,
      sql`UPDATE coupons SET uses = MAX(uses - 1, 0), updated_at = ${at}
      WHERE id = ${tx.couponId} AND EXISTS (SELECT 1 FROM coupon_uses WHERE transaction_id = ${tx.id}) AND ${openedHere(tx.id, at)}`,
    ),
    statement(db, sql`DELETE FROM coupon_uses WHERE transaction_id = ${tx.id} AND ${openedHere(tx.id, at)}`),
    statement(
      db,
      sql`UPDATE invites SET used_at = NULL, updated_at = ${at} WHERE id = ${tx.inviteId} AND ${openedHere(tx.id, at)}`,
    ),
  ]);
  const open = await openRefundOf(db, tx.id);
  if (open && open.attempts === 0 && open.reason === "unapplied")
    await requestRefund(scope, { fawry, refund: open });
  const current = await findTransaction(db, tx.id);
  if (env && current.status !== tx.status) await announce(env, current, logger);
  return { transaction: current, changed: current.status !== tx.status };
}

/** A refunded or cancelled payment ends its subscription and cancels its future lessons (answers their ids). */
async function endSubscriptionOf(db: Db, tx: TransactionRow, at: string): Promise<number[]> {
  const [, canceled] = await d1(db).batch<{ id: number }>([
    statement(
      db,
      sql`UPDATE subscriptions SET status = ${SubscriptionState.Canceled}, canceled_at = ${at}, refund_amount = ${tx.refundedAmount}, updated_at = ${at}
      WHERE transaction_id = ${tx.id} AND status = ${SubscriptionState.Active}`,
    ),
    statement(
      db,
      sql`UPDATE lessons SET canceled_at = ${at}, updated_at = ${at}
      WHERE canceled_at IS NULL AND start > ${at}
      AND subscription_id IN (SELECT id FROM subscriptions WHERE transaction_id = ${tx.id} AND status = ${SubscriptionState.Canceled} AND canceled_at = ${at})
      RETURNING id`,
    ),
  ]);
  if (canceled?.results.length) tutorsChanged(); // the tutors' time is free again: the cached list is stale
  return (canceled?.results ?? []).map((row) => row.id);
}

/**
 * Asks Fawry for a transaction's status and applies it. An order Fawry still reports unpaid (or
 * does not know) expires once past its own expiry (reference number 24 h, wallet 3 h): the same
 * moment sent to Fawry as paymentExpiry. A failed status call changes nothing.
 */
export async function syncTransaction(
  scope: Scope,
  { client, tx }: { client: FawryClient; tx: TransactionRow },
): Promise<TransactionRow> {
  const { db, logger, env, now } = scope;
  const details = await client.status(tx.merchantRefNum).catch((error) => {
    logger.warn("fawry status failed", { transactionId: tx.id, error: String(error) });
    return undefined;
  });
  if (details === undefined) return tx;
  const current = details
    ? ((await applyPaymentDetails(scope, { details, fawry: client }))?.transaction ?? tx)
    : tx;
  if (current.status !== S.New || current.expiresAt === null || current.expiresAt > now.toISOString())
    return current;
  const expired = await closeUnpaid(db, current, S.Expired, now);
  if (env && expired.status === S.Expired)
    await publishToUser(
      env,
      expired.userId,
      { type: "TransactionStatusUpdate", payload: { transactionId: expired.id, status: expired.status } },
      logger,
    ).catch((error) => logger.warn("TransactionStatusUpdate not published", { error: String(error) }));
  return expired;
}

/** Stale unpaid orders (New for over 10 minutes): synced with Fawry, expired when past their expiry. */
export async function syncStaleTransactions(
  scope: Scope,
  { client, limit = 50 }: { client: FawryClient; limit?: number },
): Promise<number> {
  const { db, now } = scope;
  const before = new Date(now.getTime() - 10 * MINUTE_MS).toISOString();
  const stale = await db
    .select()
    .from(transactions)
    .where(sql`${transactions.status} = ${S.New} AND ${transactions.createdAt} <= ${before}`)
    .orderBy(transactions.createdAt)
    .limit(limit);
  let synced = 0;
  for (const tx of stale) {
    const after = await syncTransaction(scope, { client, tx });
    if (after.status !== tx.status) synced++;
  }
  return synced;
}

/**
 * One open order at a time: once a new checkout's order is valid (`keep`), the student's other
 * unpaid orders are cancelled at Fawry (and here) before Fawry hears of the new one. An order Fawry says is already paid is applied first (its
 * subscription then refuses the new checkout with subscription-exists); one Fawry cannot cancel
 * and does not report paid is being paid right now: order-being-paid.
 */
export async function closeOtherOrders(
  scope: Scope,
  { client, userId, keep = 0 }: { client: FawryClient; userId: number; keep?: number },
): Promise<void> {
  const { db, logger, env, now } = scope;
  const open = await db
    .select()
    .from(transactions)
    .where(
      sql`${transactions.userId} = ${userId} AND ${transactions.status} = ${S.New} AND ${transactions.id} <> ${keep}`,
    )
    .limit(10);
  for (const tx of open) {
    if (tx.fawryRefNumber) {
      const answer = await client.cancelUnpaid(tx.fawryRefNumber).catch((error) => {
        logger.warn("fawry cancel-unpaid failed", { transactionId: tx.id, error: String(error) });
        return null;
      });
      if (answer === null) fail("order-being-paid");
      if (![200, 9984, 9938, 404].includes(answer.code)) {
        // 400: already paid (or cancelled): apply what Fawry says, then decide.
        const after = await syncTransaction(scope, { client, tx });
        if (after.status === S.New) fail("order-being-paid");
        // Paid after all: the plan it bought is the student's; no second order.
        if (after.status === S.Paid) fail("subscription-exists");
        continue;
      }
    }
    const closed = await closeUnpaid(db, await findTransaction(db, tx.id), S.Canceled, now);
    if (env && closed.status !== tx.status) await announce(env, closed, logger);
  }
}

/**
 * A free order (total 0): no Fawry call. The zero transaction is the record, the coupon use is
 * reserved with it exactly as for a paid order (so its maximum holds under concurrency), the
 * subscription starts at once; if it cannot (a racing checkout won), the order is cancelled and
 * the coupon use given back.
 */
export async function createFreeOrder(
  scope: Scope,
  {
    userId,
    body,
    beforeGrant,
  }: { userId: number; body: CheckoutBody; beforeGrant?: (tx: TransactionRow) => Promise<void> },
) {
  const { db, now } = scope;
  const tx = await createTransaction(scope, { userId, body, method: PaymentMethod.Free });
  let subscription;
  try {
    await beforeGrant?.(tx);
    subscription = await grantSubscription(db, {
      userId,
      planId: tx.planId,
      period: tx.period as PlanPeriod,
      amount: 0,
      transactionId: tx.id,
      now,
    });
  } catch (error) {
    await closeUnpaid(db, tx, S.Canceled, now);
    throw error;
  }
  const at = now.toISOString();
  await d1(db).batch([
    statement(
      db,
      sql`UPDATE transactions SET status = ${S.Paid}, paid_at = ${at}, updated_at = ${at} WHERE id = ${tx.id} AND status = ${S.New}`,
    ),
    statement(
      db,
      sql`UPDATE invites SET used_at = ${at}, updated_at = ${at} WHERE id = ${tx.inviteId} AND used_at IS NULL`,
    ),
  ]);
  return { transaction: await findTransaction(db, tx.id), subscription };
}

/** What a SuperAdmin's refund of a transaction defaults to: the cancellation rule while its plan is live, else all that remains. */
export async function refundQuote(db: Db, tx: TransactionRow, now = new Date()) {
  const remaining = tx.amount - tx.refundedAmount;
  const [sub] = await db.all<{ id: number }>(
    sql`SELECT id FROM subscriptions WHERE transaction_id = ${tx.id} AND ${liveSubscriptionSql("subscriptions", now.toISOString())}`,
  );
  if (!sub) return { remaining, computed: remaining, subscriptionId: null };
  const found = (await findSubscription(db, sub.id))!;
  return {
    remaining,
    computed: Math.min(remaining, refundAmount(await refundInputsOf(db, found, now))),
    subscriptionId: sub.id,
  };
}
