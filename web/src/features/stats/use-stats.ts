import { useQuery } from "@tanstack/react-query";
import type { StudentPersonalStats, TutorPersonalStats } from "@schema/api/stats";
import { api } from "../../lib/api";

export const statsKeys = {
  student: ["stats", "personalized", "student"] as const,
  tutor: ["stats", "personalized", "tutor"] as const,
};

/** GET /user/student/stats/personalized: the next lesson and this month's numbers. */
export function useStudentStatsQuery(enabled: boolean) {
  return useQuery({
    queryKey: statsKeys.student,
    queryFn: ({ signal }) => api.get<StudentPersonalStats>("/user/student/stats/personalized", { signal }),
    enabled,
  });
}

/** GET /user/tutor/stats/personalized: the same plus earnings (piasters). */
export function useTutorStatsQuery(enabled: boolean) {
  return useQuery({
    queryKey: statsKeys.tutor,
    queryFn: ({ signal }) => api.get<TutorPersonalStats>("/user/tutor/stats/personalized", { signal }),
    enabled,
  });
}
