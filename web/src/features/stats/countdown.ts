import { MINUTE_MS } from "@schema/time";
import { durationCounts, durationWords } from "../../i18n/ar-EG-durations";
import { countOf, formatDurationWords } from "../../lib/plural";
import { countdown, roomIsOpen, roomOpensAt } from "../live-session/timing";

/**
 * A dashboard countdown in words, as docs/glossary.md says lengths of time (the page refreshes it
 * every 30 s, so minutes are the finest unit, rounded up): «يومين و٣ ساعات», «ساعة و٥ دقايق»,
 * «نص ساعة», «دقيقة واحدة» — not Intl's unit format, whose Arabic is the formal «يومان», «٥ دقائق».
 */
export function formatCountdown(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  const days = Math.floor(minutes / (24 * 60));
  if (days === 0) return formatDurationWords(minutes);
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const dayText = countOf(durationCounts.days, days);
  return hours > 0 ? `${dayText} ${durationWords.and}${countOf(durationCounts.hours, hours)}` : dayText;
}

export type JoinState =
  /** The room opens 10 minutes before the start: the button is disabled until then. */
  | { kind: "closed"; startsInMs: number; opensAt: Date }
  /** From 10 minutes before the start until the end: the button leads to /lesson/{id}. */
  | { kind: "open"; startsInMs: number; endsInMs: number; started: boolean }
  | { kind: "ended" };

/** Where the next lesson's join button stands at `now` (the room's own window: docs/rules.md, Live sessions). */
export function joinState(lesson: { start: string; duration: number }, now: number): JoinState {
  const end = new Date(Date.parse(lesson.start) + lesson.duration * MINUTE_MS).toISOString();
  const clock = countdown(lesson.start, end, now);
  if (clock.kind === "ended") return { kind: "ended" };
  const startsInMs = Math.max(0, Date.parse(lesson.start) - now);
  if (!roomIsOpen(lesson.start, end, now))
    return { kind: "closed", startsInMs, opensAt: roomOpensAt(lesson.start) };
  return { kind: "open", startsInMs, endsInMs: Date.parse(end) - now, started: clock.kind === "time-left" };
}
