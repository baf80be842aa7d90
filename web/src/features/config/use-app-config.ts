import { useQuery } from "@tanstack/react-query";
import { defaultBusinessSettings, type BusinessSettings } from "@schema/pricing";
import { call } from "../../lib/client";
import { systemContracts } from "@schema/api/system";

/** GET /config: what this deployment offers (Google sign-in, the local-only dev tools), schema/api/system.ts. */
export type { AppConfig } from "@schema/api/system";

export function useAppConfig() {
  return useQuery({
    queryKey: ["config"],
    queryFn: ({ signal }) => call(systemContracts.config, { public: true, signal }),
    staleTime: Infinity,
  });
}

/** True only when the API says it runs locally (dev mailbox and other emulators). */
export function useIsLocalEnvironment(): boolean {
  return useAppConfig().data?.environment === "local";
}

/**
 * The operator's business numbers (GET /config): the lesson and tutor hourly rates, the trial
 * length, the cancel window and the refund fee. The defaults of schema/pricing.ts until the
 * config arrives.
 */
export function useBusinessNumbers(): BusinessSettings {
  return useAppConfig().data?.business ?? defaultBusinessSettings;
}
