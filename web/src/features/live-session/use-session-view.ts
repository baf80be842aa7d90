import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AbsenceReportResponse, SessionView } from "@schema/api/session";
import { api } from "../../lib/api";

export const liveSessionKeys = {
  view: (sessionId: string) => ["live-session", sessionId] as const,
};

/** GET /session/:id — the members (names, roles) and the attendance log. */
export function useSessionView(sessionId: string) {
  return useQuery({
    queryKey: liveSessionKeys.view(sessionId),
    queryFn: ({ signal }) => api.get<SessionView>(`/session/${sessionId}`, { signal }),
    retry: false,
  });
}

/** POST /session/:id/report-absence — the student says the tutor did not come. */
export function useReportAbsence(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AbsenceReportResponse>(`/session/${sessionId}/report-absence`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveSessionKeys.view(sessionId) }),
  });
}
