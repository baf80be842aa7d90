import { lessonListPath, upcomingListQueries } from "./features/lessons/lesson-list-requests";
import { sendEarly, type EarlyRequest } from "./lib/early-requests";

/**
 * The GETs a signed-in first screen sends as soon as it renders, by path. The entry
 * (web/src/main.tsx) imports this module first, so they leave before React and the app are
 * evaluated (web/src/lib/early-requests.ts). /upcoming-lessons is where a lesson reminder's link
 * lands. Keep the table small: it is part of every page's first chunk.
 */
export const firstScreenRequests: Record<string, () => EarlyRequest[]> = {
  "/upcoming-lessons": () => {
    const { now, future } = upcomingListQueries(1);
    return [now, future].filter((query) => query !== null).map((query) => ({ path: lessonListPath, query }));
  },
};

/** Sends the GETs of the screen at `pathname` ("/upcoming-lessons/" is the same screen), if it has any. */
export function sendFirstScreenRequests(pathname: string): void {
  const requests = firstScreenRequests[pathname.replace(/(.)\/+$/, "$1")];
  if (requests) sendEarly(requests());
}

sendFirstScreenRequests(window.location.pathname);
