// The admin tutors area: the tutors list and its filters, a tutor's minutes, profile and numbers as
// staff see them.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { tutorContracts, type FullTutorsSort } from "@schema/api/tutor";
import { call } from "../../lib/client";
import { adminPageSize, useDebounced } from "./admin-ui";

const keys = {
  tutors: (filters: TutorFilters) => ["admin", "tutors", filters] as const,
  tutoringMinutes: (tutorId: number) => ["admin", "tutoring-minutes", tutorId] as const,
};

export type TutorFilters = {
  name: string;
  activated: boolean | null;
  onboarded: boolean | null;
  page: number;
  media?: "missing" | "complete" | null;
  sort?: FullTutorsSort;
};

/** GET /user/tutor/full-tutors */
export function useTutorsQuery(filters: TutorFilters) {
  return useQuery({
    queryKey: keys.tutors(filters),
    queryFn: ({ signal }) =>
      call(tutorContracts.fullTutors, {
        query: {
          page: filters.page,
          size: adminPageSize,
          name: filters.name.trim() || undefined,
          activated: filters.activated === null ? undefined : filters.activated ? "true" : "false",
          onboarded: filters.onboarded === null ? undefined : filters.onboarded ? "true" : "false",
          media: filters.media ?? undefined,
          sort: filters.sort,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A tutors list with its filters: any filter change goes back to page 1; the name is debounced. */
export function useFilteredTutors(initial: Omit<TutorFilters, "page">) {
  const [filters, setFilters] = useState<TutorFilters>({ ...initial, page: 1 });
  const name = useDebounced(filters.name);
  const tutors = useTutorsQuery({ ...filters, name });
  const change = (next: Partial<TutorFilters>) => setFilters((current) => ({ ...current, page: 1, ...next }));
  const setPage = (page: number) => setFilters((current) => ({ ...current, page }));
  return { filters, tutors, change, setPage };
}

export function useTutoringMinutesQuery(tutorId: number, enabled = true) {
  return useQuery({
    queryKey: keys.tutoringMinutes(tutorId),
    queryFn: ({ signal }) => call(tutorContracts.tutoringMinutes, { query: { tutorId }, signal }),
    enabled,
  });
}

/** GET /user/tutor/info/{id} signed in, so staff see tutors that are not listed yet. */
export function useAdminTutorInfoQuery(id: number) {
  return useQuery({
    queryKey: ["admin", "tutor-info", id] as const,
    queryFn: ({ signal }) => call(tutorContracts.info, { params: { id }, signal }),
    retry: false,
  });
}

/** GET /user/tutor/stats/{id} signed in (unlisted tutors too). */
export function useAdminTutorStatsQuery(id: number) {
  return useQuery({
    queryKey: ["admin", "tutor-stats", id] as const,
    queryFn: ({ signal }) => call(tutorContracts.stats, { params: { id }, signal }),
    retry: false,
  });
}
