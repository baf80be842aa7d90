import { useEffect, useId, useRef, useState } from "react";
import { arLive } from "../../i18n/ar-EG-live";
import { cx } from "../../ui/class-names";

type VideoProps = {
  stream: MediaStream | null;
  label: string;
  /** The local preview is muted (no echo) and mirrored like a mirror. */
  local?: boolean;
  /** The chosen speaker for the remote sound (setSinkId, where the browser has it). */
  sinkId?: string;
  className?: string;
  role?: "local" | "remote";
};

/** A <video> showing a MediaStream (srcObject cannot be set as an attribute). */
export function StreamVideo({ stream, label, local = false, sinkId, className, role }: VideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  useEffect(() => {
    const video = ref.current as (HTMLVideoElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (video?.setSinkId && sinkId !== undefined) void video.setSinkId(sinkId).catch(() => undefined);
  }, [sinkId]);
  return (
    <video
      ref={ref}
      aria-label={label}
      data-role={role}
      autoPlay
      playsInline
      muted={local}
      className={cx("h-full w-full rounded-xl bg-slate-900 object-cover", local && "-scale-x-100", className)}
    />
  );
}

/** The microphone's level from a Web Audio AnalyserNode, about ten times a second (`onLevel`: each reading, 0…100). */
export function MicMeter({
  stream,
  onLevel,
}: {
  stream: MediaStream | null;
  onLevel?: (level: number) => void;
}) {
  const [level, setLevel] = useState(0);
  const labelId = useId();
  const onLevelRef = useRef(onLevel);
  useEffect(() => {
    onLevelRef.current = onLevel;
  });
  useEffect(() => {
    const track = stream?.getAudioTracks()[0];
    const AudioContextClass = typeof window === "undefined" ? undefined : window.AudioContext;
    if (!stream || !track || !AudioContextClass) {
      setLevel(0);
      return;
    }
    const context = new AudioContextClass();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      const rms = Math.sqrt(sum / samples.length);
      const next = Math.min(100, Math.round(rms * 400));
      setLevel(next);
      onLevelRef.current?.(next);
    }, 100);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [stream]);
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-slate-800">
        {arLive.liveSession.micLevel}
      </span>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-100"
          style={{ width: `${level}%` }}
        />
      </div>
    </div>
  );
}
