import { addDays, weekColumn, weekdayOf } from "@schema/calendar";
import { viewerDayKey } from "../../lib/format";
import { dayStart } from "../availability/week";

/**
 * Calendar days in the student's zone (lib/format.ts), as "YYYY-MM-DD" keys: what the booking date
 * picker groups free starts by (day arithmetic in schema/calendar.ts). Pure functions, so the
 * picker's logic is tested without a screen.
 */

/** The viewer's calendar day of a moment. */
export const dayKey = (value: Date | string | number): string => viewerDayKey(value);

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
  const lead = weekColumn(weekdayOf(days[0]!));
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
