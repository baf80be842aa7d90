// One user's money on the admin user page: their subscriptions and transactions, a subscription's
// cancellation (a transaction's refund is web/src/features/payments/admin-refund.tsx).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { subscriptionContracts } from "@schema/api/subscription";
import { transactionContracts } from "@schema/api/transaction";
import { call } from "../../lib/client";
import { adminUserKeys } from "./users";

const keys = {
  subscriptions: (userId: number) => ["admin", "subscriptions", userId] as const,
  transactions: (userId: number) => ["admin", "transactions", userId] as const,
};

export function useUserSubscriptionsQuery(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.subscriptions(userId),
    queryFn: ({ signal }) => call(subscriptionContracts.list, { query: { user: userId, size: 20 }, signal }),
    enabled,
  });
}

export function useUserTransactionsQuery(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.transactions(userId),
    queryFn: ({ signal }) => call(transactionContracts.list, { query: { userId, size: 20 }, signal }),
    enabled,
  });
}

/** PATCH /sub/cancel?id= (SuperAdmin): refunds the unused part and cancels future lessons. */
export function useCancelSubscription(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(subscriptionContracts.cancel, { query: { id } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keys.subscriptions(userId) });
      void queryClient.invalidateQueries({ queryKey: keys.transactions(userId) });
      void queryClient.invalidateQueries({ queryKey: adminUserKeys.studentStats(userId) });
    },
  });
}
