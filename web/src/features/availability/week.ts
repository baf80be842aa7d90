import { firstDayOfWeek, zonedFormat } from "../../lib/format";

/**
 * Calendar math of the schedule and the lesson calendar, on the viewer's clock (lib/format.ts): weeks start on Saturday,
 * the day is cut into 15-minute rows, and a plain day is a "YYYY-MM-DD" string.
 */
export const SLOT_MINUTES = 15;
export const ROWS_PER_DAY = (24 * 60) / SLOT_MINUTES;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
export const GRID_MS = SLOT_MINUTES * MINUTE_MS;

export type PlainDay = string;

const partsOptions: Intl.DateTimeFormatOptions = { hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" };

/** The viewer's wall-clock day and minute of the day of an instant. */
export function zonedParts(instant: Date | number, timeZoneFormat: Intl.DateTimeFormat = zonedFormat(partsOptions, "en-US")): { day: PlainDay; minute: number } {
  const parts: Record<string, string> = {};
  for (const part of timeZoneFormat.formatToParts(instant)) parts[part.type] = part.value;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

const dayNumber = (day: PlainDay) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const fromDayNumber = (n: number): PlainDay => new Date(n * DAY_MS).toISOString().slice(0, 10);

export function addDays(day: PlainDay, count: number): PlainDay {
  return fromDayNumber(dayNumber(day) + count);
}

/** 0 = Sunday … 6 = Saturday, of a plain calendar day. */
export function weekdayOf(day: PlainDay): number {
  return new Date(dayNumber(day) * DAY_MS).getUTCDay();
}

/** The Saturday on or before the day. */
export function weekStartOf(day: PlainDay): PlainDay {
  return addDays(day, -((weekdayOf(day) - firstDayOfWeek + 7) % 7));
}

/** The 7 days of the week that starts on `start`. */
export function weekDays(start: PlainDay): PlainDay[] {
  return Array.from({ length: 7 }, (_, offset) => addDays(start, offset));
}

/** The offset of the viewer's zone from UTC at an instant, in minutes. */
function offsetAt(instant: number): number {
  const { day, minute } = zonedParts(instant);
  return Math.round((dayNumber(day) * DAY_MS + minute * MINUTE_MS - instant) / MINUTE_MS);
}

/**
 * The instant a wall-clock time of the viewer's zone names (minute may be 1440: the next midnight). A time the
 * clock skips (the DST jump) gives null; a repeated hour gives its first occurrence.
 */
export function zonedInstant(day: PlainDay, minute: number): Date | null {
  if (minute >= 24 * 60) return zonedInstant(addDays(day, 1), minute - 24 * 60);
  const wall = dayNumber(day) * DAY_MS + minute * MINUTE_MS;
  const candidates = [...new Set([offsetAt(wall - DAY_MS / 2), offsetAt(wall + DAY_MS / 2)])].map((offset) => wall - offset * MINUTE_MS);
  for (const candidate of candidates.sort((a, b) => a - b)) {
    const back = zonedParts(candidate);
    if (back.day === day && back.minute === minute) return new Date(candidate);
  }
  return null;
}

/** The first instant of a day (midnight, or the first minute after a jump). */
export function dayStart(day: PlainDay): Date {
  for (let minute = 0; minute < 24 * 60; minute += SLOT_MINUTES) {
    const instant = zonedInstant(day, minute);
    if (instant) return instant;
  }
  throw new Error(`no time in ${day}`);
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
export function rowsOnDay(day: PlainDay, start: string | Date, end: string | Date): { startRow: number; endRow: number; cut: boolean } | null {
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
