import { Link } from "react-router-dom";
import { cancelWindowMsOf, defaultBusinessSettings, type BusinessSettings } from "@schema/pricing";
import { MINUTE_MS } from "@schema/time";
import { market } from "../../i18n/ar-EG-marketplace";
import { formatWhen } from "../../lib/format";
import { formatDurationWords } from "../../lib/plural";
import { buttonClasses } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { roomIsOpen, roomOpensAt } from "../live-session/timing";
import { DeviceCheckButton } from "./device-check-button";

const t = market;

type Timed = { id: number; start: string; end: string; canceledAt?: string | null };

/** A wait in words, rounded up to the minute: «٣ دقايق», «ساعة وربع», «يومين». */
export const waitWords = (ms: number) => formatDurationWords(Math.max(1, Math.ceil(ms / MINUTE_MS)));

/** Where a lesson stands at `now`, said in words beside its join button. */
export function joinStatus(lesson: Timed, now: number): { open: boolean; ended: boolean; words: string } {
  const start = Date.parse(lesson.start);
  const end = Date.parse(lesson.end);
  if (now >= end) return { open: false, ended: true, words: t.join.ended };
  if (roomIsOpen(lesson.start, lesson.end, now)) {
    return {
      open: true,
      ended: false,
      words: now < start ? t.join.startsIn(waitWords(start - now)) : t.join.endsIn(waitWords(end - now)),
    };
  }
  const opens = roomOpensAt(lesson.start).getTime();
  // Within the day: "opens in 2 hours"; further: the time it opens, said as people say it.
  return {
    open: false,
    ended: false,
    words:
      opens - now <= 12 * 60 * MINUTE_MS
        ? t.join.opensIn(waitWords(opens - now))
        : t.join.opensAt(formatWhen(opens, now)),
  };
}

type LessonJoinProps = {
  lesson: Timed;
  now: number;
  /** What the button's accessible name adds: the lesson it joins. */ about: string;
  size?: "sm" | "md";
  className?: string;
  /** «جرّب الكاميرا والمايك» beside the join button, at any time (off inside a dialog). */
  deviceCheck?: boolean;
};

/**
 * «انضم للحصة» on every lesson card and calendar entry: a link to /lesson/{id} from 10 minutes
 * before the start until the end, a disabled button otherwise, and the state in words beside it.
 * Nothing for a cancelled or ended lesson.
 */
export function LessonJoin({
  lesson,
  now,
  about,
  size = "sm",
  className,
  deviceCheck = true,
}: LessonJoinProps) {
  if (lesson.canceledAt) return null;
  const status = joinStatus(lesson, now);
  if (status.ended) return null;
  const noteId = `lesson-${lesson.id}-join-note`;
  return (
    <div className={cx("flex flex-col items-start gap-1", className)} data-join={lesson.id}>
      <div className="flex flex-wrap gap-2">
        {status.open ? (
          <Link
            to={`/lesson/${lesson.id}`}
            className={buttonClasses("primary", size)}
            aria-label={t.join.actionFor(about)}
            aria-describedby={noteId}
          >
            {t.join.action}
          </Link>
        ) : (
          <button
            type="button"
            disabled
            aria-label={t.join.actionFor(about)}
            aria-describedby={noteId}
            className={buttonClasses("primary", size)}
          >
            {t.join.action}
          </button>
        )}
        {deviceCheck && <DeviceCheckButton about={about} size={size} />}
      </div>
      <p id={noteId} className="text-xs text-slate-700">
        {status.words}
      </p>
    </div>
  );
}

/**
 * Cancel and move are allowed until the cancel window (GET /config) before the start (the Worker refuses later with
 * lesson-cancel-window-passed): whether they still are at `now`, and the sentence to show.
 */
export function changeWindow(
  lesson: { start: string },
  now: number,
  business: Pick<BusinessSettings, "cancelWindowHours"> = defaultBusinessSettings,
): { open: boolean; closesAt: number; words: string } {
  const closesAt = Date.parse(lesson.start) - cancelWindowMsOf(business);
  const open = now < closesAt;
  return {
    open,
    closesAt,
    words: open
      ? t.changes.closesAt(formatWhen(closesAt, now))
      : t.changes.closedAt(formatWhen(closesAt, now), cancelWindowWords(business.cancelWindowHours)),
  };
}

/** The cancel window in words («٦ ساعات»), null when there is none. */
export const cancelWindowWords = (hours: number): string | null =>
  hours > 0 ? formatDurationWords(hours * 60) : null;

/** «أضف إلى تقويم Google»: a Google Calendar template link with the lesson's time and its room's address. */
export function googleCalendarUrl(
  lesson: { id: number; start: string; end: string },
  otherName: string,
  origin: string,
): string {
  const stamp = (iso: string) =>
    new Date(iso)
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: t.calendar.eventTitle(otherName),
    dates: `${stamp(lesson.start)}/${stamp(lesson.end)}`,
    details: t.calendar.eventDetails(`${origin}/lesson/${lesson.id}`),
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export function AddToGoogleCalendar({
  lesson,
  otherName,
  about,
}: {
  lesson: { id: number; start: string; end: string };
  otherName: string;
  about: string;
}) {
  return (
    <a
      href={googleCalendarUrl(lesson, otherName, window.location.origin)}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses("ghost", "sm")}
      aria-label={t.calendar.addToGoogleFor(about)}
    >
      {t.calendar.addToGoogle}
    </a>
  );
}
