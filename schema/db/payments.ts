// Payments through Fawry: transactions, coupons and their uses, invites.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, deletedAt, updatedAt } from "./columns";
import { users } from "./identity";
import { plans } from "./plans";

export const coupons = sqliteTable(
  "coupons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** 3..20 of A-Z 0-9 - _, stored upper-case. */
    code: text("code").notNull(),
    /** Basis points 100..10000. */
    discount: integer("discount").notNull(),
    expiresAt: text("expires_at").notNull(),
    /** Null = unlimited. */
    maxUses: integer("max_uses"),
    /**
     * Uses taken: one reserved by each order at checkout (with `WHERE max_uses IS NULL OR uses <
     * max_uses`, one batch with the order) and given back when the order ends unpaid.
     */
    uses: integer("uses").notNull().default(0),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [uniqueIndex("coupons_code_uq").on(t.code)],
);

/** A plan offered to one user until a date. */
export const invites = sqliteTable(
  "invites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    expiresAt: text("expires_at").notNull(),
    note: text("note"),
    createdBy: integer("created_by").references(() => users.id),
    /** Set when a transaction using it is paid. */
    usedAt: text("used_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index("invites_user_plan_idx").on(t.userId, t.planId), index("invites_plan_idx").on(t.planId)],
);

/**
 * Created before calling Fawry. Changes state only from Fawry's signed notification or a status
 * query. A PAID notification inserts the subscription once (subscriptions.transaction_id unique).
 */
export const transactions = sqliteTable(
  "transactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    /** PlanPeriod enum: Month 0, Quarter 1, Year 2. */
    period: integer("period").notNull(),
    /** Piasters before the coupon. */
    baseAmount: integer("base_amount").notNull(),
    /** Piasters charged (after the coupon). */
    amount: integer("amount").notNull(),
    couponId: integer("coupon_id").references(() => coupons.id),
    /** Coupon discount applied, basis points (copied at checkout). */
    couponDiscount: integer("coupon_discount"),
    inviteId: integer("invite_id").references(() => invites.id),
    /** PaymentMethod enum: Card 0, EWallet 1, BankInstallment 2, ReferenceNumber 3, Free 4. */
    method: integer("method").notNull(),
    /** TransactionStatus enum: New 0, Paid 1, Canceled 2, Refunded 3, Expired 4, PartialRefunded 5, Failed 6, Refunding 7, RefundFailed 8. */
    status: integer("status").notNull().default(0),
    /** Our order id sent to Fawry. */
    merchantRefNum: text("merchant_ref_num").notNull(),
    /** Fawry's reference number (also what the user pays at an outlet). */
    fawryRefNumber: text("fawry_ref_number"),
    /** Last raw Fawry response / notification (JSON). */
    providerPayload: text("provider_payload"),
    /** Piasters refunded so far. */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** Unpaid orders expire (reference number 24 h, wallet 3 h). */
    expiresAt: text("expires_at"),
    paidAt: text("paid_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("transactions_merchant_ref_num_uq").on(t.merchantRefNum),
    index("transactions_fawry_ref_number_idx").on(t.fawryRefNumber),
    index("transactions_user_created_idx").on(t.userId, t.createdAt),
    index("transactions_status_expires_idx").on(t.status, t.expiresAt),
    // GET /tx/list unfiltered (the admin's view): newest first, a page read off the index.
    index("transactions_created_idx").on(t.createdAt, t.id),
    // The admin area's revenue per month (GET /stats/series): payments by payment time.
    index("transactions_paid_at_idx").on(t.paidAt),
  ],
);

export const couponUses = sqliteTable(
  "coupon_uses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupon_uses_transaction_uq").on(t.transactionId),
    index("coupon_uses_coupon_user_idx").on(t.couponId, t.userId),
  ],
);

// Saved cards are not stored here: Fawry keeps them per (merchant, customerProfileId) and
// /fawry/card-token/list asks it each time, so a deleted or expired card never lingers in a copy.

/**
 * The refund ledger (Fawry offers no idempotency key): one row per refund asked of Fawry. At most
 * one open (Pending or Failed) row per transaction — the partial unique index makes a second
 * request for the same transaction change nothing, so 50 racing requests refund once. The
 * transaction shows Refunding / RefundFailed while its row is open.
 */
export const refunds = sqliteTable(
  "refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id),
    /** Piasters asked back. */
    amount: integer("amount").notNull(),
    /** Why: "cancel" (the student's or an admin's cancellation), "admin", "unapplied" (a payment that bought nothing). */
    reason: text("reason").notNull(),
    /** RefundStatus enum: Pending 0, Done 1, Failed 2. */
    status: integer("status").notNull().default(0),
    /** Calls made to Fawry's refund API. */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The staff member who asked (null: the student's cancellation or the system). */
    requestedBy: integer("requested_by").references(() => users.id),
    /** The one settlement that marked it Done (a nonce), so the transaction's sum is added once. */
    settledBy: text("settled_by"),
    /**
     * The staff dialog's key for one refund request: the same key again answers with this refund
     * instead of refunding twice (null for refunds the system starts).
     */
    idempotencyKey: text("idempotency_key"),
    doneAt: text("done_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("refunds_open_uq")
      .on(t.transactionId)
      .where(sql`status IN (0, 2)`),
    index("refunds_status_idx").on(t.status, t.updatedAt),
    uniqueIndex("refunds_idempotency_key_uq")
      .on(t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
  ],
);

/**
 * Money that needs a person: a notification with a wrong amount, another customer, an unknown
 * order or a bad signature; a payment that could buy nothing (refunded automatically); a refund
 * Fawry keeps refusing. Listed to admins until resolved.
 */
export const paymentAlarms = sqliteTable(
  "payment_alarms",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** PaymentAlarmKind. */
    kind: text("kind").notNull(),
    transactionId: integer("transaction_id").references(() => transactions.id),
    merchantRefNum: text("merchant_ref_num"),
    /** What was received or what failed (JSON, no secrets). */
    details: text("details"),
    resolvedAt: text("resolved_at"),
    resolvedBy: integer("resolved_by").references(() => users.id),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_alarms_open_idx").on(t.resolvedAt, t.createdAt),
    uniqueIndex("payment_alarms_kind_tx_uq").on(t.kind, t.transactionId),
  ],
);
