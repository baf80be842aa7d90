import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { CappedPaged } from "../../../schema/api/common";
import type { PaymentFailure, TransactionView } from "../../../schema/api/transaction";
import { transactions } from "../../../schema/db";
import { PaymentMethod, TransactionStatus, type PlanPeriod } from "../../../schema/enums";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { COUNT_LIMIT, cappedTotal } from "../../core/capped-count";

export type TransactionRow = typeof transactions.$inferSelect;

export const toTransactionView = (row: TransactionRow): TransactionView => ({
  id: row.id,
  userId: row.userId,
  planId: row.planId,
  period: row.period as PlanPeriod,
  baseAmount: row.baseAmount,
  amount: row.amount,
  couponId: row.couponId,
  couponDiscount: row.couponDiscount,
  inviteId: row.inviteId,
  method: row.method as PaymentMethod,
  status: row.status as TransactionStatus,
  merchantRefNum: row.merchantRefNum,
  fawryRefNumber: row.fawryRefNumber,
  refundedAmount: row.refundedAmount,
  expiresAt: row.expiresAt,
  paidAt: row.paidAt,
  createdAt: row.createdAt,
  failure: paymentFailureOf(row),
});

/** Fawry's code for a card the issuer refused for its funds (docs/services.md §1); others are read from the text. */
const DECLINE_CODES = new Set([99951]);

/**
 * Why a Failed payment failed, from what Fawry said and we kept in provider_payload: the
 * notification's failureErrorCode / failureReason, or a refused charge's statusCode /
 * statusDescription (a description that came with 200 is not a reason). The payer cancelling the
 * bank's check is "canceled", a failed check "authentication", a refused card "declined"; a
 * failure with no reason we recognise is "other". Null unless the transaction is Failed.
 */
export function paymentFailureOf(
  row: Pick<TransactionRow, "status" | "providerPayload">,
): PaymentFailure | null {
  if (row.status !== TransactionStatus.Failed) return null;
  let said: Record<string, unknown> = {};
  try {
    const parsed: unknown = row.providerPayload ? JSON.parse(row.providerPayload) : {};
    if (parsed && typeof parsed === "object") said = parsed as Record<string, unknown>;
  } catch {
    return "other";
  }
  const failed = Number(said.statusCode ?? 0) !== 200;
  const code = Number(said.failureErrorCode ?? (failed ? said.statusCode : 0));
  const text = [said.failureReason, failed ? said.statusDescription : undefined, said.orderStatus]
    .filter((part): part is string => typeof part === "string")
    .join(" ")
    .toLowerCase();
  if (/cancel|abandon|timed? ?out/.test(text)) return "canceled";
  if (/3-?d|3ds|authenticat|secure|otp|verif/.test(text)) return "authentication";
  if (
    DECLINE_CODES.has(code) ||
    /declin|insufficient|honou?r|restricted|not permitted|limit|refus/.test(text)
  )
    return "declined";
  return "other";
}

export async function findTransaction(db: Db, id: number): Promise<TransactionRow> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row ?? fail("transaction-not-found");
}

export async function findByMerchantRef(db: Db, merchantRefNum: string): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.merchantRefNum, merchantRefNum))
    .limit(1);
  return row ?? null;
}

/**
 * GET /tx/list: transactions newest first (transactions_created_idx, or a user's off
 * transactions_user_created_idx), and the total counted up to the cap (worker/core/capped-count.ts),
 * in one round trip.
 */
export async function listTransactions(
  db: Db,
  filter: { userId?: number; planId?: number; status?: number; page: number; size: number },
): Promise<CappedPaged<TransactionView>> {
  const parts: SQL[] = [];
  if (filter.userId !== undefined) parts.push(eq(transactions.userId, filter.userId));
  if (filter.planId !== undefined) parts.push(eq(transactions.planId, filter.planId));
  if (filter.status !== undefined) parts.push(eq(transactions.status, filter.status));
  const where = parts.length ? and(...parts) : undefined;
  const offset = (filter.page - 1) * filter.size;
  const counting = db
    .select({ one: sql`1` })
    .from(transactions)
    .where(where)
    .limit(COUNT_LIMIT)
    .as("counted");
  const [list, [counted]] = await db.batch([
    db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(filter.size)
      .offset(offset),
    db.select({ total: sql<number>`count(*)` }).from(counting),
  ]);
  return { list: list.map(toTransactionView), ...cappedTotal(counted?.total) };
}

export async function lastTransaction(db: Db, userId: number): Promise<TransactionView | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(1);
  return row ? toTransactionView(row) : null;
}

/** The QR of a waiting e-wallet order, from Fawry's stored answer to the charge; else null. */
export function walletQrOf(row: TransactionRow): string | null {
  if (row.method !== PaymentMethod.EWallet || row.status !== TransactionStatus.New || !row.providerPayload)
    return null;
  try {
    const qr = (JSON.parse(row.providerPayload) as { walletQr?: unknown }).walletQr;
    return typeof qr === "string" && qr.length > 0 ? qr : null;
  } catch {
    return null;
  }
}
