import { MINUTE_MS } from "@schema/time";
import { locale } from "../../lib/format";
import { madeOnce } from "../../lib/made-once";
import { countdown, roomIsOpen, roomOpensAt } from "../live-session/timing";

const unitFormats = madeOnce(() => ({
  day: new Intl.NumberFormat(locale, { style: "unit", unit: "day", unitDisplay: "long" }),
  hour: new Intl.NumberFormat(locale, { style: "unit", unit: "hour", unitDisplay: "long" }),
  minute: new Intl.NumberFormat(locale, { style: "unit", unit: "minute", unitDisplay: "long" }),
}));
const andList = madeOnce(() => new Intl.ListFormat(locale, { type: "conjunction" }));

/**
 * A dashboard countdown in words with Arabic digits and plurals (the page refreshes it every 30 s,
 * so minutes are the finest unit, rounded up): "يومان و٣ ساعات", "ساعة و٥ دقائق", "دقيقة".
 */
export function formatCountdown(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  const parts =
    days > 0
      ? [unitFormats().day.format(days), hours > 0 ? unitFormats().hour.format(hours) : null]
      : hours > 0
        ? [unitFormats().hour.format(hours), rest > 0 ? unitFormats().minute.format(rest) : null]
        : [unitFormats().minute.format(rest)];
  return andList().format(parts.filter((part): part is string => part !== null));
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
