import { useQuery } from "@tanstack/react-query";
import { statsContracts } from "@schema/api/stats";
import { call } from "../../lib/client";

/** GET /stats/series: today's and this month's figures and the four series (default lengths), refreshed every minute while shown. */
export function useAdminSeriesQuery() {
  return useQuery({
    queryKey: ["admin", "series"] as const,
    queryFn: ({ signal }) => call(statsContracts.series, { signal }),
    refetchInterval: 60_000,
  });
}
