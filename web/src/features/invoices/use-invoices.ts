import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import {
  withdrawMethodContracts,
  invoiceContracts,
  type CreateInvoiceBody,
  type InvoiceListSort,
  type UpdateInvoiceBody,
  type WithdrawMethodBody,
} from "@schema/api/invoice";
import type { InvoiceStatus } from "@schema/enums";
import type { ServerEvent } from "@schema/events";
import { useUserChannelRefresh } from "../../lib/realtime";
import { call, upload } from "../../lib/client";

export const invoicesPageSize = 10;

export const invoiceKeys = {
  all: ["invoices"] as const,
  stats: (userId: number) => ["invoices", "stats", userId] as const,
  list: (filter: { page: number; status: InvoiceStatus | null; q?: string; sort?: InvoiceListSort }) =>
    ["invoices", "list", filter.page, filter.status, filter.q ?? "", filter.sort ?? "-created"] as const,
  /** Under "invoices": a request that keeps its new destination refreshes them too. */
  methods: ["invoices", "withdraw-methods"] as const,
};

/** GET /invoice/stats/{id}: earnings, waiting, withdrawn and withdrawable (piasters). */
export function useInvoiceStatsQuery(userId: number) {
  return useQuery({
    queryKey: invoiceKeys.stats(userId),
    queryFn: ({ signal }) => call(invoiceContracts.stats, { params: { id: userId }, signal }),
  });
}

/** GET /invoice: the tutor's own requests, or every request for staff; newest first unless the staff table sorts or searches (`table`). */
export function useInvoicesQuery(
  page: number,
  status: InvoiceStatus | null = null,
  table: { q: string; sort: InvoiceListSort } = { q: "", sort: "-created" },
) {
  const { q, sort } = table;
  return useQuery({
    queryKey: invoiceKeys.list({ page, status, q, sort }),
    queryFn: ({ signal }) =>
      call(invoiceContracts.list, {
        query: {
          page,
          size: invoicesPageSize,
          status,
          q: q || undefined,
          sort: sort === "-created" ? undefined : sort,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRefreshInvoices() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: invoiceKeys.all }), [queryClient]);
}

/** POST /invoice */
export function useRequestWithdrawal() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: (body: CreateInvoiceBody) => call(invoiceContracts.create, { body }),
    onSuccess: refresh,
  });
}

/** GET /withdraw-method: the tutor's saved destinations, the default first. */
export function useWithdrawMethodsQuery() {
  return useQuery({
    queryKey: invoiceKeys.methods,
    queryFn: ({ signal }) => call(withdrawMethodContracts.list, { signal }),
  });
}

/** POST /withdraw-method, or PUT /withdraw-method/{id} with an id. */
export function useSaveWithdrawMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: WithdrawMethodBody }) =>
      id === undefined
        ? call(withdrawMethodContracts.create, { body })
        : call(withdrawMethodContracts.update, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.methods }),
  });
}

/** DELETE /withdraw-method/{id} */
export function useDeleteWithdrawMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(withdrawMethodContracts.remove, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.methods }),
  });
}

/** PATCH /invoice/{id}: cancel (or ask to), reject, approve or refuse a cancellation. */
export function useChangeInvoice() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: UpdateInvoiceBody }) =>
      call(invoiceContracts.update, { params: { id }, body: change }),
    onSettled: refresh,
  });
}

/** PUT /invoice/{id}/with/asset: approve with the transfer receipt. */
export function useApproveWithReceipt() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: ({
      id,
      receipt,
      onProgress,
    }: {
      id: number;
      receipt: File;
      onProgress?: (fraction: number) => void;
    }) => {
      const form = new FormData();
      form.set("receipt", receipt);
      return upload(invoiceContracts.attachReceipt, form, { params: { id }, onProgress });
    },
    onSettled: refresh,
  });
}

const invoiceEventTypes: ReadonlySet<ServerEvent["type"]> = new Set(["InvoiceUpdated", "InvoiceDeleted"]);

/**
 * InvoiceUpdated / InvoiceDeleted on the tutor's user channel, or the channel opening: the numbers
 * and the list refetch.
 */
export function useLiveInvoices() {
  useUserChannelRefresh(invoiceEventTypes, useRefreshInvoices());
}
