import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { sessionContracts } from "@schema/api/session";
import { call } from "../../lib/client";

export const liveSessionKeys = {
  view: (sessionId: string) => ["live-session", sessionId] as const,
};

/** GET /session/:id — the members (names, roles) and the attendance log. */
export function useSessionView(sessionId: string) {
  return useQuery({
    queryKey: liveSessionKeys.view(sessionId),
    queryFn: ({ signal }) => call(sessionContracts.get, { params: { id: sessionId }, signal }),
    retry: false,
  });
}

/** POST /session/:id/report-absence — the student says the tutor did not come. */
export function useReportAbsence(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(sessionContracts.reportAbsence, { params: { id: sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveSessionKeys.view(sessionId) }),
  });
}
