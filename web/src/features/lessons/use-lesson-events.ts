import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ServerEvent } from "@schema/events";
import { useUserChannelEvents } from "../../lib/realtime";
import { invalidateLessonData, lessonEventTypes } from "./use-lessons";

/**
 * While mounted (the signed-in app shell): LessonBooked, LessonRebooked and LessonCanceled refresh
 * the lesson data. Apart from use-lessons.ts, so the screens that only read lessons (a tutor's
 * public page) do not load the realtime socket's code.
 */
export function useLessonEventsRefresh() {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (lessonEventTypes.has(event.type)) invalidateLessonData(queryClient);
    },
    [queryClient],
  );
  useUserChannelEvents(onEvent);
}
