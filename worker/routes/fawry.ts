// Payments through Fawry (docs/product.md §7, fawry; docs/services.md §1). The notification
// route is public and trusted only through its signature; everything else declares its roles.
import {
  paymentContracts,
  type FreeOrder,
  type RefundQuote,
  type CardPayment,
  type InstallmentOption,
  type ReferencePayment,
  type SavedCard,
  type WalletPayment,
} from "../../schema/api/payment";
import { PaymentMethod, Role, TransactionStatus, isAdmin } from "../../schema/enums";
import {
  closeOtherOrders,
  closeUnpaid,
  createFreeOrder,
  refundQuote,
  syncStaleTransactions,
  syncTransaction,
} from "../domain/payments/payments";
import { auditActorOf } from "../domain/staff/audit";
import { announceCanceledLessons } from "../realtime/subscription-events";
import { listAlarms, resolveAlarm, staleOrders } from "../domain/payments/refunds";
import { checkout } from "../domain/payments/checkout";
import { staffRefund } from "../domain/payments/staff-refunds";
import { toSubscriptionView } from "../domain/payments/subscriptions";
import { findTransaction, toTransactionView, type TransactionRow } from "../domain/payments/transactions";
import type { UserRow } from "../domain/identity/users";
import type { AppContext } from "../http/context";
import { fail } from "../core/failure";
import { emulate } from "../http/emulate";
import { route } from "../http/route";
import { scopeOf } from "../http/scope";
import type { PaymentDetails } from "../integrations/fawry";
import { receiveFawryNotification } from "../domain/payments/notification";

const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;
const origin = (c: AppContext) => new URL(c.req.url).origin;
const client = (c: AppContext) => c.get("services").fawry();
/**
 * Where the payment pages send the browser back: the page's own origin when it is this Worker or
 * an allowed SPA origin (Origin on POSTs, Referer on GETs), else the first configured SPA origin.
 */
const appOrigin = (c: AppContext) => {
  const allowed = [origin(c), ...c.get("config").appOrigins];
  const from = c.req.header("origin") ?? c.req.header("referer");
  const candidate = from ? URL.parse(from)?.origin : undefined;
  if (candidate && allowed.includes(candidate)) return candidate;
  return c.get("config").appOrigins[0] ?? origin(c);
};

/** Back from 3-D Secure: the checkout of the same plan, following this transaction (?tx=). */
const returnTo = (c: AppContext, tx: TransactionRow) =>
  `${appOrigin(c)}/checkout/${tx.planId}/${tx.period}?tx=${tx.id}`;

async function ownTransaction(c: AppContext, user: UserRow, id: number) {
  const tx = await findTransaction(c.get("db"), id);
  if (tx.userId !== user.id && !isAdmin(user.role as Role)) fail("forbidden");
  return tx;
}

/**
 * A saved card is the caller's only when Fawry lists it under their customer id: another user's
 * (or an unknown) token answers 404 before anything is charged or deleted.
 */
async function ownCard(c: AppContext, user: UserRow, cardToken: string): Promise<void> {
  const answer = await client(c)
    .listCards(String(user.id))
    .catch(() => fail("fawry-error"));
  if (answer.statusCode !== 200) fail("fawry-error");
  if (!(answer.cards ?? []).some((card) => card.token === cardToken)) fail("not-found");
}

export const fawryRoutes = [
  route(paymentContracts.payCard, {
    access: [Role.Student],
    summary: "Pay a plan with a saved card: answers the 3-D Secure page to send the browser to.",
    async handle({ c, body, user }): Promise<CardPayment> {
      await ownCard(c, user, body.cardToken);
      const fawry = client(c);
      const { tx, answer } = await checkout(scopeOf(c), {
        user,
        body,
        method: PaymentMethod.Card,
        charge: (t, common) =>
          fawry.payByCard({ ...common, cardToken: body.cardToken, cvv: body.cvv, returnUrl: returnTo(c, t) }),
      });
      if (!answer.nextAction?.redirectUrl) fail("fawry-error");
      return { transaction: toTransactionView(tx), redirectUrl: answer.nextAction.redirectUrl };
    },
  }),
  route(paymentContracts.payInstallments, {
    access: [Role.Student],
    summary: "Pay a plan with a saved card on a bank installment plan (when the amount qualifies).",
    async handle({ c, body, user }): Promise<CardPayment> {
      await ownCard(c, user, body.cardToken);
      const fawry = client(c);
      const { tx, answer } = await checkout(scopeOf(c), {
        user,
        body,
        method: PaymentMethod.BankInstallment,
        charge: (t, common) =>
          fawry.payByCard({
            ...common,
            cardToken: body.cardToken,
            cvv: body.cvv,
            returnUrl: returnTo(c, t),
            installmentPlanId: body.installmentPlanId,
          }),
      });
      if (!answer.nextAction?.redirectUrl) fail("fawry-error");
      return { transaction: toTransactionView(tx), redirectUrl: answer.nextAction.redirectUrl };
    },
  }),
  route(paymentContracts.installmentPlans, {
    access: [Role.Student],
    summary: "Bank installment plans Fawry offers for an amount (piasters).",
    async handle({ c, query }): Promise<InstallmentOption[]> {
      const plans = await client(c)
        .installmentPlans()
        .catch(() => fail("fawry-error"));
      return plans
        .map(({ installmentPlan: p }) => ({
          id: p.id,
          nameAr: p.nameAr,
          months: p.noOfMonths,
          rate: p.rate,
          minAmount: p.minAmount * 100,
          maxAmount: p.maxAmount * 100,
        }))
        .filter(
          (p) => query.amount === undefined || (query.amount >= p.minAmount && query.amount <= p.maxAmount),
        );
    },
  }),
  route(paymentContracts.payReference, {
    access: [Role.Student],
    summary: "Pay a plan in cash at a Fawry outlet: answers the reference number (valid 24 hours).",
    async handle({ c, body, user }): Promise<ReferencePayment> {
      const fawry = client(c);
      const { tx, answer } = await checkout(scopeOf(c), {
        user,
        body,
        method: PaymentMethod.ReferenceNumber,
        charge: (t, common) => fawry.payAtFawry({ ...common, paymentExpiry: Date.parse(t.expiresAt!) }),
      });
      if (!answer.referenceNumber) fail("fawry-error");
      return {
        transaction: toTransactionView(tx),
        referenceNumber: answer.referenceNumber,
        expiresAt: tx.expiresAt!,
      };
    },
  }),
  route(paymentContracts.payWallet, {
    access: [Role.Student],
    summary: "Pay a plan with a mobile wallet: a QR code, or a request to pay sent to the phone (3 hours).",
    async handle({ c, body, user }): Promise<WalletPayment> {
      const fawry = client(c);
      const { tx, answer } = await checkout(scopeOf(c), {
        user,
        body,
        method: PaymentMethod.EWallet,
        charge: (t, common) =>
          fawry.payByWallet({
            ...common,
            paymentExpiry: Date.parse(t.expiresAt!),
            debitMobileWalletNo: body.phone,
          }),
      });
      if (!answer.referenceNumber) fail("fawry-error");
      return {
        transaction: toTransactionView(tx),
        referenceNumber: answer.referenceNumber,
        walletQr: answer.walletQr ?? null,
        expiresAt: tx.expiresAt!,
      };
    },
  }),
  route(paymentContracts.cancelUnpaid, {
    access: [Role.Student, ...admins],
    summary: "Cancel an unpaid order at Fawry; the status query that follows records it.",
    async handle({ c, body, user }) {
      const db = c.get("db");
      const tx = await ownTransaction(c, user, body.transactionId);
      if (tx.status !== TransactionStatus.New) fail("illegal");
      const fawry = client(c);
      if (tx.fawryRefNumber) {
        const answer = await fawry.cancelUnpaid(tx.fawryRefNumber).catch(() => fail("fawry-error"));
        if (![200, 9984, 9938, 404].includes(answer.code)) fail("fawry-error");
      }
      const after = await syncTransaction(scopeOf(c), { client: fawry, tx });
      // Fawry never issued the order: nothing to cancel there.
      if (after.status === TransactionStatus.New && !tx.fawryRefNumber)
        return toTransactionView(await closeUnpaid(db, after, TransactionStatus.Canceled));
      return toTransactionView(after);
    },
  }),
  route(paymentContracts.refundQuote, {
    access: [Role.SuperAdmin],
    summary:
      "What a refund of a transaction defaults to (the cancellation rule while its plan is live, else all that remains) and the most it may be.",
    async handle({ c, query }): Promise<RefundQuote> {
      const db = c.get("db");
      return refundQuote(db, await findTransaction(db, query.transactionId));
    },
  }),
  route(paymentContracts.refund, {
    access: [Role.SuperAdmin],
    summary:
      "Refund a paid transaction through Fawry: the computed amount by default, or a smaller one. A live plan bought with it is cancelled with its future lessons. The dialog's idempotency key makes a repeated request answer the first refund; a second, different refund must be confirmed (refund-already-made). Answers the transaction (Refunding, Refunded or RefundFailed).",
    async handle({ c, body, user }) {
      const scope = scopeOf(c);
      const done = await staffRefund(scope, {
        body,
        actor: { ...auditActorOf(c, user.id), userId: user.id },
        fawry: client(c),
      });
      await announceCanceledLessons(scope, done.transaction.userId, done.canceledLessons);
      return toTransactionView(done.transaction);
    },
  }),
  route(paymentContracts.alarms, {
    access: admins,
    summary:
      "Payments that need a person (unapplied payments, failed refunds, mismatched or unsigned notifications): open ones by default.",
    handle: ({ c, query }) => listAlarms(c.get("db"), query),
  }),
  route(paymentContracts.staleOrders, {
    access: admins,
    summary:
      "Orders the reconciliation has not settled: unpaid an hour past their expiry, or refunding for over an hour.",
    handle: async ({ c }) => (await staleOrders(c.get("db"))).map(toTransactionView),
  }),
  route(paymentContracts.resolveAlarm, {
    access: admins,
    summary: "Mark an alarm handled, with a note (audited).",
    handle: ({ c, params, body, user }) =>
      resolveAlarm(c.get("db"), {
        id: params.id,
        note: body.note,
        actor: auditActorOf(c, user.id),
        now: new Date(),
      }),
  }),
  route(paymentContracts.payFree, {
    access: [Role.Student],
    summary:
      "Start a plan whose total is 0 (a 100 % coupon, a free invited plan): no Fawry call, the subscription starts at once, a zero transaction records it.",
    async handle({ c, body, user }): Promise<FreeOrder> {
      const scope = scopeOf(c);
      const { transaction, subscription } = await createFreeOrder(scope, {
        userId: user.id,
        body,
        beforeGrant: (tx) => closeOtherOrders(scope, { client: client(c), userId: user.id, keep: tx.id }),
      });
      return { transaction: toTransactionView(transaction), subscription: toSubscriptionView(subscription) };
    },
  }),
  route(paymentContracts.cards, {
    access: [Role.Student],
    summary: "The student's saved cards (from Fawry; never from the add-card redirect).",
    async handle({ c, user }): Promise<SavedCard[]> {
      const answer = await client(c)
        .listCards(String(user.id))
        .catch(() => fail("fawry-error"));
      if (answer.statusCode !== 200) fail("fawry-error");
      return (answer.cards ?? []).map((card) => ({
        token: card.token,
        maskedPan: `${card.firstSixDigits}******${card.lastFourDigits}`,
        brand: card.brand,
        isDefault: card.isDefault ?? false,
      }));
    },
  }),
  route(paymentContracts.deleteCard, {
    access: [Role.Student],
    summary: "Delete a saved card.",
    async handle({ c, query, user }) {
      await ownCard(c, user, query.token);
      const answer = await client(c)
        .deleteCard(String(user.id), query.token)
        .catch(() => fail("fawry-error"));
      if (answer.statusCode !== 200) fail("fawry-error");
    },
  }),
  route(paymentContracts.addCardUrl, {
    access: [Role.Student],
    summary: "The hosted add-card page, returning to /card-added.",
    handle: ({ c, user }) => ({ url: client(c).addCardUrl(String(user.id), `${appOrigin(c)}/card-added`) }),
  }),
  route(paymentContracts.paymentStatus, {
    access: [Role.Student, ...admins],
    summary: "A transaction's status asked of Fawry now (and recorded).",
    async handle({ c, query, user }) {
      const tx = await ownTransaction(c, user, query.transactionId);
      return toTransactionView(await syncTransaction(scopeOf(c), { client: client(c), tx }));
    },
  }),
  route(paymentContracts.syncStale, {
    access: admins,
    summary:
      "Sync stale unpaid orders with Fawry and expire those past their expiry (the hourly job does the same).",
    async handle({ c }) {
      return { synced: await syncStaleTransactions(scopeOf(c), { client: client(c) }) };
    },
  }),
  route(paymentContracts.notification, {
    access: "public",
    summary: "Fawry's server notification v2: trusted only through its messageSignature; 200 once applied.",
    async handle({ c, body }) {
      await receiveFawryNotification(scopeOf(c), body as unknown as PaymentDetails);
      return { ok: true };
    },
  }),
];

/** The local Fawry sandbox (all methods, below /dev/fawry), dispatched in-process. */
export const fawrySandboxRoutes = (["Get", "Post", "Delete"] as const).map((method) =>
  route(paymentContracts[`sandbox${method}`], {
    access: "public",
    localOnly: true,
    summary:
      "Local Fawry sandbox: Fawry's paths, hosted add-card and 3-D Secure pages, and the pay-a-reference-number hook.",
    handle: ({ c }) => emulate(c),
  }),
);
