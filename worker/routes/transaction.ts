import { idParam } from "../../schema/api/common";
import { transactionListQuery, type Receipt, type TransactionDetail } from "../../schema/api/transaction";
import { Role, isAdmin } from "../../schema/enums";
import { receiptsOf } from "../domain/refunds";
import { findTransaction, lastTransaction, listTransactions, toTransactionView, walletQrOf } from "../domain/transactions";
import { fail } from "../http/failure";
import { route } from "../http/route";

export const transactionRoutes = [
  route({
    method: "get",
    path: "/tx/list",
    access: "signed-in",
    summary: "Transactions, newest first: a user's own; admins any user's (?userId) or all.",
    query: transactionListQuery,
    handle: ({ c, query, user }) =>
      listTransactions(c.get("db"), { ...query, userId: isAdmin(user.role as Role) ? query.userId : user.id }),
  }),
  route({
    method: "get",
    path: "/tx/last",
    access: [Role.Student],
    summary: "The student's latest transaction (null when none).",
    // A Response, so "none" is the JSON null (route() answers {} for a null result).
    handle: async ({ c, user }) => c.json(await lastTransaction(c.get("db"), user.id)),
  }),
  route({
    method: "get",
    path: "/tx/:id",
    access: "signed-in",
    summary: "A transaction (its payer or an admin).",
    params: idParam,
    async handle({ c, params, user }): Promise<TransactionDetail> {
      const tx = await findTransaction(c.get("db"), params.id);
      if (tx.userId !== user.id && !isAdmin(user.role as Role)) fail("forbidden");
      return { ...toTransactionView(tx), walletQr: tx.userId === user.id ? walletQrOf(tx) : null };
    },
  }),
  route({
    method: "get",
    path: "/tx/:id/receipts",
    access: "signed-in",
    summary: "A transaction's receipts (its payer or an admin): the payment once paid, each refund once done.",
    params: idParam,
    async handle({ c, params, user }): Promise<Receipt[]> {
      const tx = await findTransaction(c.get("db"), params.id);
      if (tx.userId !== user.id && !isAdmin(user.role as Role)) fail("forbidden");
      return receiptsOf(c.get("db"), tx);
    },
  }),
];
