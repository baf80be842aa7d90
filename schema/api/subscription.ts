import { z } from "zod";
import type { PlanPeriod } from "../enums";
import type { RefundInputs } from "../refund";
import type { TransactionView } from "./transaction";
import { pageQuery } from "./common";

export const subscriptionListQuery = pageQuery.extend({
  user: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
  status: z.enum(["active", "ended", "canceled"], { error: "bad-request" }).optional(),
});

/** PATCH /sub/cancel — a student cancels their own; a SuperAdmin names the subscription. */
export const cancelSubscriptionQuery = z.object({
  id: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
});

export type SubscriptionStatus = "active" | "ended" | "canceled";

export type SubscriptionView = {
  id: number;
  userId: number;
  planId: number;
  period: PlanPeriod;
  weeklyMinutes: number;
  /** Piasters paid. */
  amount: number;
  start: string;
  end: string;
  /** An active subscription whose end has passed shows as ended. */
  status: SubscriptionStatus;
  transactionId: number | null;
  canceledAt: string | null;
  refundAmount: number | null;
  createdAt: string;
};

/** GET /sub/user — the student's current subscription; remainingWeeklyMinutes is 0 without one. */
export type CurrentSubscription = {
  info: SubscriptionView | null;
  remainingWeeklyMinutes: number;
  /** The current subscription week, when there is one. */
  week: { index: number; start: string; end: string } | null;
  /** What cancelling now would refund is refundAmount(refundInputs) (schema/refund.ts); null without a plan. */
  refundInputs: RefundInputs | null;
};

/** PATCH /sub/cancel */
export type CanceledSubscription = {
  subscription: SubscriptionView;
  refundAmount: number;
  canceledLessons: number;
  /** The paid transaction after the refund was asked of Fawry (Refunding, Refunded, RefundFailed…); null when none. */
  transaction: TransactionView | null;
};
