import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import type { ServerEvent } from "@schema/events";
import { arNotes } from "../../../i18n/ar-EG-notes";
import { useUserChannelEvents } from "../../../lib/realtime";
import { toasts } from "../../../ui/toast-store";

/**
 * While signed in (web/src/app/signed-in-effects.tsx): the other member's new note or reply
 * (LessonNoteChanged) is told in the app wherever the person is, with the way to the lesson's page.
 */
export function useNoteNotices() {
  const navigate = useNavigate();
  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (event.type !== "LessonNoteChanged" || event.payload.what === "homework") return;
      const { lessonId, what } = event.payload;
      toasts.show({
        id: `lesson-note-${lessonId}`,
        type: "info",
        title: what === "note" ? arNotes.notices.note : arNotes.notices.reply,
        actions: [{ label: arNotes.notices.open, onClick: () => void navigate(`/lesson/${lessonId}`) }],
      });
    },
    [navigate],
  );
  useUserChannelEvents(onEvent);
}
