import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { couponContracts } from "@schema/api/coupon";
import { paymentContracts, type CheckoutBody } from "@schema/api/payment";
import { subscriptionContracts } from "@schema/api/subscription";
import { planContracts } from "@schema/api/plan";
import { transactionContracts, type TransactionView } from "@schema/api/transaction";
import type { ServerEvent } from "@schema/events";
import type { PlanPeriod, TransactionStatus } from "@schema/enums";
import { track } from "../../lib/track";
import { useUserChannelEvents, useUserChannelRefresh } from "../../lib/realtime";
import { lessonKeys } from "../lessons/lesson-keys";
import { latestUnpaidOrder, statusPollInterval } from "./payment-logic";
import { call } from "../../lib/client";

export const paymentKeys = {
  plan: (id: number) => ["plans", "one", id] as const,
  cards: ["payments", "cards"] as const,
  installments: (amount: number) => ["payments", "installments", amount] as const,
  status: (transactionId: number) => ["payments", "status", transactionId] as const,
  transactions: (page: number, size: number) => ["payments", "transactions", page, size] as const,
  allTransactions: ["payments", "transactions"] as const,
  unpaid: (planId: number, period: PlanPeriod) =>
    ["payments", "transactions", "unpaid", planId, period] as const,
  detail: (transactionId: number) => ["payments", "transaction", transactionId] as const,
};

/** GET /tx/{id}: one order with the e-wallet QR while it waits (a reloaded checkout shows it again). */
export function useTransactionDetailQuery(transactionId: number | null) {
  return useQuery({
    queryKey: paymentKeys.detail(transactionId ?? 0),
    queryFn: ({ signal }) => call(transactionContracts.get, { params: { id: transactionId! }, signal }),
    enabled: transactionId !== null,
    staleTime: Infinity,
  });
}

/** GET /plan/{id} */
export function usePlanQuery(id: number | null) {
  return useQuery({
    queryKey: paymentKeys.plan(id ?? 0),
    queryFn: ({ signal }) => call(planContracts.get, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** GET /coupon/code/{code}: usable now, or an error code with its Arabic message. */
export function useCheckCoupon() {
  return useMutation({ mutationFn: (code: string) => call(couponContracts.byCode, { params: { code } }) });
}

/** GET /fawry/card-token/list */
export function useSavedCardsQuery(enabled = true) {
  return useQuery({
    queryKey: paymentKeys.cards,
    queryFn: ({ signal }) => call(paymentContracts.cards, { signal }),
    enabled,
  });
}

/** DELETE /fawry/card-token?token= */
export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(paymentContracts.deleteCard, { query: { token } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.cards }),
  });
}

/** GET /fawry/card-token/url: the hosted add-card page. */
export function useAddCardUrl() {
  return useMutation({ mutationFn: () => call(paymentContracts.addCardUrl) });
}

/** GET /fawry/installment-plans?amount=: empty when the amount does not qualify. */
export function useInstallmentPlansQuery(amount: number | null) {
  return useQuery({
    queryKey: paymentKeys.installments(amount ?? 0),
    queryFn: ({ signal }) =>
      call(paymentContracts.installmentPlans, { query: { amount: amount ?? 0 }, signal }),
    enabled: amount !== null && amount > 0,
    retry: false,
  });
}

/** What a checkout pays for (schema/api/payment.ts). */
type Checkout = CheckoutBody;

/** The funnel's "checkout started": an order is asked for (plan, period and method; nothing personal). */
const checkoutStarted = (method: string) => (body: Checkout) =>
  track("checkout_started", { method, plan: body.planId, period: body.period });

/** POST /fawry/pay/card → the 3-D Secure page to send the browser to. */
export function usePayByCard() {
  return useMutation({
    mutationFn: (body: Checkout & { cardToken: string; cvv: string }) =>
      call(paymentContracts.payCard, { body }),
    onMutate: checkoutStarted("card"),
  });
}

/** POST /fawry/pay/bank-installments */
export function usePayByInstallments() {
  return useMutation({
    mutationFn: (body: Checkout & { cardToken: string; cvv: string; installmentPlanId: number }) =>
      call(paymentContracts.payInstallments, { body }),
    onMutate: checkoutStarted("installments"),
  });
}

/** POST /fawry/pay/ref-num */
export function usePayByReference() {
  return useMutation({
    mutationFn: (body: Checkout) => call(paymentContracts.payReference, { body }),
    onMutate: checkoutStarted("reference"),
  });
}

/** POST /fawry/pay/e-wallet */
export function usePayByWallet() {
  return useMutation({
    mutationFn: (body: Checkout & { phone?: string }) => call(paymentContracts.payWallet, { body }),
    onMutate: checkoutStarted("wallet"),
  });
}

/**
 * GET /fawry/payment-status?transactionId=: polled every 3 s until the status is final; a
 * TransactionStatusUpdate event on the user channel asks again at once.
 */
export function usePaymentStatusQuery(transactionId: number | null, initial?: TransactionView) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: paymentKeys.status(transactionId ?? 0),
    queryFn: ({ signal }) =>
      call(paymentContracts.paymentStatus, { query: { transactionId: transactionId ?? 0 }, signal }),
    enabled: transactionId !== null,
    initialData: initial,
    initialDataUpdatedAt: 0,
    refetchInterval: (q) =>
      statusPollInterval(q.state.data?.status as TransactionStatus | undefined, q.state.dataUpdateCount),
    refetchIntervalInBackground: true,
  });
  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (event.type === "TransactionStatusUpdate" && event.payload.transactionId === transactionId)
        void queryClient.invalidateQueries({ queryKey: paymentKeys.status(transactionId) });
    },
    [queryClient, transactionId],
  );
  useUserChannelEvents(onEvent);
  return query;
}

/** After a final status: the transaction list and the subscription are stale. */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.allTransactions });
    void queryClient.invalidateQueries({ queryKey: lessonKeys.subscription });
  }, [queryClient]);
}

/** POST /fawry/cancel-unpaid-order */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: number) => call(paymentContracts.cancelUnpaid, { body: { transactionId } }),
    onSuccess: (tx) => queryClient.setQueryData(paymentKeys.status(tx.id), tx),
  });
}

/** GET /tx/list (the student's own, newest first), `size` a page (the saved page size). */
export function useTransactionsQuery(page: number, size: number) {
  return useQuery({
    queryKey: paymentKeys.transactions(page, size),
    queryFn: ({ signal }) => call(transactionContracts.list, { query: { page, size }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The student's latest unpaid order for this plan and period (what a reload of the checkout resumes). */
export function useUnpaidOrderQuery(planId: number, period: PlanPeriod, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.unpaid(planId, period),
    queryFn: async ({ signal }) => {
      const page = await call(transactionContracts.list, { query: { status: 0, planId, size: 10 }, signal });
      return latestUnpaidOrder(page.list, period);
    },
    enabled,
  });
}

/** PATCH /sub/cancel: the plan ends, its future lessons are cancelled and the refund goes to Fawry. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(subscriptionContracts.cancel),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.allTransactions });
      void queryClient.invalidateQueries({ queryKey: lessonKeys.subscription });
    },
  });
}

/** GET /tx/{id}/receipts */
export function useReceiptsQuery(transactionId: number, enabled: boolean) {
  return useQuery({
    queryKey: ["payments", "receipts", transactionId] as const,
    queryFn: ({ signal }) => call(transactionContracts.receipts, { params: { id: transactionId }, signal }),
    enabled,
  });
}

/** POST /fawry/pay/free: a total of 0 starts the plan at once. */
export function usePayFree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Checkout) => call(paymentContracts.payFree, { body }),
    onMutate: checkoutStarted("free"),
    onSuccess: (_order, body) => {
      track("purchase", {
        method: "free",
        plan: body.planId,
        period: body.period,
        value: 0,
        currency: "EGP",
      });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.allTransactions });
      void queryClient.invalidateQueries({ queryKey: lessonKeys.subscription });
    },
  });
}

const transactionEventTypes: ReadonlySet<ServerEvent["type"]> = new Set(["TransactionStatusUpdate"]);

/**
 * The transaction list follows the server (and reads again when the user channel opens): a TransactionStatusUpdate (a refund going through, a
 * payment arriving) asks again at once, and while a refund is under way it is asked again with a
 * growing pause (3 s doubling to 30 s) until it settles.
 */
export function useLiveTransactions(refunding: boolean) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.allTransactions });
    void queryClient.invalidateQueries({ queryKey: lessonKeys.subscription });
  }, [queryClient]);
  useUserChannelRefresh(transactionEventTypes, refresh);
  useEffect(() => {
    if (!refunding) return;
    let delay = 3000;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.allTransactions });
      delay = Math.min(delay * 2, 30_000);
      timer = setTimeout(tick, delay);
    };
    timer = setTimeout(tick, delay);
    return () => clearTimeout(timer);
  }, [refunding, queryClient]);
}
