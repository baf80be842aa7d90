import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../lib/client";
import { devContracts } from "@schema/api/dev";

/** How often the dev mailbox polls the local outbox. */
export const outboxRefreshMs = 3000;

/** GET /dev/outbox (local only): every message the server sent, newest first, optionally for one address. */
export function useOutbox(recipient: string, enabled: boolean) {
  return useQuery({
    queryKey: ["dev", "outbox", recipient],
    queryFn: ({ signal }) =>
      call(devContracts.outbox, { public: true, query: { to: recipient || undefined }, signal }),
    enabled,
    refetchInterval: outboxRefreshMs,
    placeholderData: keepPreviousData,
  });
}
