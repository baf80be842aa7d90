import { useState } from "react";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { cx } from "../../ui/class-names";
import { Dialog } from "../../ui/dialog";

const t = arTutorJourney.tutorVideo;

function PlayIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
      {/* A play triangle points right in every script; it is a media symbol, not reading direction. */}
      <path d="M8 5.5v13a1 1 0 0 0 1.5.87l11-6.5a1 1 0 0 0 0-1.74l-11-6.5A1 1 0 0 0 8 5.5Z" />
    </svg>
  );
}

type TutorVideoProps = { name: string; video: string; thumbnail: string | null; className?: string; priority?: boolean };

/**
 * The intro video on demand: the card shows only the thumbnail (lazy, or fetched early with
 * `priority` on the first card: it may be the page's largest paint) and a play button; the video
 * itself is fetched only once the dialog opens, and plays when the visitor presses play.
 */
export function TutorVideoButton({ name, video, thumbnail, className, priority = false }: TutorVideoProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t.play(name)}
        className={cx(
          "group relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-xl bg-slate-800",
          "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
          className,
        )}
      >
        {thumbnail && (
          <img
            src={thumbnail}
            alt=""
            width={320}
            height={180}
            decoding="async"
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            className="absolute inset-0 size-full object-cover"
          />
        )}
        <span className="relative flex items-center gap-2 rounded-full bg-white/95 px-4 py-2 text-sm font-bold text-slate-900 shadow group-hover:bg-white">
          <PlayIcon className="size-5 text-brand-700" />
          {t.playShort}
        </span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t.dialogTitle(name)} className="sm:max-w-2xl!">
        <video controls playsInline preload="metadata" src={video} poster={thumbnail ?? undefined} className="aspect-video w-full rounded-xl bg-slate-900" />
      </Dialog>
    </>
  );
}
