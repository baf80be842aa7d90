// Payment contracts (/fawry/...): checkout bodies and their answers. Money in piasters.
import { z } from "zod";
import { couponCodeRule, phoneRule } from "../rules";
import { TransactionStatus, paymentAlarmKinds } from "../enums";
import { subscriptionView } from "./subscription";
import { transactionView } from "./transaction";
import { contract } from "./contract";
import { idParam, paged } from "./common";

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
  /**
   * Made once each time the staff refund dialog opens: the same key again answers with the refund it
   * made (settled or not) instead of refunding twice; a key of another transaction is bad-request.
   */
  idempotencyKey: z.uuid({ error: "bad-request" }),
  /** A second, different refund of a transaction that already had one must say so (else refund-already-made). */
  confirmAnotherRefund: z.boolean({ error: "bad-request" }).optional(),
});
export type RefundBody = z.infer<typeof refundBody>;
export const transactionIdQuery = z.object({
  transactionId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request"),
});
export const cardTokenQuery = z.object({
  token: z.string({ error: "bad-request" }).min(1, "bad-request").max(200, "bad-request"),
});

export const cardPayment = z.object({ transaction: transactionView, redirectUrl: z.string() });
export type CardPayment = z.output<typeof cardPayment>;
export const referencePayment = z.object({
  transaction: transactionView,
  referenceNumber: z.string(),
  expiresAt: z.string(),
});
export type ReferencePayment = z.output<typeof referencePayment>;
export const walletPayment = z.object({
  transaction: transactionView,
  referenceNumber: z.string(),
  walletQr: z.string().nullable(),
  expiresAt: z.string(),
});
export type WalletPayment = z.output<typeof walletPayment>;
/** POST /fawry/pay/free: the zero transaction and the subscription it started. */
export const freeOrder = z.object({ transaction: transactionView, subscription: subscriptionView });
export type FreeOrder = z.output<typeof freeOrder>;
/** GET /fawry/refund/quote: piasters a SuperAdmin's refund defaults to, and the most it may be. */
export const refundQuote = z.object({
  computed: z.number(),
  remaining: z.number(),
  subscriptionId: z.number().nullable(),
});
export type RefundQuote = z.output<typeof refundQuote>;
export const savedCard = z.object({
  token: z.string(),
  maskedPan: z.string(),
  brand: z.string(),
  isDefault: z.boolean(),
});
export type SavedCard = z.output<typeof savedCard>;
export const installmentOption = z.object({
  id: z.number(),
  nameAr: z.string(),
  months: z.number(),
  rate: z.number(),
  minAmount: z.number(),
  maxAmount: z.number(),
});
export type InstallmentOption = z.output<typeof installmentOption>;

/** GET /fawry/alarms: open (default) or resolved alarms, newest first. */
export const paymentAlarmListQuery = z.object({
  resolved: z.enum(["true", "false"], { error: "bad-request" }).optional(),
  page: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").default(1),
  size: z.coerce
    .number({ error: "bad-request" })
    .int("bad-request")
    .positive("bad-request")
    .max(100, "bad-request")
    .default(20),
});
export const resolveAlarmBody = z.object({
  note: z.string({ error: "bad-request" }).trim().min(1, "bad-request").max(500, "bad-request"),
});

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

/** GET /fawry/installment-plans — the plans offered for an amount (all without one). */
export const installmentPlansQuery = z.object({
  amount: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
});
/** POST /fawry/pay/ref-num — a reference number to pay at a Fawry outlet. */
export const payReferenceBody = z.object({
  planId: payCardBody.shape.planId,
  period: payCardBody.shape.period,
  couponCode: payCardBody.shape.couponCode,
});
/** POST /fawry/payment-status — Fawry's server notification, trusted only through its signature. */
export const fawryNotificationBody = z.looseObject({ messageSignature: z.string({ error: "bad-request" }) });

/** The Fawry payment endpoints (worker/routes/fawry.ts), the local sandbox last. */
export const paymentContracts = {
  payCard: contract({
    method: "post",
    path: "/fawry/pay/card",
    body: payCardBody,
    status: 201,
    response: cardPayment,
  }),
  payInstallments: contract({
    method: "post",
    path: "/fawry/pay/bank-installments",
    body: payInstallmentsBody,
    status: 201,
    response: cardPayment,
  }),
  installmentPlans: contract({
    method: "get",
    path: "/fawry/installment-plans",
    query: installmentPlansQuery,
    response: z.array(installmentOption),
  }),
  payReference: contract({
    method: "post",
    path: "/fawry/pay/ref-num",
    body: payReferenceBody,
    status: 201,
    response: referencePayment,
  }),
  payWallet: contract({
    method: "post",
    path: "/fawry/pay/e-wallet",
    body: payWalletBody,
    status: 201,
    response: walletPayment,
  }),
  cancelUnpaid: contract({
    method: "post",
    path: "/fawry/cancel-unpaid-order",
    body: transactionIdBody,
    response: transactionView,
  }),
  refundQuote: contract({
    method: "get",
    path: "/fawry/refund/quote",
    query: transactionIdQuery,
    response: refundQuote,
  }),
  refund: contract({ method: "post", path: "/fawry/refund", body: refundBody, response: transactionView }),
  alarms: contract({
    method: "get",
    path: "/fawry/alarms",
    query: paymentAlarmListQuery,
    response: paged(paymentAlarmView),
  }),
  staleOrders: contract({ method: "get", path: "/fawry/stale-orders", response: z.array(transactionView) }),
  resolveAlarm: contract({
    method: "post",
    path: "/fawry/alarms/:id/resolve",
    body: resolveAlarmBody,
    params: idParam,
    response: z.object({ id: z.number(), resolvedAt: z.string() }),
  }),
  payFree: contract({
    method: "post",
    path: "/fawry/pay/free",
    body: checkoutBody,
    status: 201,
    response: freeOrder,
  }),
  cards: contract({ method: "get", path: "/fawry/card-token/list", response: z.array(savedCard) }),
  deleteCard: contract({
    method: "delete",
    path: "/fawry/card-token",
    query: cardTokenQuery,
    status: 204,
    response: "empty",
  }),
  addCardUrl: contract({
    method: "get",
    path: "/fawry/card-token/url",
    response: z.object({ url: z.string() }),
  }),
  paymentStatus: contract({
    method: "get",
    path: "/fawry/payment-status",
    query: transactionIdQuery,
    response: transactionView,
  }),
  syncStale: contract({
    method: "post",
    path: "/fawry/payment-status/sync",
    response: z.object({ synced: z.number() }),
  }),
  notification: contract({
    method: "post",
    path: "/fawry/payment-status",
    body: fawryNotificationBody,
    response: z.object({ ok: z.boolean() }),
  }),
  sandboxGet: contract({ method: "get", path: "/dev/fawry/*", response: "emulated" }),
  sandboxPost: contract({ method: "post", path: "/dev/fawry/*", response: "emulated" }),
  sandboxDelete: contract({ method: "delete", path: "/dev/fawry/*", response: "emulated" }),
};
