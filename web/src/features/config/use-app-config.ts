import { useQuery } from "@tanstack/react-query";
import { defaultBusinessSettings, type BusinessSettings } from "@schema/pricing";
import { call } from "../../lib/client";

/** GET /config: what this deployment offers (Google sign-in, the local-only dev tools), schema/api/system.ts. */
export type { AppConfig } from "@schema/api/system";

export function useAppConfig() {
  return useQuery({
    queryKey: ["config"],
    // The contract (and zod with it) loads beside the first screen, not in it: every page asks for the config.
    queryFn: async ({ signal }) =>
      call((await import("@schema/api/system")).systemContracts.config, { public: true, signal }),
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
