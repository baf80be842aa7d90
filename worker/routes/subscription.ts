import { type CanceledSubscription, subscriptionContracts } from "../../schema/api/subscription";
import { Role, isAdmin } from "../../schema/enums";
import { auditActorOf, auditStatement } from "../domain/staff/audit";
import { openRefundOf, requestRefund } from "../domain/payments/refunds";
import { findTransaction, toTransactionView } from "../domain/payments/transactions";
import {
  cancelSubscription,
  currentSubscription,
  currentSubscriptionQuery,
  findSubscription,
  listSubscriptions,
  toSubscriptionView,
} from "../domain/payments/subscriptions";
import { fail } from "../core/failure";
import { route } from "../http/route";
import { scopeOf } from "../http/scope";
import { announceCanceledLessons } from "../realtime/subscription-events";

const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;

export const subscriptionRoutes = [
  route(subscriptionContracts.list, {
    access: admins,
    summary: "Subscriptions (admins), optionally one user's or by status; paged.",
    handle: ({ c, query }) => listSubscriptions(c.get("db"), query),
  }),
  route(subscriptionContracts.current, {
    access: [Role.Student],
    summary: "The student's current subscription and the minutes left this subscription week.",
    handle: ({ c, user }) => currentSubscription(c.get("db"), user.id),
  }),
  route(subscriptionContracts.cancel, {
    access: [Role.Student, Role.SuperAdmin],
    summary:
      "Cancel the student's current subscription (a SuperAdmin names one with ?id=): refunds the unused part, cancels future lessons.",
    async handle({ c, query, user }): Promise<CanceledSubscription> {
      const db = c.get("db");
      let sub;
      if (user.role === Role.Student) {
        if (query.id !== undefined) fail("forbidden");
        [sub] = await currentSubscriptionQuery(db, user.id, new Date());
      } else {
        if (query.id === undefined) fail("bad-request");
        sub = await findSubscription(db, query.id);
      }
      if (!sub) fail("subscription-not-found");
      const audit =
        user.role === Role.Student
          ? undefined
          : auditStatement(
              db,
              auditActorOf(c, user.id),
              {
                action: "subscription.cancel",
                targetType: "subscription",
                targetId: sub.id,
                after: { status: "canceled" },
              },
              new Date(),
            );
      const outcome = await cancelSubscription(db, sub, user.id, new Date(), { audit });
      // The refund is asked of Fawry now; the cron retries a refusal and settles a lost answer.
      let transaction = null;
      if (sub.transactionId !== null) {
        const open = outcome.refundId === null ? null : await openRefundOf(db, sub.transactionId);
        if (open) await requestRefund(scopeOf(c), { fawry: c.get("services").fawry(), refund: open });
        transaction = toTransactionView(await findTransaction(db, sub.transactionId));
      }
      await announceCanceledLessons(scopeOf(c), sub.userId, outcome.canceledLessons);
      return {
        subscription: toSubscriptionView(outcome.subscription),
        refundAmount: outcome.refundAmount,
        canceledLessons: outcome.canceledLessons.length,
        transaction,
      };
    },
  }),
  route(subscriptionContracts.get, {
    access: "signed-in",
    summary: "A subscription (its student or an admin).",
    async handle({ c, params, user }) {
      const sub = await findSubscription(c.get("db"), params.id);
      if (!sub) fail("subscription-not-found");
      if (sub.userId !== user.id && !isAdmin(user.role as Role)) fail("forbidden");
      return toSubscriptionView(sub);
    },
  }),
];
