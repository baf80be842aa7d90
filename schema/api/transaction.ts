import { z } from "zod";
import { PaymentMethod, PlanPeriod, TransactionStatus } from "../enums";
import { cappedPaged, servedPagesOnly, pageQuery, idParam } from "./common";
import { contract } from "./contract";

/**
 * Why a Failed payment failed, as far as Fawry said it (worker/domain/payments/transactions.ts,
 * paymentFailureOf): the card was declined, the bank's check (3-D Secure) did not pass, the payer
 * left or cancelled that check, or no reason given. Null for any other status.
 */
export const PAYMENT_FAILURES = ["declined", "authentication", "canceled", "other"] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];

export const transactionView = z.object({
  id: z.number(),
  userId: z.number(),
  planId: z.number(),
  period: z.enum(PlanPeriod),
  baseAmount: z.number(),
  amount: z.number(),
  couponId: z.number().nullable(),
  couponDiscount: z.number().nullable(),
  inviteId: z.number().nullable(),
  method: z.enum(PaymentMethod),
  status: z.enum(TransactionStatus),
  merchantRefNum: z.string(),
  fawryRefNumber: z.string().nullable(),
  refundedAmount: z.number(),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  failure: z.enum(PAYMENT_FAILURES).nullable(),
});
export type TransactionView = z.output<typeof transactionView>;

/**
 * One transaction (GET /tx/{id}). `walletQr`: the e-wallet QR Fawry gave when the order was made,
 * for its payer while the order waits (so a reloaded checkout shows it again); otherwise null.
 */
export const transactionDetail = transactionView.extend({ walletQr: z.string().nullable() });
export type TransactionDetail = z.output<typeof transactionDetail>;

/** Students see their own; admins may filter by user. Anyone may filter by status and plan. */
export const transactionListQuery = servedPagesOnly(
  pageQuery.extend({
    userId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
    planId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
    status: z.coerce
      .number({ error: "bad-request" })
      .int("bad-request")
      .min(0, "bad-request")
      .max(8, "bad-request")
      .optional(),
  }),
);

/**
 * A receipt (GET /tx/{id}/receipts): one for the payment once paid, one for each refund once
 * done. Numbers are stable: P-<transaction id> and R-<refund id>, zero-padded.
 */
export const receipt = z.object({
  kind: z.enum(["payment", "refund"]),
  number: z.string(),
  /** When the money moved (paid, or refunded). */
  date: z.string(),
  transactionId: z.number(),
  student: z.object({ name: z.string().nullable(), email: z.string() }),
  plan: z.object({ id: z.number(), weeklyMinutes: z.number(), period: z.enum(PlanPeriod) }),
  /** The subscription's period, when one came of it. */
  subscription: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** Piasters: the plan's price, the coupon's share, what moved. */
  baseAmount: z.number(),
  coupon: z.object({ code: z.string(), discount: z.number() }).nullable(),
  amount: z.number(),
  method: z.enum(PaymentMethod),
  merchantRefNum: z.string(),
  fawryRefNumber: z.string().nullable(),
});
export type Receipt = z.output<typeof receipt>;

/** The transaction endpoints (worker/routes/transaction.ts). */
export const transactionContracts = {
  list: contract({
    method: "get",
    path: "/tx/list",
    query: transactionListQuery,
    response: cappedPaged(transactionView),
  }),
  last: contract({ method: "get", path: "/tx/last", response: transactionView.nullable() }),
  get: contract({ method: "get", path: "/tx/:id", params: idParam, response: transactionDetail }),
  receipts: contract({
    method: "get",
    path: "/tx/:id/receipts",
    params: idParam,
    response: z.array(receipt),
  }),
};
