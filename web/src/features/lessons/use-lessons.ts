import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Paged } from "@schema/api/common";
import type { LessonView } from "@schema/api/lesson";
import type { CurrentSubscription } from "@schema/api/subscription";
import { Role, type LessonDuration } from "@schema/enums";
import { api } from "../../lib/api";
import { useIsSignedIn, useSession } from "../../lib/session";

export type FreeTimes = { tutorId: number; duration: LessonDuration; starts: string[] };

export const lessonKeys = {
  all: ["lessons"] as const,
  list: (tab: LessonTab, page: number) => ["lessons", "list", tab, page] as const,
  freeTimes: (tutorId: number, from: string, to: string, duration: number) => ["lessons", "free-times", tutorId, from, to, duration] as const,
  subscription: ["subscription", "user"] as const,
};

/** GET /lesson/free-times: the tutor's free starts for a duration (public). */
export function useFreeTimesQuery(tutorId: number, window: { from: string; to: string }, duration: LessonDuration) {
  return useQuery({
    queryKey: lessonKeys.freeTimes(tutorId, window.from, window.to, duration),
    queryFn: ({ signal }) =>
      api.get<FreeTimes>("/lesson/free-times", { public: true, query: { tutorId, from: window.from, to: window.to, duration }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /sub/user: the student's minutes left this week (students only). */
export function useCurrentSubscriptionQuery() {
  const signedIn = useIsSignedIn();
  const { user } = useSession();
  return useQuery({
    queryKey: lessonKeys.subscription,
    queryFn: ({ signal }) => api.get<CurrentSubscription>("/sub/user", { signal }),
    enabled: signedIn && user?.role === Role.Student,
  });
}

export type LessonTab = "upcoming" | "past";
export const lessonsPageSize = 10;

/** GET /lesson/list/: upcoming (happening now, then not started; not cancelled) or past (newest first). */
export function useLessonListQuery(tab: LessonTab, page: number) {
  return useQuery({
    queryKey: lessonKeys.list(tab, page),
    queryFn: async ({ signal }): Promise<Paged<LessonView>> => {
      if (tab === "past") return api.get<Paged<LessonView>>("/lesson/list/", { query: { when: "past", page, size: lessonsPageSize }, signal });
      const [now, future] = await Promise.all([
        page === 1 ? api.get<Paged<LessonView>>("/lesson/list/", { query: { when: "now", status: "ratified", size: 100 }, signal }) : null,
        api.get<Paged<LessonView>>("/lesson/list/", { query: { when: "future", status: "ratified", page, size: lessonsPageSize }, signal }),
      ]);
      return { list: [...(now?.list ?? []), ...future.list], total: future.total };
    },
    placeholderData: keepPreviousData,
  });
}

function useInvalidateLessons() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: lessonKeys.all });
    void queryClient.invalidateQueries({ queryKey: lessonKeys.subscription });
  };
}

/** POST /lesson/ */
export function useBookLesson() {
  const invalidate = useInvalidateLessons();
  return useMutation({
    mutationFn: (body: { tutorId: number; start: string; duration: LessonDuration }) => api.post<LessonView>("/lesson/", body),
    onSettled: invalidate,
  });
}

/** PATCH /lesson */
export function useRescheduleLesson() {
  const invalidate = useInvalidateLessons();
  return useMutation({
    mutationFn: (body: { id: number; start: string; duration: LessonDuration }) => api.patch<LessonView>("/lesson", body),
    onSettled: invalidate,
  });
}

/** DELETE /lesson/{id} */
export function useCancelLesson() {
  const invalidate = useInvalidateLessons();
  return useMutation({
    mutationFn: (id: number) => api.delete<LessonView>(`/lesson/${id}`),
    onSettled: invalidate,
  });
}
