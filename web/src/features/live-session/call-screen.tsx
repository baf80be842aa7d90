import { useEffect, useRef, useState } from "react";
import type { Gender } from "@schema/enums";
import type { SessionPresence } from "@schema/events";
import { gendered } from "../../i18n/ar-EG-counts";
import { arLive } from "../../i18n/ar-EG-live";
import { byGender } from "../../lib/plural";
import { Button } from "../../ui/button";
import { Badge } from "../../ui/notice";
import { toasts } from "../../ui/toast-store";
import { StreamVideo } from "./media-elements";
import type { PeerCallState } from "./peer-call";

type CallScreenProps = {
  otherName: string;
  /** The other member's gender: «بيعرض شاشته» or «بتعرض شاشتها». */
  otherGender?: Gender | null;
  otherPresence: SessionPresence | null;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  peerState: PeerCallState;
  speakerId: string;
  initialMic: boolean;
  initialCamera: boolean;
  onMic: (enabled: boolean) => void;
  onCamera: (enabled: boolean) => void;
  onShare: (screen: MediaStreamTrack | null, camera: MediaStreamTrack | null) => Promise<void>;
  onLeave: () => void;
  /** The leave button's words (a lesson's by default). */
  leaveLabel?: string;
};

/** In the call: the other member's video, ours, and the controls (each with a visible label). */
export function CallScreen(props: CallScreenProps) {
  const {
    otherName,
    otherGender,
    otherPresence,
    localStream,
    remoteStream,
    peerState,
    speakerId,
    onMic,
    onCamera,
    onShare,
    onLeave,
    leaveLabel = arLive.liveSession.leave,
  } = props;
  const [mic, setMic] = useState(props.initialMic);
  const [camera, setCamera] = useState(props.initialCamera);
  const [screen, setScreen] = useState<MediaStream | null>(null);
  const screenRef = useRef<MediaStream | null>(null);
  const audioTrack = localStream?.getAudioTracks()[0] ?? null;
  const cameraTrack = localStream?.getVideoTracks()[0] ?? null;

  useEffect(() => () => screenRef.current?.getTracks().forEach((track) => track.stop()), []);

  function toggleMic() {
    const next = !mic;
    if (audioTrack) audioTrack.enabled = next;
    setMic(next);
    onMic(next);
  }

  function toggleCamera() {
    const next = !camera;
    if (cameraTrack) cameraTrack.enabled = next;
    setCamera(next);
    onCamera(next);
  }

  async function stopSharing() {
    screenRef.current?.getTracks().forEach((track) => track.stop());
    screenRef.current = null;
    setScreen(null);
    await onShare(null, cameraTrack);
  }

  async function toggleShare() {
    if (screenRef.current) {
      await stopSharing();
      return;
    }
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const track = display.getVideoTracks()[0];
      if (!track) return;
      track.addEventListener("ended", () => void stopSharing());
      screenRef.current = display;
      setScreen(display);
      await onShare(track, cameraTrack);
    } catch (error) {
      if ((error as { name?: string }).name !== "NotAllowedError")
        toasts.show({ id: "share-screen", type: "error", title: arLive.liveSession.shareFailed });
    }
  }

  const remoteCameraOff = otherPresence?.inCall && !otherPresence.camera && !otherPresence.sharing;
  const status =
    !otherPresence?.inCall || peerState === "waiting"
      ? arLive.liveSession.waitingForOther(otherName)
      : peerState === "failed"
        ? arLive.liveSession.peerFailed
        : peerState !== "connected"
          ? arLive.liveSession.connectingPeer
          : null;

  return (
    <div className="flex flex-col gap-3" data-peer-state={peerState}>
      <div className="relative aspect-[3/4] w-full overflow-hidden rounded-xl bg-slate-900 sm:aspect-video">
        <StreamVideo
          stream={remoteStream}
          label={arLive.liveSession.remoteVideo(otherName)}
          sinkId={speakerId || undefined}
          role="remote"
          className="object-contain"
        />
        {(status || remoteCameraOff) && (
          <p
            className="absolute inset-0 flex items-center justify-center p-4 text-center text-slate-100"
            aria-live="polite"
          >
            <bdi>{status ?? arLive.liveSession.remoteCameraOff(otherName)}</bdi>
          </p>
        )}
        <div className="absolute start-2 top-2 flex flex-wrap gap-2" aria-live="polite">
          {otherPresence?.inCall && !otherPresence.mic && (
            <Badge tone="warning">{arLive.liveSession.remoteMicOff(otherName)}</Badge>
          )}
          {otherPresence?.inCall && otherPresence.sharing && (
            <Badge tone="info">{byGender(gendered.sharingScreen, otherGender, otherName)}</Badge>
          )}
        </div>
        <div className="absolute bottom-2 end-2 aspect-video w-28 overflow-hidden rounded-lg border-2 border-white sm:w-44">
          <StreamVideo
            stream={screen ?? localStream}
            label={arLive.liveSession.localVideo}
            local={!screen}
            role="local"
          />
        </div>
      </div>
      <div
        role="toolbar"
        aria-label={arLive.liveSession.title}
        className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-center"
      >
        <Button
          variant={mic ? "secondary" : "danger"}
          aria-pressed={!mic}
          onClick={toggleMic}
          disabled={!audioTrack}
        >
          {mic ? arLive.liveSession.mute : arLive.liveSession.unmute}
        </Button>
        <Button
          variant={camera ? "secondary" : "danger"}
          aria-pressed={!camera}
          onClick={toggleCamera}
          disabled={!cameraTrack}
        >
          {camera ? arLive.liveSession.cameraOff : arLive.liveSession.cameraOn}
        </Button>
        {typeof navigator !== "undefined" && "getDisplayMedia" in (navigator.mediaDevices ?? {}) && (
          <Button variant="secondary" aria-pressed={Boolean(screen)} onClick={() => void toggleShare()}>
            {screen ? arLive.liveSession.stopSharing : arLive.liveSession.shareScreen}
          </Button>
        )}
        <Button variant="danger" onClick={onLeave}>
          {leaveLabel}
        </Button>
      </div>
    </div>
  );
}
