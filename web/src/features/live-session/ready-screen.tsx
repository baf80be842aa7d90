import type { SessionMember } from "@schema/api/session";
import type { Gender } from "@schema/enums";
import type { SessionPresence } from "@schema/events";
import { gendered } from "../../i18n/ar-EG-counts";
import { arLive } from "../../i18n/ar-EG-live";
import { byGender } from "../../lib/plural";
import { Button } from "../../ui/button";
import { DeviceCheck } from "./device-check";
import type { useLocalMedia } from "./use-local-media";

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

/** The ready/join screen: the device check (device-check.tsx), then presence and join. */
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
  return (
    <DeviceCheck media={media}>
      <PresenceLine
        name={other?.name ?? arLive.liveSession.otherMember}
        gender={other?.gender}
        presence={otherPresence}
        inCallText={inCallText}
      />
      {!roomReady && <p className="text-sm text-slate-700">{arLive.liveSession.connecting}</p>}
      <Button size="lg" onClick={onJoin} loading={joining} disabled={!roomReady || media.pending}>
        {media.error ? arLive.liveSession.joinWithoutMedia : joinLabel}
      </Button>
    </DeviceCheck>
  );
}
