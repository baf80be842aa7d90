import { useState, type ReactNode } from "react";
import type { SessionView } from "@schema/api/session";
import { errorMessage } from "../../i18n/ar-EG";
import { arLive } from "../../i18n/ar-EG-live";
import { formatDateTime, formatTime } from "../../lib/format";
import { session, useSession } from "../../lib/session";
import { cx } from "../../ui/class-names";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { toasts } from "../../ui/toast-store";
import { AbsenceReport } from "./absence-report";
import { CallScreen } from "./call-screen";
import { ChatPanel } from "./chat-panel";
import { PreviousNotePanel } from "./previous-note-panel";
import { DeviceCheckButton } from "./device-check";
import { EndedSession } from "./ended-session";
import { ReadyScreen } from "./ready-screen";
import { canReportAbsence, countdown, formatClock, roomIsOpen, roomOpensAt, roomPhase } from "./timing";
import { useLiveSession } from "./use-live-session";
import { useLocalMedia } from "./use-local-media";
import { useNow } from "./use-now";
import { useSessionView } from "./use-session-view";

export function Clock({
  start,
  end,
  now,
  startsIn = arLive.liveSession.startsIn,
}: {
  start: string;
  end: string;
  now: number;
  startsIn?: string;
}) {
  const left = countdown(start, end, now);
  if (left.kind === "ended") return null;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-800" role="timer" aria-live="off">
      <span>{left.kind === "starts-in" ? startsIn : arLive.liveSession.timeLeft}</span>
      <span dir="ltr" className="font-semibold tabular-nums">
        {formatClock(left.ms)}
      </span>
    </p>
  );
}

/** The screen's title and content; wider than PageFrame when the chat sits beside the call. */
function Frame({
  title,
  subtitle,
  wide,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  wide: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cx("mx-auto flex w-full flex-col gap-6", wide ? "max-w-6xl" : "max-w-4xl")}>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        <p className="text-slate-600">{subtitle}</p>
      </header>
      {children}
    </div>
  );
}

type LiveRoomProps = {
  view: SessionView;
  now: number;
  /** The pair's chat in a side panel beside the call. */
  withChat?: boolean;
  /** Under the room: e.g. the manager's decision form on an interview or a demo session. */
  children?: ReactNode;
};

/**
 * A lesson's, interview's or demo session's page: before the room opens, when it is to open; while
 * it is open (10 minutes before the start until the end), the ready screen and then the call.
 */
export function LiveRoom({ view, now, withChat = false, children }: LiveRoomProps) {
  const selfId = useSession().user?.id ?? 0;
  const words = arLive.liveSession.kinds[view.kind];
  const other = view.members.find((member) => member.id !== selfId) ?? null;
  const phase = roomPhase(view.start, view.end, now);
  const subtitle = (
    <>
      <bdi>{other?.name ?? arLive.liveSession.otherMember}</bdi> ·{" "}
      {words.startsAt(formatDateTime(view.start))}
    </>
  );
  // Camera, microphone and the room's socket only while the room is open.
  if (!view.canceled && roomIsOpen(view.start, view.end, now))
    return (
      <OpenRoom view={view} now={now} selfId={selfId} subtitle={subtitle} withChat={withChat}>
        {children}
      </OpenRoom>
    );
  if (!view.canceled && phase === "ended")
    return (
      <Frame title={arLive.endedSession.title[view.kind]} subtitle={subtitle} wide={false}>
        <EndedSession view={view}>{children}</EndedSession>
      </Frame>
    );
  return (
    <Frame title={words.readyTitle} subtitle={subtitle} wide={false}>
      {view.canceled ? (
        <Notice tone="warning">{words.canceled}</Notice>
      ) : (
        <div className="flex flex-col gap-3">
          <Clock start={view.start} end={view.end} now={now} startsIn={words.startsIn} />
          <Notice tone="info">{arLive.liveSession.opensAt(formatTime(roomOpensAt(view.start)))}</Notice>
          {/* Before the room opens: the same device check as its ready screen, at any time. */}
          <DeviceCheckButton className="self-start" />
        </div>
      )}
      {children}
    </Frame>
  );
}

type OpenRoomProps = {
  view: SessionView;
  now: number;
  selfId: number;
  subtitle: ReactNode;
  withChat: boolean;
  children?: ReactNode;
};

function OpenRoom({ view, now, selfId, subtitle, withChat, children }: OpenRoomProps) {
  const words = arLive.liveSession.kinds[view.kind];
  const other = view.members.find((member) => member.id !== selfId) ?? null;
  const otherName = other?.name ?? arLive.liveSession.otherMember;
  // The token of the page's first render: a background refresh must not reopen (and so end) the call.
  const [token] = useState(() => session.liveToken());
  const room = useLiveSession(view.id, selfId, token, true, view.media);
  const media = useLocalMedia();
  const [joined, setJoined] = useState<{ mic: boolean; camera: boolean } | null>(null);
  const [left, setLeft] = useState(false);
  const otherPresence = room.members.find((member) => member.userId === other?.id) ?? null;
  const isStudent =
    view.kind === "lesson" &&
    view.members.some((member) => member.id === selfId && member.role === "student");
  const tutor = view.members.find((member) => member.role === "tutor");
  const isTutorOfLesson = view.kind === "lesson" && tutor?.id === selfId;
  const tutorJoined =
    view.attendance.some((entry) => entry.userId === tutor?.id && entry.event === 1) ||
    Boolean(room.members.find((member) => member.userId === tutor?.id)?.inCall);

  async function join() {
    const stream = media.stream;
    // A rejoin after leaving muted starts with everything on again, as the flags say.
    stream?.getTracks().forEach((track) => (track.enabled = true));
    const flags = {
      mic: Boolean(stream?.getAudioTracks().length),
      camera: Boolean(stream?.getVideoTracks().length),
    };
    try {
      await room.join(stream, { ...flags, sharing: false });
      setJoined(flags);
      setLeft(false);
    } catch (error) {
      toasts.show({
        id: "join-lesson",
        type: "error",
        title: arLive.liveSession.joinFailed,
        description: errorMessage(error instanceof Error ? error.message : null),
      });
    }
  }

  function leave() {
    room.leave();
    setJoined(null);
    setLeft(true);
  }

  let body;
  if (room.final === "ended") body = <EndedSession view={view} />;
  else if (room.final === "replaced") body = <Notice tone="warning">{arLive.liveSession.replaced}</Notice>;
  else if (room.final === "refused") body = <Notice tone="error">{arLive.liveSession.roomClosed}</Notice>;
  else
    body = (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Clock start={view.start} end={view.end} now={now} startsIn={words.startsIn} />
          {room.status === "connecting" && joined && (
            <p className="text-sm text-amber-800">{arLive.liveSession.socketClosed}</p>
          )}
        </div>
        {left && !room.inCall && <Notice tone="info">{arLive.liveSession.leftCall}</Notice>}
        {!room.inCall && <p className="text-sm text-slate-700">{arLive.liveSession.readyHint}</p>}
        {room.inCall && joined ? (
          <CallScreen
            otherName={otherName}
            otherGender={other?.gender}
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
            leaveLabel={words.leave}
          />
        ) : (
          <ReadyScreen
            media={media}
            other={other}
            otherPresence={otherPresence}
            roomReady={room.status === "open"}
            joining={room.joining}
            onJoin={() => void join()}
            joinLabel={words.join}
            inCallText={words.presenceInCall}
          />
        )}
        {isStudent && canReportAbsence(view.start, view.end, now, tutorJoined) && (
          <AbsenceReport sessionId={view.id} />
        )}
      </div>
    );

  const chat = withChat && other && !room.final;
  return (
    <Frame title={room.inCall ? words.title : words.readyTitle} subtitle={subtitle} wide={Boolean(chat)}>
      {chat ? (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-label={arLive.liveSession.roomSection} className="min-w-0">
            {body}
          </section>
          <div className="flex min-w-0 flex-col gap-4">
            <ChatPanel selfId={selfId} otherId={other.id} otherName={otherName} />
            {/* The tutor sees the pair's last note beside the chat (docs/rules.md, "Learning after the lesson"). */}
            {isTutorOfLesson && (
              <PreviousNotePanel lessonId={Number(view.id.slice("lesson:".length))} now={now} />
            )}
          </div>
        </div>
      ) : (
        body
      )}
      {children}
    </Frame>
  );
}

/**
 * /interview/{id} and /demo-session/{id}: the tutor and the manager meet in the session room
 * ("interview:ID", "demo:ID"; the same ready screen and call as a lesson) with the page's details
 * and the manager's decision form under it. Staff who only read the session, and anyone while it
 * cannot be read, get the details alone.
 */
export function MeetingRoom({
  sessionId,
  selfId,
  title,
  children,
}: {
  sessionId: string;
  selfId: number;
  title: string;
  children: ReactNode;
}) {
  const view = useSessionView(sessionId);
  const now = useNow();
  if (view.data && view.data.members.some((member) => member.id === selfId))
    return (
      <LiveRoom view={view.data} now={now}>
        <div className="flex flex-col gap-4">{children}</div>
      </LiveRoom>
    );
  return (
    <PageFrame title={title} width="wide">
      {children}
    </PageFrame>
  );
}
