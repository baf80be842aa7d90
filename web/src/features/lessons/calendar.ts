import { firstDayOfWeek, zonedFormat } from "../../lib/format";
import { dayStart } from "../availability/week";

/**
 * Calendar days in the student's zone (lib/format.ts), as "YYYY-MM-DD" keys: what the booking date
 * picker groups free starts by. Pure functions, so the picker's logic is tested without a screen.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The viewer's calendar day of a moment. */
export function dayKey(value: Date | string | number): string {
  return zonedFormat({ year: "numeric", month: "2-digit", day: "2-digit" }, "en-CA").format(new Date(value));
}

/** The day `days` after a day key (calendar arithmetic, no zone involved). */
export function addDays(key: string, days: number): string {
  return new Date(Date.parse(`${key}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The weekday of a day key (0 = Sunday … 6 = Saturday). */
export function weekdayOf(key: string): number {
  return new Date(`${key}T12:00:00Z`).getUTCDay();
}

/** The next `count` days from the day of `now`, today first. */
export function upcomingDays(now: Date, count: number): string[] {
  const today = dayKey(now);
  return Array.from({ length: count }, (_, index) => addDays(today, index));
}

/**
 * The days laid out in Saturday-first weeks: each week is 7 cells, a cell is a day key or null
 * (padding before the first day and after the last).
 */
export function weeksOf(days: readonly string[]): Array<Array<string | null>> {
  if (days.length === 0) return [];
  const lead = (weekdayOf(days[0]!) - firstDayOfWeek + 7) % 7;
  const cells: Array<string | null> = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** Free starts grouped by their Cairo day, each day's starts in order. */
export function startsByDay(starts: readonly string[]): Map<string, string[]> {
  const byDay = new Map<string, string[]>();
  for (const start of [...starts].sort()) {
    const key = dayKey(start);
    byDay.set(key, [...(byDay.get(key) ?? []), start]);
  }
  return byDay;
}

/** The booking window: from now to the end of the last of `count` Cairo days (a little past is harmless). */
export function bookingWindow(now: Date, count: number): { from: string; to: string } {
  // Up to the viewer's midnight that ends the last day shown (west of UTC that is after 00:00 UTC).
  return { from: now.toISOString(), to: dayStart(addDays(dayKey(now), count)).toISOString() };
}
