import { lazy, Suspense } from "react";
import { useParams } from "react-router-dom";
import { LessonLevelCard } from "../../features/learning/level/lesson-level-card";
import { LiveRoom } from "../../features/live-session/live-room";
import { useNow } from "../../features/live-session/use-now";
import { useSessionView } from "../../features/live-session/use-session-view";
import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { arLive } from "../../i18n/ar-EG-live";
import { arNotes } from "../../i18n/ar-EG-notes";
import { useSession } from "../../lib/session";
import { errorCodeOf } from "../../lib/api-error";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Spinner } from "../../ui/spinner";

// The note's form and view load once the lesson ended, not with the room (docs/performance.md).
const LessonNoteSection = lazy(async () => ({
  default: (await import("../../features/learning/notes/lesson-note-section")).LessonNoteSection,
}));

/** /lesson/{id}: the ready screen, then the call, with the pair's chat beside it; after it, the lesson's note. */
export function LessonPage() {
  const { id = "" } = useParams();
  const valid = /^[1-9]\d{0,15}$/.test(id);
  const sessionId = `lesson:${valid ? id : "0"}`;
  const view = useSessionView(sessionId);
  const now = useNow();
  const selfId = useSession().user?.id ?? 0;

  if (!valid || view.isError) {
    const code = view.isError ? errorCodeOf(view.error) : "lesson-not-found";
    return (
      <PageFrame title={arLive.liveSession.title}>
        <Notice tone="error">
          {code === "forbidden" || code === "session-not-found" || code === "lesson-not-found"
            ? arLive.liveSession.notFound
            : errorMessage(code)}
        </Notice>
      </PageFrame>
    );
  }
  if (!view.data) {
    return (
      <PageFrame title={arLive.liveSession.title}>
        <Spinner label={arLive.liveSession.loadingSession} />
      </PageFrame>
    );
  }
  // Once the lesson ended: its note (the tutor writes it, the student reads it and answers the homework).
  const ended = view.data.kind === "lesson" && !view.data.canceled && now >= Date.parse(view.data.end);
  return (
    <LiveRoom view={view.data} now={now} withChat>
      {ended && (
        <Suspense fallback={<Spinner label={arNotes.note.loading} />}>
          <LessonNoteSection view={view.data} selfId={selfId} now={now} />
        </Suspense>
      )}
      <LessonLevelCard view={view.data} now={now} />
    </LiveRoom>
  );
}
