import { z } from "zod";
import { PlanPeriod } from "../enums";
import { refundInputs } from "../refund";
import { transactionView } from "./transaction";
import { paged, pageQuery, idParam } from "./common";
import { contract } from "./contract";

export const subscriptionListQuery = pageQuery.extend({
  user: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
  status: z.enum(["active", "ended", "canceled"], { error: "bad-request" }).optional(),
});

/** PATCH /sub/cancel — a student cancels their own; a SuperAdmin names the subscription. */
export const cancelSubscriptionQuery = z.object({
  id: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
});

export const subscriptionStatus = z.enum(["active", "ended", "canceled"]);
export type SubscriptionStatus = z.output<typeof subscriptionStatus>;

export const subscriptionView = z.object({
  id: z.number(),
  userId: z.number(),
  planId: z.number(),
  period: z.enum(PlanPeriod),
  weeklyMinutes: z.number(),
  /** Piasters paid. */
  amount: z.number(),
  start: z.string(),
  end: z.string(),
  /** An active subscription whose end has passed shows as ended. */
  status: subscriptionStatus,
  transactionId: z.number().nullable(),
  canceledAt: z.string().nullable(),
  refundAmount: z.number().nullable(),
  createdAt: z.string(),
});
export type SubscriptionView = z.output<typeof subscriptionView>;

/** GET /sub/user — the student's current subscription; remainingWeeklyMinutes is 0 without one. */
export const currentSubscription = z.object({
  info: subscriptionView.nullable(),
  remainingWeeklyMinutes: z.number(),
  /** The current subscription week, when there is one. */
  week: z.object({ index: z.number(), start: z.string(), end: z.string() }).nullable(),
  /** What cancelling now would refund is refundAmount(refundInputs) (schema/refund.ts); null without a plan. */
  refundInputs: refundInputs.nullable(),
});
export type CurrentSubscription = z.output<typeof currentSubscription>;

/** PATCH /sub/cancel */
export const canceledSubscription = z.object({
  subscription: subscriptionView,
  refundAmount: z.number(),
  canceledLessons: z.number(),
  /** The paid transaction after the refund was asked of Fawry (Refunding, Refunded, RefundFailed…); null when none. */
  transaction: transactionView.nullable(),
});
export type CanceledSubscription = z.output<typeof canceledSubscription>;

/** The subscription endpoints (worker/routes/subscription.ts). */
export const subscriptionContracts = {
  list: contract({
    method: "get",
    path: "/sub/list",
    query: subscriptionListQuery,
    response: paged(subscriptionView),
  }),
  current: contract({ method: "get", path: "/sub/user", response: currentSubscription }),
  cancel: contract({
    method: "patch",
    path: "/sub/cancel",
    query: cancelSubscriptionQuery,
    response: canceledSubscription,
  }),
  get: contract({ method: "get", path: "/sub/:id", params: idParam, response: subscriptionView }),
};
