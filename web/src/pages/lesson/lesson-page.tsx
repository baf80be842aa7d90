import { useState, type ReactNode } from "react";
import { useParams } from "react-router-dom";
import type { SessionView } from "@schema/api/session";
import { AbsenceReport } from "../../features/live-session/absence-report";
import { CallScreen } from "../../features/live-session/call-screen";
import { ReadyScreen } from "../../features/live-session/ready-screen";
import { canReportAbsence, countdown, formatClock, roomIsOpen, roomOpensAt, roomPhase } from "../../features/live-session/timing";
import { useLiveSession } from "../../features/live-session/use-live-session";
import { useLocalMedia } from "../../features/live-session/use-local-media";
import { useNow } from "../../features/live-session/use-now";
import { useSessionView } from "../../features/live-session/use-session-view";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime, formatTime } from "../../lib/format";
import { session, useSession } from "../../lib/session";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Spinner } from "../../ui/spinner";
import { toasts } from "../../ui/toast-store";

/** /lesson/{id}: the ready screen, then the peer-to-peer call. */
export function LessonPage() {
  const { id = "" } = useParams();
  const valid = /^[1-9]\d{0,15}$/.test(id);
  const sessionId = `lesson:${valid ? id : "0"}`;
  const view = useSessionView(sessionId);
  const now = useNow();

  if (!valid || view.isError) {
    const code = view.isError ? errorCodeOf(view.error) : "lesson-not-found";
    return (
      <PageFrame title={ar.liveSession.title}>
        <Notice tone="error">{code === "forbidden" || code === "session-not-found" || code === "lesson-not-found" ? ar.liveSession.notFound : errorMessage(code)}</Notice>
      </PageFrame>
    );
  }
  if (!view.data) {
    return (
      <PageFrame title={ar.liveSession.title}>
        <Spinner label={ar.liveSession.loadingSession} />
      </PageFrame>
    );
  }
  return <LessonRoom view={view.data} now={now} />;
}

function Clock({ start, end, now }: { start: string; end: string; now: number }) {
  const left = countdown(start, end, now);
  if (left.kind === "ended") return null;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-800" role="timer" aria-live="off">
      <span>{left.kind === "starts-in" ? ar.liveSession.startsIn : ar.liveSession.timeLeft}</span>
      <span dir="ltr" className="font-semibold tabular-nums">
        {formatClock(left.ms)}
      </span>
    </p>
  );
}

function LessonRoom({ view, now }: { view: SessionView; now: number }) {
  const selfId = useSession().user?.id ?? 0;
  const other = view.members.find((member) => member.id !== selfId) ?? null;
  const phase = roomPhase(view.start, view.end, now);
  const subtitle = (
    <>
      <bdi>{other?.name ?? ar.liveSession.otherMember}</bdi> · {ar.liveSession.startsAt(formatDateTime(view.start))}
    </>
  );
  // Camera, microphone and the room's socket only while the room is open.
  if (!view.canceled && roomIsOpen(view.start, view.end, now)) return <OpenRoom view={view} now={now} selfId={selfId} subtitle={subtitle} />;
  return (
    <PageFrame title={ar.liveSession.readyTitle} subtitle={subtitle} width="wide">
      {view.canceled ? (
        <Notice tone="warning">{ar.liveSession.canceled}</Notice>
      ) : phase === "ended" ? (
        <Notice tone="info">{ar.liveSession.ended}</Notice>
      ) : (
        <div className="flex flex-col gap-3">
          <Clock start={view.start} end={view.end} now={now} />
          <Notice tone="info">{ar.liveSession.opensAt(formatTime(roomOpensAt(view.start)))}</Notice>
        </div>
      )}
    </PageFrame>
  );
}

function OpenRoom({ view, now, selfId, subtitle }: { view: SessionView; now: number; selfId: number; subtitle: ReactNode }) {
  const other = view.members.find((member) => member.id !== selfId) ?? null;
  const otherName = other?.name ?? ar.liveSession.otherMember;
  // The token of the page's first render: a background refresh must not reopen (and so end) the call.
  const [token] = useState(() => session.liveToken());
  const room = useLiveSession(view.id, selfId, token, true);
  const media = useLocalMedia();
  const [joined, setJoined] = useState<{ mic: boolean; camera: boolean } | null>(null);
  const [left, setLeft] = useState(false);
  const otherPresence = room.members.find((member) => member.userId === other?.id) ?? null;
  const isStudent = view.members.some((member) => member.id === selfId && member.role === "student");
  const tutor = view.members.find((member) => member.role === "tutor");
  const tutorJoined =
    view.attendance.some((entry) => entry.userId === tutor?.id && entry.event === 1) || Boolean(room.members.find((member) => member.userId === tutor?.id)?.inCall);

  async function join() {
    const stream = media.stream;
    // A rejoin after leaving muted starts with everything on again, as the flags say.
    stream?.getTracks().forEach((track) => (track.enabled = true));
    const flags = { mic: Boolean(stream?.getAudioTracks().length), camera: Boolean(stream?.getVideoTracks().length) };
    try {
      await room.join(stream, { ...flags, sharing: false });
      setJoined(flags);
      setLeft(false);
    } catch (error) {
      toasts.show({ id: "join-lesson", type: "error", title: ar.liveSession.joinFailed, description: errorMessage(error instanceof Error ? error.message : null) });
    }
  }

  function leave() {
    room.leave();
    setJoined(null);
    setLeft(true);
  }

  let body;
  if (room.final === "ended") body = <Notice tone="info">{ar.liveSession.ended}</Notice>;
  else if (room.final === "replaced") body = <Notice tone="warning">{ar.liveSession.replaced}</Notice>;
  else if (room.final === "refused") body = <Notice tone="error">{ar.liveSession.roomClosed}</Notice>;
  else
    body = (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Clock start={view.start} end={view.end} now={now} />
          {room.status === "connecting" && joined && <p className="text-sm text-amber-800">{ar.liveSession.socketClosed}</p>}
        </div>
        {left && !room.inCall && <Notice tone="info">{ar.liveSession.leftCall}</Notice>}
        {!room.inCall && <p className="text-sm text-slate-700">{ar.liveSession.readyHint}</p>}
        {room.inCall && joined ? (
          <CallScreen
            otherName={otherName}
            otherPresence={otherPresence}
            localStream={media.stream}
            remoteStream={room.remoteStream}
            peerState={room.peerState}
            speakerId={media.prefs.speaker}
            initialMic={joined.mic}
            initialCamera={joined.camera}
            onMic={room.setMic}
            onCamera={room.setCamera}
            onShare={room.setSharing}
            onLeave={leave}
          />
        ) : (
          <ReadyScreen media={media} other={other} otherPresence={otherPresence} roomReady={room.status === "open"} joining={room.joining} onJoin={() => void join()} />
        )}
        {isStudent && canReportAbsence(view.start, view.end, now, tutorJoined) && <AbsenceReport sessionId={view.id} />}
      </div>
    );

  return (
    <PageFrame title={room.inCall ? ar.liveSession.title : ar.liveSession.readyTitle} subtitle={subtitle} width="wide">
      {body}
    </PageFrame>
  );
}
