import { useQuery } from "@tanstack/react-query";
import { statsContracts } from "@schema/api/stats";
import { call } from "../../lib/client";

export const statsKeys = {
  student: ["stats", "personalized", "student"] as const,
  tutor: ["stats", "personalized", "tutor"] as const,
};

/** GET /user/student/stats/personalized: the next lesson and this month's numbers. */
export function useStudentStatsQuery(enabled: boolean) {
  return useQuery({
    queryKey: statsKeys.student,
    queryFn: ({ signal }) => call(statsContracts.student, { signal }),
    enabled,
  });
}

/** GET /user/tutor/stats/personalized: the same plus earnings (piasters). */
export function useTutorStatsQuery(enabled: boolean) {
  return useQuery({
    queryKey: statsKeys.tutor,
    queryFn: ({ signal }) => call(statsContracts.tutor, { signal }),
    enabled,
  });
}
