import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  reportContracts,
  type ReportListSort,
  type ReportStatus,
  type UpdateReportBody,
} from "@schema/api/report";
import { call, upload } from "../../lib/client";

export const reportsPageSize = 10;

export const reportKeys = {
  all: ["reports"] as const,
  list: (page: number, status: ReportStatus | null, q = "", sort: ReportListSort = "-created") =>
    ["reports", "list", page, status, q, sort] as const,
};

/** POST /report/with/asset (multipart). */
export function useSendReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => upload(reportContracts.create, form),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

/** GET /report/list: every report for staff (newest first), optionally by status. */
export function useReportsQuery(
  page: number,
  status: ReportStatus | null,
  table: { q: string; sort: ReportListSort } = { q: "", sort: "-created" },
) {
  const { q, sort } = table;
  return useQuery({
    queryKey: reportKeys.list(page, status, q, sort),
    queryFn: ({ signal }) =>
      call(reportContracts.list, {
        query: {
          page,
          size: reportsPageSize,
          status: status ?? undefined,
          q: q || undefined,
          sort: sort === "-created" ? undefined : sort,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** PUT /report: resolve, reopen or note. */
export function useUpdateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateReportBody) => call(reportContracts.update, { body: change }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
