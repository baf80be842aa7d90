import { type Receipt, type TransactionDetail, transactionContracts } from "../../schema/api/transaction";
import { Role, isAdmin } from "../../schema/enums";
import { receiptsOf } from "../domain/payments/refunds";
import {
  findTransaction,
  lastTransaction,
  listTransactions,
  toTransactionView,
  walletQrOf,
} from "../domain/payments/transactions";
import { fail } from "../core/failure";
import { route } from "../http/route";

export const transactionRoutes = [
  route(transactionContracts.list, {
    access: "signed-in",
    summary: "Transactions, newest first: a user's own; admins any user's (?userId) or all.",
    handle: ({ c, query, user }) =>
      listTransactions(c.get("db"), {
        ...query,
        userId: isAdmin(user.role as Role) ? query.userId : user.id,
      }),
  }),
  route(transactionContracts.last, {
    access: [Role.Student],
    summary: "The student's latest transaction (null when none).",
    // A Response, so "none" is the JSON null (route() answers {} for a null result).
    handle: ({ c, user }) => lastTransaction(c.get("db"), user.id),
  }),
  route(transactionContracts.get, {
    access: "signed-in",
    summary: "A transaction (its payer or an admin).",
    async handle({ c, params, user }): Promise<TransactionDetail> {
      const tx = await findTransaction(c.get("db"), params.id);
      if (tx.userId !== user.id && !isAdmin(user.role as Role)) fail("forbidden");
      return { ...toTransactionView(tx), walletQr: tx.userId === user.id ? walletQrOf(tx) : null };
    },
  }),
  route(transactionContracts.receipts, {
    access: "signed-in",
    summary:
      "A transaction's receipts (its payer or an admin): the payment once paid, each refund once done.",
    async handle({ c, params, user }): Promise<Receipt[]> {
      const tx = await findTransaction(c.get("db"), params.id);
      if (tx.userId !== user.id && !isAdmin(user.role as Role)) fail("forbidden");
      return receiptsOf(c.get("db"), tx);
    },
  }),
];
