import { useRef, useState } from "react";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { thumbnailImageProps } from "../../lib/image-variants";
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

type TutorVideoProps = {
  name: string;
  video: string;
  thumbnail: string | null;
  /** How wide the thumbnail's box is, as an <img sizes> list: the browser picks its small version by it. */
  sizes?: string;
  className?: string;
  priority?: boolean;
};

type ThumbnailButtonProps = Omit<TutorVideoProps, "video" | "sizes"> & {
  sizes: string;
  onPlay: (poster: string | undefined) => void;
};

/**
 * A 16:9 button showing the thumbnail (its small versions; lazy, or fetched early with `priority`:
 * it may be the page's largest paint) and a play label. `onPlay` gets the version the browser
 * chose, to be the video's poster without a second download.
 */
function ThumbnailButton({
  name,
  thumbnail,
  sizes,
  className,
  priority = false,
  onPlay,
}: ThumbnailButtonProps) {
  const image = useRef<HTMLImageElement>(null);
  return (
    <button
      type="button"
      onClick={() => onPlay(image.current?.currentSrc || (thumbnail ?? undefined))}
      aria-label={t.play(name)}
      className={cx(
        "group relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-xl bg-slate-800",
        "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        className,
      )}
    >
      {thumbnail && (
        <img
          ref={image}
          {...thumbnailImageProps(thumbnail, sizes, priority ? "high" : "lazy")}
          alt=""
          className="absolute inset-0 size-full object-cover"
        />
      )}
      <span className="relative flex items-center gap-2 rounded-full bg-white/95 px-4 py-2 text-sm font-bold text-slate-900 shadow group-hover:bg-white">
        <PlayIcon className="size-5 text-brand-700" />
        {t.playShort}
      </span>
    </button>
  );
}

/** A box of about half the page from 640 px, the whole width below (the admin pages' default). */
const halfWidthSizes = "(min-width: 640px) 50vw, 100vw";

/**
 * The intro video on demand in a dialog: the card shows only the thumbnail and a play button; the
 * video itself is fetched only once the dialog opens, and plays when the visitor presses play.
 */
export function TutorVideoButton({
  name,
  video,
  thumbnail,
  sizes = halfWidthSizes,
  className,
  priority = false,
}: TutorVideoProps) {
  const [poster, setPoster] = useState<string | null>(null);
  return (
    <>
      <ThumbnailButton
        name={name}
        thumbnail={thumbnail}
        sizes={sizes}
        className={className}
        priority={priority}
        onPlay={(chosen) => setPoster(chosen ?? "")}
      />
      <Dialog
        open={poster !== null}
        onClose={() => setPoster(null)}
        title={t.dialogTitle(name)}
        className="sm:max-w-2xl!"
      >
        <video
          controls
          playsInline
          preload="metadata"
          src={video}
          poster={poster || undefined}
          className="aspect-video w-full rounded-xl bg-slate-900"
        />
      </Dialog>
    </>
  );
}

/**
 * The intro video in place (the tutor's page): the thumbnail and a play button in a 16:9 box that
 * does not move the page while it loads, over a player that fetches nothing until the visitor
 * presses play; then the player takes the box and starts.
 */
export function TutorVideoInline({
  name,
  video,
  thumbnail,
  sizes = halfWidthSizes,
  className,
}: Omit<TutorVideoProps, "priority">) {
  const player = useRef<HTMLVideoElement>(null);
  const [poster, setPoster] = useState<string | null>(null);
  const started = poster !== null;
  function play(chosen: string | undefined) {
    setPoster(chosen ?? "");
    const element = player.current;
    if (!element) return;
    element.focus();
    // Played within the press itself, which browsers require for sound; should one still refuse,
    // the player's own controls (shown from now on) start it.
    element.play().catch(() => undefined);
  }
  return (
    <div className={cx("relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900", className)}>
      <video
        ref={player}
        controls={started}
        preload="none"
        playsInline
        src={video}
        poster={poster || undefined}
        aria-label={t.dialogTitle(name)}
        aria-hidden={started ? undefined : true}
        tabIndex={started ? undefined : -1}
        className="size-full"
      />
      {!started && (
        <ThumbnailButton
          name={name}
          thumbnail={thumbnail}
          sizes={sizes}
          onPlay={play}
          className="absolute! inset-0"
        />
      )}
    </div>
  );
}
