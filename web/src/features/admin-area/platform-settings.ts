// The admin platform settings area: the withdrawal limits, the business numbers, the public
// messaging links and the cache flush.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  platformSettingsContracts,
  type BusinessSettings,
  type PlatformLinks,
  type WithdrawSettings,
} from "@schema/api/platform-settings";
import { tutorContracts } from "@schema/api/tutor";
import { call } from "../../lib/client";

export function usePlatformSettingsQuery() {
  return useQuery({
    queryKey: ["admin", "platform-settings"] as const,
    queryFn: ({ signal }) => call(platformSettingsContracts.get, { signal }),
  });
}

/** PUT /platform-settings/withdrawals (SuperAdmin). */
export function useSaveWithdrawSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawSettings) => call(platformSettingsContracts.withdrawals, { body }),
    onSuccess: (view) => queryClient.setQueryData(["admin", "platform-settings"], view),
  });
}

/** PUT /platform-settings/business (SuperAdmin); the SPA's own config (prices, trial, window) is read again. */
export function useSaveBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessSettings) => call(platformSettingsContracts.business, { body }),
    onSuccess: (view) => {
      queryClient.setQueryData(["admin", "platform-settings"], view);
      void queryClient.invalidateQueries({ queryKey: ["config"] });
    },
  });
}

/** PUT /platform-settings/links (SuperAdmin); the SPA's own config (the footer's channel) is read again. */
export function useSavePlatformLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformLinks) => call(platformSettingsContracts.links, { body }),
    onSuccess: (view) => {
      queryClient.setQueryData(["admin", "platform-settings"], view);
      void queryClient.invalidateQueries({ queryKey: ["config"] });
    },
  });
}

/** DELETE /cache/flush */
export function useFlushCache() {
  return useMutation({ mutationFn: () => call(tutorContracts.flushCache) });
}
