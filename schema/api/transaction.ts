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
  status: z.coerce.number({ error: "bad-request" }).int("bad-request").min(0, "bad-request").max(6, "bad-request").optional(),
});
