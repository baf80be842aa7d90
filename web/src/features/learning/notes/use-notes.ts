import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { lessonNoteContracts, type LessonNoteBody } from "@schema/api/lesson-note";
import type { ServerEvent } from "@schema/events";
import { call, upload } from "../../../lib/client";
import { useUserChannelRefresh } from "../../../lib/realtime";

/** The lesson notes' queries (docs/rules.md, "Learning after the lesson"). */
export const noteKeys = {
  all: ["lesson-notes"] as const,
  note: (lessonId: number) => ["lesson-notes", "note", lessonId] as const,
  previous: (lessonId: number) => ["lesson-notes", "previous", lessonId] as const,
  past: (page: number) => ["lesson-notes", "past", page] as const,
};

/** «دروسي السابقة»: ten a page. */
export const pastPageSize = 10;

/** GET /lesson/{id}/note: the note, or null before the tutor writes it. */
export function useLessonNote(lessonId: number, enabled = true) {
  return useQuery({
    queryKey: noteKeys.note(lessonId),
    queryFn: ({ signal }) => call(lessonNoteContracts.get, { params: { id: lessonId }, signal }),
    enabled,
    retry: false,
  });
}

/** GET /lesson/{id}/previous-note: the pair's last note, for the tutor in the lesson room. */
export function usePreviousNote(lessonId: number, enabled: boolean) {
  return useQuery({
    queryKey: noteKeys.previous(lessonId),
    queryFn: ({ signal }) => call(lessonNoteContracts.previous, { params: { id: lessonId }, signal }),
    enabled,
    retry: false,
  });
}

/** GET /lesson/past/: the caller's ended lessons, newest first. */
export function usePastLessons(page: number) {
  return useQuery({
    queryKey: noteKeys.past(page),
    queryFn: ({ signal }) => call(lessonNoteContracts.past, { query: { page, size: pastPageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** After any change: the note, the room's panel and the past list read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: noteKeys.all });
}

const noteEventTypes: ReadonlySet<ServerEvent["type"]> = new Set(["LessonNoteChanged"]);

/**
 * While mounted: the other member's change (LessonNoteChanged), or the user channel opening,
 * refreshes the notes on screen.
 */
export function useNoteEventsRefresh() {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: noteKeys.all }),
    [queryClient],
  );
  useUserChannelRefresh(noteEventTypes, refresh);
}

/** PUT /lesson/{id}/note, then the homework's file (when one was chosen). */
export function useSaveNote(lessonId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ body, file }: { body: LessonNoteBody; file: File | null }) => {
      const saved = await call(lessonNoteContracts.put, { params: { id: lessonId }, body });
      if (!file) return saved;
      const form = new FormData();
      form.append("file", file);
      return upload(lessonNoteContracts.attach, form, { params: { id: lessonId } });
    },
    onSettled: refresh,
  });
}

/** POST or DELETE /lesson/{id}/note/homework-done. */
export function useHomeworkDone(lessonId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (done: boolean) =>
      call(done ? lessonNoteContracts.homeworkDone : lessonNoteContracts.homeworkUndone, {
        params: { id: lessonId },
      }),
    onSettled: refresh,
  });
}

/** POST /lesson/{id}/note/replies (multipart: text, file). */
export function useReply(lessonId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ text, file }: { text: string; file: File | null }) => {
      const form = new FormData();
      form.append("text", text);
      if (file) form.append("file", file);
      return upload(lessonNoteContracts.reply, form, { params: { id: lessonId } });
    },
    onSettled: refresh,
  });
}
