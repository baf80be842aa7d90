import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { levelContracts, type SetLevelBody } from "@schema/api/level";
import { call } from "../../../lib/client";

/** The level queries' cache keys; setting a level makes the tutor's lesson list (its badges) stale too. */
export const levelKeys = {
  history: (studentId: number) => ["levels", studentId] as const,
  progress: ["progress"] as const,
};

/** GET /user/student/{id}/levels: the newest level changes and the level now. */
export function useLevelHistoryQuery(studentId: number, enabled = true) {
  return useQuery({
    queryKey: levelKeys.history(studentId),
    queryFn: ({ signal }) =>
      call(levelContracts.history, { params: { id: studentId }, query: { size: 5 }, signal }),
    enabled,
  });
}

/** POST /user/student/{id}/level. */
export function useSetLevel(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetLevelBody) => call(levelContracts.set, { params: { id: studentId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: levelKeys.history(studentId) }),
        queryClient.invalidateQueries({ queryKey: ["lessons"] }),
      ]),
  });
}
