import { z } from "zod";
import type { PaymentMethod, PlanPeriod, TransactionStatus } from "../enums";
import { pageQuery } from "./common";

export type TransactionView = {
  id: number;
  userId: number;
  planId: number;
  period: PlanPeriod;
  baseAmount: number;
  amount: number;
  couponId: number | null;
  couponDiscount: number | null;
  inviteId: number | null;
  method: PaymentMethod;
  status: TransactionStatus;
  merchantRefNum: string;
  fawryRefNumber: string | null;
  refundedAmount: number;
  expiresAt: string | null;
  paidAt: string | null;
  createdAt: string;
};

/**
 * One transaction (GET /tx/{id}). `walletQr`: the e-wallet QR Fawry gave when the order was made,
 * for its payer while the order waits (so a reloaded checkout shows it again); otherwise null.
 */
export type TransactionDetail = TransactionView & { walletQr: string | null };

/** Students see their own; admins may filter by user. Anyone may filter by status and plan. */
export const transactionListQuery = pageQuery.extend({
  userId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
  planId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
  status: z.coerce.number({ error: "bad-request" }).int("bad-request").min(0, "bad-request").max(8, "bad-request").optional(),
});

/**
 * A receipt (GET /tx/{id}/receipts): one for the payment once paid, one for each refund once
 * done. Numbers are stable: P-<transaction id> and R-<refund id>, zero-padded.
 */
export type Receipt = {
  kind: "payment" | "refund";
  number: string;
  /** When the money moved (paid, or refunded). */
  date: string;
  transactionId: number;
  student: { name: string | null; email: string };
  plan: { id: number; weeklyMinutes: number; period: PlanPeriod };
  /** The subscription's period, when one came of it. */
  subscription: { start: string; end: string } | null;
  /** Piasters: the plan's price, the coupon's share, what moved. */
  baseAmount: number;
  coupon: { code: string; discount: number } | null;
  amount: number;
  method: PaymentMethod;
  merchantRefNum: string;
  fawryRefNumber: string | null;
};
