import { TUTORS_PAGE_SIZE } from "@schema/api/tutor-list-page";
import type { Gender } from "@schema/enums";

// The query keys of the tutor screens, apart from their calls: the entry seeds the first page the
// Worker inlined (initial-data.ts) without loading the tutor contracts (schema/api/tutor.ts).

export type TutorFilters = {
  topicId?: number;
  name?: string;
  gender?: Gender;
  day?: string;
  timeZone?: string;
};
// The same size the Worker inlines the first page of /tutors with (worker/seo/pages.ts).
export const tutorsPageSize = TUTORS_PAGE_SIZE;

export const tutorKeys = {
  list: (filters: TutorFilters, page: number) => ["tutors", "list", filters, page] as const,
  info: (id: number) => ["tutors", "info", id] as const,
  stats: (id: number) => ["tutors", "stats", id] as const,
  topics: ["topics", "all"] as const,
};
