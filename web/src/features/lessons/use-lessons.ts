import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { lessonContracts } from "@schema/api/lesson";
import { subscriptionContracts } from "@schema/api/subscription";
import { Role, type LessonDuration } from "@schema/enums";
import type { ServerEvent } from "@schema/events";
import { trackLessonBooked } from "../../lib/track";
import { call } from "../../lib/client";
import { session, useIsSignedIn, useSession } from "../../lib/session";
import { statsKeys } from "../stats/use-stats";
import { lessonKeys } from "./lesson-keys";

/** GET /lesson/free-times: the tutor's free starts for a duration (public); asked when `enabled`. */
export function useFreeTimesQuery(
  tutorId: number,
  window: { from: string; to: string },
  duration: LessonDuration,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: lessonKeys.freeTimes(tutorId, window.from, window.to, duration),
    queryFn: ({ signal }) =>
      call(lessonContracts.freeTimes, {
        public: true,
        query: { tutorId, from: window.from, to: window.to, duration },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /sub/user: the student's minutes left this week (students only). */
export function useCurrentSubscriptionQuery() {
  const signedIn = useIsSignedIn();
  const { user } = useSession();
  return useQuery({
    queryKey: lessonKeys.subscription,
    queryFn: ({ signal }) => call(subscriptionContracts.current, { signal }),
    enabled: signedIn && user?.role === Role.Student,
  });
}

/**
 * GET /lesson/list/ for a calendar week, or for the calendar's hour ahead when the week on screen
 * does not hold it (lessons-calendar.tsx): every lesson overlapping [after, before), cancelled ones
 * included. Asked only when `enabled`.
 */
export function useWeekLessonsQuery(range: { after: string; before: string }, enabled = true) {
  return useQuery({
    enabled,
    queryKey: lessonKeys.week(range.after, range.before),
    queryFn: ({ signal }) =>
      call(lessonContracts.list, { query: { after: range.after, before: range.before, size: 100 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Everything a booked, moved or cancelled lesson changes: the lesson lists and calendar, the
 * minutes left this week (/sub/user) and the dashboards' figures.
 */
export function invalidateLessonData(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: lessonKeys.all });
  void queryClient.invalidateQueries({ queryKey: lessonKeys.subscription });
  void queryClient.invalidateQueries({ queryKey: statsKeys.student });
  void queryClient.invalidateQueries({ queryKey: statsKeys.tutor });
}

export const lessonEventTypes: ReadonlySet<ServerEvent["type"]> = new Set([
  "LessonBooked",
  "LessonRebooked",
  "LessonCanceled",
]);

function useInvalidateLessons() {
  const queryClient = useQueryClient();
  return () => invalidateLessonData(queryClient);
}

/** GET /lesson/calendar/feed: the user's secret calendar feed URL (created on first use). */
export function useCalendarFeedQuery(enabled: boolean) {
  return useQuery({
    queryKey: lessonKeys.feed,
    queryFn: ({ signal }) => call(lessonContracts.feed, { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /lesson/calendar/feed: a new secret URL; the old one stops working. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(lessonContracts.rotateFeed),
    onSuccess: (feed) => queryClient.setQueryData(lessonKeys.feed, feed),
  });
}

/** POST /lesson/ */
export function useBookLesson() {
  const invalidate = useInvalidateLessons();
  return useMutation({
    mutationFn: (body: { tutorId: number; start: string; duration: LessonDuration }) =>
      call(lessonContracts.book, { body }),
    onSuccess: (_lesson, body) => trackLessonBooked(session.getState().user?.id, { duration: body.duration }),
    onSettled: invalidate,
  });
}

/** PATCH /lesson */
export function useRescheduleLesson() {
  const invalidate = useInvalidateLessons();
  return useMutation({
    mutationFn: (body: { id: number; start: string; duration: LessonDuration }) =>
      call(lessonContracts.reschedule, { body }),
    onSettled: invalidate,
  });
}

/** DELETE /lesson/{id} */
export function useCancelLesson() {
  const invalidate = useInvalidateLessons();
  return useMutation({
    mutationFn: (id: number) => call(lessonContracts.cancel, { params: { id } }),
    onSettled: invalidate,
  });
}
