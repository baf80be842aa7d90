// A paid checkout (docs/rules.md, Payments): the order is created, the student's other unpaid
// orders are closed at Fawry, then Fawry is charged and its answer recorded. The route
// (worker/routes/fawry.ts) only says which charge: card, installments, reference number or wallet.
import type { CheckoutBody } from "../../../schema/api/payment";
import { TransactionStatus, type PaymentMethod } from "../../../schema/enums";
import type { UserRow } from "../../core/context";
import { fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import { toEgp, type Customer, type Item } from "../../integrations/fawry";
import { closeOtherOrders, closeUnpaid, createTransaction, recordCharge } from "./payments";
import { paymentFailureOf, type TransactionRow } from "./transactions";

/** What every charge sends Fawry, whatever the method. */
export type ChargeCommon = {
  merchantRefNum: string;
  customer: Customer;
  amount: number;
  items: Item[];
  description: string;
};

const customerOf = (user: UserRow): Customer => ({
  profileId: String(user.id),
  name: user.name ?? user.email,
  mobile: user.phone ?? "",
  email: user.email,
});
const itemsOf = (tx: TransactionRow): Item[] => [
  {
    itemId: `plan-${tx.planId}-${tx.period}`,
    description: "اشتراك درس",
    price: toEgp(tx.amount),
    quantity: 1,
  },
];

/** Creates the transaction, calls Fawry, records the answer; a refusal fails with fawry-error. */
export async function checkout<T extends { statusCode: number; referenceNumber?: string }>(
  scope: Scope,
  {
    user,
    body,
    method,
    charge,
  }: {
    user: UserRow;
    body: CheckoutBody;
    method: PaymentMethod;
    charge: (tx: TransactionRow, common: ChargeCommon) => Promise<T>;
  },
) {
  const { db, logger } = scope;
  const created = await createTransaction(scope, { userId: user.id, body, method });
  // One open order: the others are cancelled at Fawry first; if one cannot be, this one is dropped.
  const tx = await closeOtherOrders(scope, {
    client: scope.services.fawry(),
    userId: user.id,
    keep: created.id,
  }).then(
    () => created,
    async (error: unknown) => {
      await closeUnpaid(db, created, TransactionStatus.Canceled);
      throw error;
    },
  );
  const answer = await charge(tx, {
    merchantRefNum: tx.merchantRefNum,
    customer: customerOf(user),
    amount: toEgp(tx.amount),
    items: itemsOf(tx),
    description: "اشتراك في باقة درس",
  }).catch((error) => {
    logger.error("fawry charge failed", { transactionId: tx.id, error: String(error) });
    return { statusCode: 0 } as unknown as T;
  });
  const recorded = await recordCharge(db, tx, answer);
  if (answer.statusCode !== 200) {
    logger.warn("fawry refused the charge", { transactionId: tx.id, statusCode: answer.statusCode });
    // The bank refused the card: said as such (another card, or another method), not as a gateway error.
    fail(paymentFailureOf(recorded) === "declined" ? "card-declined" : "fawry-error");
  }
  return { tx: recorded, answer };
}
