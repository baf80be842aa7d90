// The admin data requests area (/admin/data-requests): deletion requests and erasures, and the exports made.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { dataRequestContracts, type AccountDeletionState } from "@schema/api/data-requests";
import { call } from "../../lib/client";
import { adminPageSize } from "./admin-ui";

export type DeletionFilters = { page: number; q: string; state: AccountDeletionState | null };
export type ExportFilters = { page: number; q: string };

export const dataRequestKeys = {
  all: ["admin", "data-requests"] as const,
  deletions: (filters: DeletionFilters) => ["admin", "data-requests", "deletions", filters] as const,
  exports: (filters: ExportFilters) => ["admin", "data-requests", "exports", filters] as const,
};

/** GET /data-requests/deletions: one page (state "erased": the erasures done). */
export function useDeletionRequestsQuery(filters: DeletionFilters) {
  return useQuery({
    queryKey: dataRequestKeys.deletions(filters),
    queryFn: ({ signal }) =>
      call(dataRequestContracts.deletions, {
        query: {
          page: filters.page,
          size: adminPageSize,
          q: filters.q || undefined,
          state: filters.state ?? undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /data-requests/exports: one page. */
export function useDataExportsQuery(filters: ExportFilters) {
  return useQuery({
    queryKey: dataRequestKeys.exports(filters),
    queryFn: ({ signal }) =>
      call(dataRequestContracts.exports, {
        query: { page: filters.page, size: adminPageSize, q: filters.q || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
