import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { topicContracts } from "@schema/api/topic";
import { tutorContracts } from "@schema/api/tutor";
import { DEFAULT_TIME_ZONE } from "@schema/time-zones";
import { viewerTimeZone } from "../../lib/format";
import { call } from "../../lib/client";
import { tutorKeys, tutorsPageSize, type TutorFilters } from "./tutor-keys";

export { tutorKeys, tutorsPageSize, type TutorFilters } from "./tutor-keys";

/** GET /user/tutor/list/onboarded (public, paged); a free day is the viewer's calendar day. */
export function useTutorListQuery(filters: TutorFilters, page: number) {
  const timeZone = filters.day && viewerTimeZone() !== DEFAULT_TIME_ZONE ? viewerTimeZone() : undefined;
  const query = timeZone ? { ...filters, timeZone } : filters;
  return useQuery({
    queryKey: tutorKeys.list(query, page),
    queryFn: ({ signal }) =>
      call(tutorContracts.list, { public: true, query: { ...query, page, size: tutorsPageSize }, signal }),
    placeholderData: keepPreviousData,
    // A page just shown (or inlined in /tutors by the Worker) is not asked again at once.
    staleTime: 30_000,
  });
}

/** GET /user/tutor/info/{id} */
export function useTutorInfoQuery(id: number) {
  return useQuery({
    queryKey: tutorKeys.info(id),
    queryFn: ({ signal }) => call(tutorContracts.info, { params: { id }, public: true, signal }),
    enabled: id > 0,
    retry: false,
  });
}

/** GET /user/tutor/stats/{id} */
export function useTutorStatsQuery(id: number) {
  return useQuery({
    queryKey: tutorKeys.stats(id),
    queryFn: ({ signal }) => call(tutorContracts.stats, { params: { id }, public: true, signal }),
    enabled: id > 0,
    retry: false,
  });
}

/** GET /topic/list: every topic, for the filter (one page of the largest size). */
export function useTopicsQuery() {
  return useQuery({
    queryKey: tutorKeys.topics,
    queryFn: ({ signal }) =>
      call(topicContracts.list, { public: true, query: { page: 1, size: 100 }, signal }),
    select: (page) => page.list,
    staleTime: 5 * 60 * 1000,
  });
}
