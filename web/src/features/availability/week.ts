import * as calendar from "@schema/calendar";
import { addDays, type DayKey } from "@schema/calendar";
import { GRID_MS, lessonRules } from "@schema/pricing";
import { MINUTES_PER_DAY } from "@schema/time";
import { viewerTimeZone } from "../../lib/format";

/**
 * The schedule's and the lesson calendar's grid on the viewer's clock (lib/format.ts), over schema/calendar.ts (days,
 * Saturday weeks, zones): the day is cut into 15-minute rows, and a plain day is a "YYYY-MM-DD" string.
 */
export const SLOT_MINUTES = lessonRules.gridMinutes;
export const ROWS_PER_DAY = MINUTES_PER_DAY / SLOT_MINUTES;

export type PlainDay = DayKey;

/** The viewer's wall-clock day and minute of the day of an instant. */
export function zonedParts(instant: Date | number): { day: PlainDay; minute: number } {
  return calendar.zonedParts(instant, viewerTimeZone());
}

/**
 * The instant a wall-clock time of the viewer's zone names (minute may be 1440: the next midnight). A time the
 * clock skips (the DST jump) gives null; a repeated hour gives its first occurrence.
 */
export function zonedInstant(day: PlainDay, minute: number): Date | null {
  return calendar.zonedInstant(day, minute, viewerTimeZone());
}

/** The first instant of a day on the viewer's clock (midnight, or the instant of a jump over it). */
export function dayStart(day: PlainDay): Date {
  return calendar.dayStart(day, viewerTimeZone());
}

/** Rounds an instant down to the 15-minute grid (every zone's offset is whole quarter hours). */
export function snapDown(instant: Date | number): Date {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  return new Date(Math.floor(ms / GRID_MS) * GRID_MS);
}

/** Rounds an instant up to the 15-minute grid. */
export function snapUp(instant: Date | number): Date {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  return new Date(Math.ceil(ms / GRID_MS) * GRID_MS);
}

/** A row of the day grid → minute of the day. */
export const rowMinute = (row: number) => row * SLOT_MINUTES;

/** "HH:MM" of a minute of the day (24:00 allowed), with Latin digits for values. */
export function minuteLabel(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/** Where a time range falls on one day's grid: rows [startRow, endRow), or null if not that day. */
export function rowsOnDay(
  day: PlainDay,
  start: string | Date,
  end: string | Date,
): { startRow: number; endRow: number; cut: boolean } | null {
  const from = new Date(start).getTime();
  const to = new Date(end).getTime();
  const open = dayStart(day).getTime();
  const close = dayStart(addDays(day, 1)).getTime();
  if (to <= open || from >= close) return null;
  const startRow = from <= open ? 0 : Math.floor(zonedParts(from).minute / SLOT_MINUTES);
  const endRow = to >= close ? ROWS_PER_DAY : Math.ceil(zonedParts(to).minute / SLOT_MINUTES);
  return { startRow, endRow: Math.max(endRow, startRow + 1), cut: from < open || to > close };
}

/** The viewer's calendar day of an instant. */
export const localDay = (instant: Date | number | string): PlainDay => zonedParts(new Date(instant)).day;

/** The range [after, before) of a week, as ISO instants for the slot list query. */
export function weekRange(start: PlainDay): { after: string; before: string } {
  return { after: dayStart(start).toISOString(), before: dayStart(addDays(start, 7)).toISOString() };
}
