/**
 * What the lesson list asks GET /lesson/list/ (lessonContracts.list, schema/api/lesson.ts) for on
 * its upcoming tab. The list's query (web/src/features/lessons/use-lesson-list.ts) and the early
 * requests of a first load of /upcoming-lessons (web/src/first-screen-requests.ts) both read it
 * here, so they send the same URLs. No imports: it is part of every page's first chunk.
 */
export const lessonListPath = "/lesson/list/";
export const lessonsPageSize = 10;

/** The upcoming tab's page: the lessons happening now (page 1 only, all of them) and the ones still to come. */
export function upcomingListQueries(page: number) {
  return {
    now: page === 1 ? ({ when: "now", status: "ratified", size: 100 } as const) : null,
    future: { when: "future", status: "ratified", page, size: lessonsPageSize } as const,
  };
}
