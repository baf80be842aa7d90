import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Paged } from "@schema/api/common";
import { lessonContracts, type LessonView } from "@schema/api/lesson";
import { call } from "../../lib/client";
import { lessonKeys, type LessonTab } from "./lesson-keys";
import { lessonsPageSize, upcomingListQueries } from "./lesson-list-requests";

// The lesson list's queries, apart from the booking and calendar ones (web/src/features/lessons/use-lessons.ts):
// /upcoming-lessons, often a first screen (a reminder's link), loads only what it shows (docs/performance.md).

/** GET /lesson/list/: upcoming (happening now, then not started; not cancelled) or past (newest first). */
export function useLessonListQuery(tab: LessonTab, page: number) {
  return useQuery(lessonListQuery(tab, page));
}

/** The lesson list's query, for the hook and for starting it early (/upcoming-lessons' prefetchScreenData). */
export function lessonListQuery(tab: LessonTab, page: number) {
  return queryOptions({
    queryKey: lessonKeys.list(tab, page),
    queryFn: async ({ signal }): Promise<Paged<LessonView>> => {
      if (tab === "past")
        return call(lessonContracts.list, { query: { when: "past", page, size: lessonsPageSize }, signal });
      const queries = upcomingListQueries(page);
      const [now, future] = await Promise.all([
        queries.now ? call(lessonContracts.list, { query: queries.now, signal }) : null,
        call(lessonContracts.list, { query: queries.future, signal }),
      ]);
      return { list: [...(now?.list ?? []), ...future.list], total: future.total };
    },
    placeholderData: keepPreviousData,
    // A list a few seconds old is not asked again when the screen mounts: on a first load its
    // answer, asked early (web/src/first-screen-requests.ts), lands just before the first render.
    // A lesson event still refetches it at once (invalidation ignores this).
    staleTime: 5_000,
  });
}
