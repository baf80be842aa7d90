// The student's confirmation of a successful payment (docs/rules.md, Payments): the receipt's
// content (number, plan, amount, method, reference) by email and on their messaging channel,
// through the outbox (worker/notifications/notify.ts). Idempotent per transaction: the outbox's
// dedupe key is the transaction's, so a repeated notification or status query sends nothing twice.
import { effectiveTimeZone } from "../../../schema/time-zones";
import type { Scope } from "../../core/scope";
import { findRecipient } from "../../notifications/preferences";
import { messagesTo } from "../../notifications/channels";
import { notify } from "../../notifications/notify";
import { paymentMessages } from "../../notifications/payment-messages";
import { receiptsOf } from "./refunds";
import type { TransactionRow } from "./transactions";

/** The outbox dedupe key of a transaction's payment confirmation (one per channel is added to it). */
export const paidDedupeKey = (transactionId: number) => `payment-paid:${transactionId}`;

/** Sends the payment confirmation of a paid transaction, once (see the dedupe key). */
export async function confirmPayment(
  scope: Pick<Scope, "db" | "env" | "logger" | "waitUntil">,
  tx: TransactionRow,
): Promise<void> {
  const [receipt] = await receiptsOf(scope.db, tx);
  if (!receipt || receipt.kind !== "payment") return;
  const user = await findRecipient(scope.db, tx.userId);
  if (!user) return;
  const until = receipt.subscription
    ? new Intl.DateTimeFormat("ar-EG", {
        dateStyle: "long",
        timeZone: effectiveTimeZone(user.timeZone),
      }).format(new Date(receipt.subscription.end))
    : null;
  const text = paymentMessages.paid({
    number: receipt.number,
    weeklyMinutes: receipt.plan.weeklyMinutes,
    period: receipt.plan.period,
    amount: receipt.amount,
    method: receipt.method,
    fawryRefNumber: receipt.fawryRefNumber,
    merchantRefNum: receipt.merchantRefNum,
    until,
  });
  await Promise.all(
    messagesTo(user, text, "receipts", paidDedupeKey(tx.id)).map((message) => notify(scope, message)),
  );
}
