import { useEffect, useState, type ReactNode } from "react";
import { ar } from "../../i18n/ar-EG";
import { arLive } from "../../i18n/ar-EG-live";
import { formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { Select, type SelectOption } from "../../ui/select";
import { deviceErrorMessage } from "./device-errors";
import { MicMeter, StreamVideo } from "./media-elements";
import { canChooseSpeaker, useLocalMedia } from "./use-local-media";

const d = arLive.liveSession.deviceCheck;
type LocalMedia = ReturnType<typeof useLocalMedia>;

/** A level above this (of 100) means the microphone hears something (MicMeter's scale; a quiet room stays at 0–3). */
const HEARD_LEVEL = 4;

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

type SpeakerState = "idle" | "playing" | "played" | "failed";

/**
 * A one-second rising tone through the chosen speaker (AudioContext.setSinkId where the browser
 * has it), so the user hears whether sound comes out; started by a click, as browsers require.
 */
async function playTestTone(sinkId: string): Promise<void> {
  const AudioContextClass = typeof window === "undefined" ? undefined : window.AudioContext;
  if (!AudioContextClass) throw new Error("no audio");
  const context = new AudioContextClass() as AudioContext & { setSinkId?: (id: string) => Promise<void> };
  try {
    if (sinkId && context.setSinkId) await context.setSinkId(sinkId).catch(() => undefined);
    const start = context.currentTime + 0.02;
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.type = "sine";
    [523.25, 659.25, 783.99].forEach((frequency, step) =>
      tone.frequency.setValueAtTime(frequency, start + step * 0.3),
    );
    volume.gain.setValueAtTime(0.0001, start);
    volume.gain.exponentialRampToValueAtTime(0.25, start + 0.05);
    volume.gain.setValueAtTime(0.25, start + 0.85);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + 1);
    tone.connect(volume).connect(context.destination);
    const ended = new Promise<void>((resolve) => (tone.onended = () => resolve()));
    tone.start(start);
    tone.stop(start + 1);
    // A muted or sleeping output may never report the end: a second and a half at most.
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1500))]);
  } finally {
    void context.close().catch(() => undefined);
  }
}

function Result({ ok, children }: { ok: boolean | null; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2" data-ok={ok === null ? "waiting" : String(ok)}>
      <span
        aria-hidden="true"
        className={cx(
          "mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold",
          ok === true && "bg-emerald-100 text-emerald-900",
          ok === false && "bg-red-100 text-red-900",
          ok === null && "bg-slate-100 text-slate-700",
        )}
      >
        {ok === true ? "✓" : ok === false ? "!" : "…"}
      </span>
      <span className="text-slate-800">{children}</span>
    </li>
  );
}

/**
 * The device check: camera preview, microphone level, the device pickers, a speaker test tone and
 * the results in words, with the next step when the browser refuses a device. The lesson room's
 * ready screen (ready-screen.tsx) shows it above its join button (`children`), and the dialog below
 * shows the same check at any time.
 */
export function DeviceCheck({ media, children }: { media: LocalMedia; children?: ReactNode }) {
  const { stream, error, pending, devices, prefs, choose, retry } = media;
  const problem = error ? deviceErrorMessage(error) : null;
  const hasVideo = Boolean(stream?.getVideoTracks().length);
  const hasAudio = Boolean(stream?.getAudioTracks().length);
  const [heard, setHeard] = useState(false);
  const [speaker, setSpeaker] = useState<SpeakerState>("idle");
  useEffect(() => setHeard(false), [stream]);

  async function testSpeaker() {
    setSpeaker("playing");
    try {
      await playTestTone(prefs.speaker);
      setSpeaker("played");
    } catch {
      setSpeaker("failed");
    }
  }

  return (
    <div className="grid gap-6 md:grid-cols-[3fr_2fr]" data-device-check="">
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
        <MicMeter stream={stream} onLevel={(level) => level > HEARD_LEVEL && setHeard(true)} />
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
        <Button
          variant="secondary"
          onClick={() => void testSpeaker()}
          loading={speaker === "playing"}
          className="self-start"
        >
          {speaker === "playing" ? d.speakerPlaying : d.speakerTest}
        </Button>
        <section aria-label={d.results} aria-live="polite" className="text-sm">
          <ul className="flex flex-col gap-1.5" data-device-results="">
            <Result ok={pending ? null : hasVideo}>{hasVideo ? d.cameraOk : d.cameraMissing}</Result>
            <Result ok={pending ? null : !hasAudio ? false : heard ? true : null}>
              {hasAudio ? (heard ? d.micOk : d.micWaiting) : d.micMissing}
            </Result>
            <Result ok={speaker === "failed" ? false : speaker === "played" ? true : null}>
              {speaker === "failed"
                ? d.speakerFailed
                : speaker === "played"
                  ? d.speakerPlayed
                  : d.speakerWaiting}
            </Result>
          </ul>
          {hasVideo && heard && speaker === "played" && (
            <p className="mt-2 font-medium text-emerald-900">{d.allGood}</p>
          )}
        </section>
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
        {children}
      </div>
    </div>
  );
}

/** The device check in a dialog; the camera and microphone are asked for while it is open and stopped when it closes. */
export function DeviceCheckDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title={d.title} description={d.intro} className="sm:max-w-2xl!">
      <div className="flex flex-col gap-4">
        <DialogCheck />
        <Button variant="secondary" onClick={onClose} className="self-start">
          {d.close}
        </Button>
      </div>
    </Dialog>
  );
}

/** Mounted with the dialog: useLocalMedia stops every track when it unmounts. */
function DialogCheck() {
  const media = useLocalMedia();
  return <DeviceCheck media={media} />;
}

/** «جرّب الكاميرا والمايك» and its dialog (a lesson's page before the room opens). */
export function DeviceCheckButton({ label = d.open, className }: { label?: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} className={className}>
        {label}
      </Button>
      {open && <DeviceCheckDialog onClose={() => setOpen(false)} />}
    </>
  );
}
