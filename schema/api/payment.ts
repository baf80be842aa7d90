// Payment contracts (/fawry/...): checkout bodies and their answers. Money in piasters.
import { z } from "zod";
import { couponCodeRule, phoneRule } from "../rules";
import type { PaymentAlarmKind, TransactionStatus } from "../enums";
import type { SubscriptionView } from "./subscription";
import type { TransactionView } from "./transaction";

const id = z.number({ error: "bad-request" }).int("bad-request").positive("bad-request");

/** What a checkout pays for: plan + period, optionally a coupon. */
export const checkoutBody = z.object({
  planId: id,
  period: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: "bad-request" }),
  couponCode: couponCodeRule.optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

export const payCardBody = checkoutBody.extend({
  cardToken: z.string({ error: "bad-request" }).min(1, "bad-request").max(200, "bad-request"),
  cvv: z.string({ error: "bad-request" }).regex(/^\d{3,4}$/, "bad-request"),
});
export const payInstallmentsBody = payCardBody.extend({ installmentPlanId: id });
export const payWalletBody = checkoutBody.extend({ phone: phoneRule.optional() });

export const transactionIdBody = z.object({ transactionId: id });
export const refundBody = z.object({
  transactionId: id,
  /** Piasters; the whole remaining amount when absent. */
  amount: id.optional(),
  reason: z.string({ error: "bad-request" }).max(200, "bad-request").optional(),
});
export const transactionIdQuery = z.object({ transactionId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request") });
export const cardTokenQuery = z.object({ token: z.string({ error: "bad-request" }).min(1, "bad-request").max(200, "bad-request") });

export type CardPayment = { transaction: TransactionView; redirectUrl: string };
export type ReferencePayment = { transaction: TransactionView; referenceNumber: string; expiresAt: string };
export type WalletPayment = { transaction: TransactionView; referenceNumber: string; walletQr: string | null; expiresAt: string };
/** POST /fawry/pay/free: the zero transaction and the subscription it started. */
export type FreeOrder = { transaction: TransactionView; subscription: SubscriptionView };
/** GET /fawry/refund/quote: piasters a SuperAdmin's refund defaults to, and the most it may be. */
export type RefundQuote = { computed: number; remaining: number; subscriptionId: number | null };
export type SavedCard = { token: string; maskedPan: string; brand: string; isDefault: boolean };
export type InstallmentOption = { id: number; nameAr: string; months: number; rate: number; minAmount: number; maxAmount: number };

/** GET /fawry/alarms: open (default) or resolved alarms, newest first. */
export const paymentAlarmListQuery = z.object({
  resolved: z.enum(["true", "false"], { error: "bad-request" }).optional(),
  page: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").default(1),
  size: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").max(100, "bad-request").default(20),
});
export const resolveAlarmBody = z.object({ note: z.string({ error: "bad-request" }).trim().min(1, "bad-request").max(500, "bad-request") });

export type PaymentAlarmView = {
  id: number;
  kind: PaymentAlarmKind;
  transactionId: number | null;
  merchantRefNum: string | null;
  /** What was received or what failed. */
  details: Record<string, unknown> | null;
  /** The transaction's status now (null without one). */
  transactionStatus: TransactionStatus | null;
  amount: number | null;
  userId: number | null;
  createdAt: string;
  resolvedAt: string | null;
  note: string | null;
};
