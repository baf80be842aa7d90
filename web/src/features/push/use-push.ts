import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { disablePush, enablePush, pushState, type PushState } from "./push-client";

export const pushStateKey = ["push", "state"] as const;

/** This browser's push state, and turning it on or off (the settings switch, the booking offer). */
export function usePush() {
  const client = useQueryClient();
  const state = useQuery({ queryKey: pushStateKey, queryFn: pushState, staleTime: Infinity });
  const toggle = useMutation({
    mutationFn: (on: boolean): Promise<PushState> => (on ? enablePush() : disablePush()),
    onSuccess: (next) => client.setQueryData(pushStateKey, next),
  });
  return { state, toggle };
}
