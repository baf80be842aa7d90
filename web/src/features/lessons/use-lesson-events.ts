import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { ServerEvent } from "@schema/events";
import { useUserChannelEvents, userChannel, type UserChannel } from "../../lib/realtime";
import { invalidateLessonData, lessonEventTypes } from "./use-lessons";

/**
 * While mounted (the signed-in app shell): LessonBooked, LessonRebooked and LessonCanceled refresh
 * the lesson data. Apart from use-lessons.ts, so the screens that only read lessons (a tutor's
 * public page) do not load the realtime socket's code.
 *
 * The user channel delivers only what is sent while it is open, so every open refreshes the lesson
 * data too: the first one (a lesson booked between the screen's first read and the socket's
 * connect would otherwise stay unseen until a reload) and every reconnect after a dropped network.
 * Only the lesson queries on screen are read again.
 */
export function useLessonEventsRefresh(channel: UserChannel = userChannel) {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (lessonEventTypes.has(event.type)) invalidateLessonData(queryClient);
    },
    [queryClient],
  );
  useUserChannelEvents(onEvent, channel);
  useEffect(() => {
    const off = channel.onOpen(() => invalidateLessonData(queryClient));
    return () => {
      off();
    };
  }, [channel, queryClient]);
}
