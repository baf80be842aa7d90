import type { SessionMember } from "@schema/api/session";
import type { Gender } from "@schema/enums";
import type { SessionPresence } from "@schema/events";
import { ar } from "../../i18n/ar-EG";
import { gendered } from "../../i18n/ar-EG-counts";
import { arLive } from "../../i18n/ar-EG-live";
import { formatNumber } from "../../lib/format";
import { byGender } from "../../lib/plural";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { Select, type SelectOption } from "../../ui/select";
import { deviceErrorMessage } from "./device-errors";
import { MicMeter, StreamVideo } from "./media-elements";
import { canChooseSpeaker, type useLocalMedia } from "./use-local-media";

type ReadyScreenProps = {
  media: ReturnType<typeof useLocalMedia>;
  other: SessionMember | null;
  otherPresence: SessionPresence | null;
  roomReady: boolean;
  joining: boolean;
  onJoin: () => void;
  /** The join button's words (a lesson's by default). */
  joinLabel?: string;
  /** "<name> is in the lesson" (or the interview, the demo session). */
  inCallText?: (name: string) => string;
};

function deviceOptions(devices: MediaDeviceInfo[], kind: string): SelectOption[] {
  return [
    { value: "", label: arLive.liveSession.defaultDevice },
    ...devices
      .filter((device) => device.deviceId && device.deviceId !== "default")
      .map((device, index) => ({
        value: device.deviceId,
        label: device.label || arLive.liveSession.deviceNumber(kind, formatNumber(index + 1)),
      })),
  ];
}

/** The other member's presence, in words. */
export function PresenceLine({
  name,
  presence,
  gender,
  inCallText = arLive.liveSession.presenceInCall,
}: {
  name: string;
  presence: SessionPresence | null;
  /** The member's gender: «لسه مدخلش» or «لسه مدخلتش». */
  gender?: Gender | null;
  inCallText?: (name: string) => string;
}) {
  const text = presence?.inCall
    ? inCallText(name)
    : presence?.online
      ? byGender(gendered.online, gender, name)
      : byGender(gendered.notJoinedYet, gender, name);
  const dot = presence?.inCall ? "bg-emerald-600" : presence?.online ? "bg-amber-500" : "bg-slate-400";
  return (
    <p className="flex items-center gap-2 text-sm text-slate-800" aria-live="polite">
      <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${dot}`} />
      <bdi>{text}</bdi>
    </p>
  );
}

/** The ready/join screen: preview, microphone level, device pickers, presence, join. */
export function ReadyScreen({
  media,
  other,
  otherPresence,
  roomReady,
  joining,
  onJoin,
  joinLabel = arLive.liveSession.join,
  inCallText,
}: ReadyScreenProps) {
  const { stream, error, pending, devices, prefs, choose, retry } = media;
  const problem = error ? deviceErrorMessage(error) : null;
  const hasVideo = Boolean(stream?.getVideoTracks().length);
  return (
    <div className="grid gap-6 md:grid-cols-[3fr_2fr]">
      <div className="flex flex-col gap-3">
        <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
          {hasVideo ? (
            <StreamVideo stream={stream} label={arLive.liveSession.preview} local role="local" />
          ) : (
            <p className="absolute inset-0 flex items-center justify-center text-slate-100">
              {pending ? ar.ui.loading : arLive.liveSession.noPreview}
            </p>
          )}
        </div>
        <MicMeter stream={stream} />
        {problem && (
          <div role="alert" className="flex flex-col gap-2">
            <Notice tone="error">
              <strong className="block">{problem.title}</strong>
              <span>{problem.next}</span>
            </Notice>
            <Button variant="secondary" onClick={retry} loading={pending} className="self-start">
              {arLive.liveSession.retryDevices}
            </Button>
          </div>
        )}
      </div>
      <div className="flex flex-col gap-4">
        <Select
          label={arLive.liveSession.camera}
          options={deviceOptions(devices.cameras, arLive.liveSession.camera)}
          value={prefs.camera}
          onChange={(event) => choose("camera", event.target.value)}
        />
        <Select
          label={arLive.liveSession.microphone}
          options={deviceOptions(devices.mics, arLive.liveSession.microphone)}
          value={prefs.mic}
          onChange={(event) => choose("mic", event.target.value)}
        />
        {canChooseSpeaker() && devices.speakers.length > 0 && (
          <Select
            label={arLive.liveSession.speaker}
            options={deviceOptions(devices.speakers, arLive.liveSession.speaker)}
            value={prefs.speaker}
            onChange={(event) => choose("speaker", event.target.value)}
          />
        )}
        <PresenceLine
          name={other?.name ?? arLive.liveSession.otherMember}
          gender={other?.gender}
          presence={otherPresence}
          inCallText={inCallText}
        />
        {!roomReady && <p className="text-sm text-slate-700">{arLive.liveSession.connecting}</p>}
        <Button size="lg" onClick={onJoin} loading={joining} disabled={!roomReady || pending}>
          {error ? arLive.liveSession.joinWithoutMedia : joinLabel}
        </Button>
      </div>
    </div>
  );
}
