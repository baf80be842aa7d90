import { lessonRules } from "@schema/pricing";
import { madeOnce } from "../../lib/made-once";

/**
 * docs/rules.md, Live sessions: the room opens 10 minutes before the start and closes at the end;
 * a student may report the tutor absent from 3 minutes after the start (schema/pricing.ts lessonRules).
 */
const { roomOpensBeforeMs, absenceReportAfterMs } = lessonRules;

export type RoomPhase = "too-early" | "open-before-start" | "live" | "ended";

/** Where a session stands at `now`. */
export function roomPhase(start: string, end: string, now: number): RoomPhase {
  const startsAt = Date.parse(start);
  if (now >= Date.parse(end)) return "ended";
  if (now >= startsAt) return "live";
  if (now >= startsAt - roomOpensBeforeMs) return "open-before-start";
  return "too-early";
}

/** Whether the room admits its members at `now` (the Worker's own window). */
export function roomIsOpen(start: string, end: string, now: number): boolean {
  const phase = roomPhase(start, end, now);
  return phase === "open-before-start" || phase === "live";
}

/** When the room opens. */
export function roomOpensAt(start: string): Date {
  return new Date(Date.parse(start) - roomOpensBeforeMs);
}

/** Whether a student may report the tutor absent (the server checks again and also needs no join by the tutor). */
export function canReportAbsence(start: string, end: string, now: number, tutorEverJoined: boolean): boolean {
  return !tutorEverJoined && now >= Date.parse(start) + absenceReportAfterMs && now < Date.parse(end);
}

/** What the countdown shows: time until the start before it, time left until the end after it. */
export function countdown(
  start: string,
  end: string,
  now: number,
): { kind: "starts-in" | "time-left" | "ended"; ms: number } {
  const startsAt = Date.parse(start);
  const endsAt = Date.parse(end);
  if (now >= endsAt) return { kind: "ended", ms: 0 };
  if (now < startsAt) return { kind: "starts-in", ms: startsAt - now };
  return { kind: "time-left", ms: endsAt - now };
}

const twoDigits = madeOnce(
  () => new Intl.NumberFormat("ar-EG", { minimumIntegerDigits: 2, useGrouping: false }),
);
const plain = madeOnce(() => new Intl.NumberFormat("ar-EG", { useGrouping: false }));

/** A duration as a clock, h:mm:ss or mm:ss, in Arabic digits (shown dir="ltr"); rounds up to the second. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const tail = `${twoDigits().format(minutes)}:${twoDigits().format(seconds)}`;
  return hours > 0 ? `${plain().format(hours)}:${tail}` : tail;
}
