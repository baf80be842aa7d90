/** The lesson queries' cache keys (web/src/features/lessons/use-lessons.ts, use-lesson-list.ts, and the payments that change minutes). */
export type LessonTab = "upcoming" | "past";

export const lessonKeys = {
  all: ["lessons"] as const,
  list: (tab: LessonTab, page: number) => ["lessons", "list", tab, page] as const,
  week: (after: string, before: string) => ["lessons", "week", after, before] as const,
  /** Outside "lessons": lesson changes never change the feed URL. */
  feed: ["calendar-feed"] as const,
  freeTimes: (tutorId: number, from: string, to: string, duration: number) =>
    ["lessons", "free-times", tutorId, from, to, duration] as const,
  subscription: ["subscription", "user"] as const,
};
