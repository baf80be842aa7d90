import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { userChannel, useUserChannelRefresh, type UserChannel } from "../../lib/realtime";
import { invalidateLessonData, lessonEventTypes } from "./use-lessons";

/**
 * While mounted (the signed-in app shell): LessonBooked, LessonRebooked and LessonCanceled refresh
 * the lesson data, and so does every open of the user channel (a lesson booked while the socket was
 * connecting or reconnecting sent its event to nobody). Apart from use-lessons.ts, so the screens
 * that only read lessons (a tutor's public page) do not load the realtime socket's code.
 */
export function useLessonEventsRefresh(channel: UserChannel = userChannel) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => invalidateLessonData(queryClient), [queryClient]);
  useUserChannelRefresh(lessonEventTypes, refresh, { channel });
}
