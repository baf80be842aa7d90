import { useQuery } from "@tanstack/react-query";
import type { AdminSeries } from "@schema/api/stats";
import { api } from "../../lib/api";

/** GET /stats/series: today's and this month's figures and the four series (default lengths), refreshed every minute while shown. */
export function useAdminSeriesQuery() {
  return useQuery({
    queryKey: ["admin", "series"] as const,
    queryFn: ({ signal }) => api.get<AdminSeries>("/stats/series", { signal }),
    refetchInterval: 60_000,
  });
}
