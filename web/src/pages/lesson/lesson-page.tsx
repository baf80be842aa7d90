import { useParams } from "react-router-dom";
import { LiveRoom } from "../../features/live-session/live-room";
import { useNow } from "../../features/live-session/use-now";
import { useSessionView } from "../../features/live-session/use-session-view";
import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { arLive } from "../../i18n/ar-EG-live";
import { errorCodeOf } from "../../lib/api-error";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Spinner } from "../../ui/spinner";

/** /lesson/{id}: the ready screen, then the call, with the pair's chat beside it. */
export function LessonPage() {
  const { id = "" } = useParams();
  const valid = /^[1-9]\d{0,15}$/.test(id);
  const sessionId = `lesson:${valid ? id : "0"}`;
  const view = useSessionView(sessionId);
  const now = useNow();

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
  return <LiveRoom view={view.data} now={now} withChat />;
}
