// Payment contracts (/fawry/...): checkout bodies and their answers. Money in piasters.
import { z } from "zod";
import { couponCodeRule, phoneRule } from "../rules";
import { TransactionStatus, paymentAlarmKinds } from "../enums";
import { subscriptionView } from "./subscription";
import { transactionView } from "./transaction";

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

export const cardPayment = z.object({ transaction: transactionView, redirectUrl: z.string() });
export type CardPayment = z.output<typeof cardPayment>;
export const referencePayment = z.object({ transaction: transactionView, referenceNumber: z.string(), expiresAt: z.string() });
export type ReferencePayment = z.output<typeof referencePayment>;
export const walletPayment = z.object({ transaction: transactionView, referenceNumber: z.string(), walletQr: z.string().nullable(), expiresAt: z.string() });
export type WalletPayment = z.output<typeof walletPayment>;
/** POST /fawry/pay/free: the zero transaction and the subscription it started. */
export const freeOrder = z.object({ transaction: transactionView, subscription: subscriptionView });
export type FreeOrder = z.output<typeof freeOrder>;
/** GET /fawry/refund/quote: piasters a SuperAdmin's refund defaults to, and the most it may be. */
export const refundQuote = z.object({ computed: z.number(), remaining: z.number(), subscriptionId: z.number().nullable() });
export type RefundQuote = z.output<typeof refundQuote>;
export const savedCard = z.object({ token: z.string(), maskedPan: z.string(), brand: z.string(), isDefault: z.boolean() });
export type SavedCard = z.output<typeof savedCard>;
export const installmentOption = z.object({ id: z.number(), nameAr: z.string(), months: z.number(), rate: z.number(), minAmount: z.number(), maxAmount: z.number() });
export type InstallmentOption = z.output<typeof installmentOption>;

/** GET /fawry/alarms: open (default) or resolved alarms, newest first. */
export const paymentAlarmListQuery = z.object({
  resolved: z.enum(["true", "false"], { error: "bad-request" }).optional(),
  page: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").default(1),
  size: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").max(100, "bad-request").default(20),
});
export const resolveAlarmBody = z.object({ note: z.string({ error: "bad-request" }).trim().min(1, "bad-request").max(500, "bad-request") });

export const paymentAlarmView = z.object({
  id: z.number(),
  kind: z.enum(paymentAlarmKinds),
  transactionId: z.number().nullable(),
  merchantRefNum: z.string().nullable(),
  /** What was received or what failed. */
  details: z.record(z.string(), z.unknown()).nullable(),
  /** The transaction's status now (null without one). */
  transactionStatus: z.enum(TransactionStatus).nullable(),
  amount: z.number().nullable(),
  userId: z.number().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type PaymentAlarmView = z.output<typeof paymentAlarmView>;
