// The admin lessons area: everyone's lessons or one member's, and a lesson cancelled by staff.
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { lessonContracts, type LessonListSort } from "@schema/api/lesson";
import { call } from "../../lib/client";
import { adminPageSize, useInvalidate } from "./admin-ui";

export type LessonFilters = {
  status: "ratified" | "canceled" | null;
  when: "future" | "past" | "now" | null;
  user: number | null;
  page: number;
  sort?: LessonListSort;
  q?: string;
};

/** GET /lesson/list/ as an admin: everyone's lessons (scope=all), or one member's. */
export function useAdminLessonsQuery(filters: LessonFilters) {
  return useQuery({
    queryKey: ["admin", "lessons", filters] as const,
    queryFn: ({ signal }) =>
      call(lessonContracts.list, {
        query: {
          page: filters.page,
          size: adminPageSize,
          status: filters.status ?? undefined,
          when: filters.when ?? undefined,
          user: filters.user ?? undefined,
          // Everyone's lessons are asked for explicitly (without it the API answers the caller's own).
          scope: filters.user === null ? "all" : undefined,
          sort: filters.sort,
          q: filters.q || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** DELETE /lesson/{id} by an admin. */
export function useAdminCancelLesson() {
  const refresh = useInvalidate(["admin", "lessons"]);
  return useMutation({
    mutationFn: (id: number) => call(lessonContracts.cancel, { params: { id } }),
    onSettled: refresh,
  });
}
