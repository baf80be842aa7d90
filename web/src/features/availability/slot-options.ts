import { addDays } from "@schema/calendar";
import { MINUTES_PER_DAY } from "@schema/time";
import { localDay, snapUp, zonedParts, type PlainDay } from "./week";

/**
 * What the add and edit dialogs (slot-dialog.tsx) may offer: a slot starts in the future
 * (docs/rules.md, Availability), so only today, from the next 15-minute step after now, and later
 * days. Pure functions of `now`, tested in tests/web/availability.test.ts.
 */

/** The first minute of `day` a slot may start at on the viewer's clock, or null when none is left. */
export function firstStartMinute(day: PlainDay, now: Date): number | null {
  const today = localDay(now);
  if (day < today) return null;
  if (day > today) return 0;
  // Strictly after now: a start equal to now has already passed (changes.ts rangeProblem).
  const next = snapUp(now.getTime() + 1);
  if (localDay(next) !== today) return null;
  return zonedParts(next).minute;
}

/**
 * The days offered: those of `days` (the week shown) that still have a start ahead; a week that
 * has gone by offers the seven days from today instead.
 */
export function dialogDays(days: readonly PlainDay[], now: Date): PlainDay[] {
  const open = days.filter((day) => firstStartMinute(day, now) !== null);
  if (open.length > 0) return open;
  const today = localDay(now);
  return Array.from({ length: 8 }, (_, offset) => addDays(today, offset))
    .filter((day) => firstStartMinute(day, now) !== null)
    .slice(0, 7);
}

/** The start minutes a day offers, on the 15-minute grid (the last start is 23:45). */
export function startMinutes(day: PlainDay, now: Date, step: number): number[] {
  const first = firstStartMinute(day, now);
  if (first === null) return [];
  return Array.from({ length: MINUTES_PER_DAY / step }, (_, row) => row * step).filter(
    (minute) => minute >= first,
  );
}

/**
 * «إضافة موعد»'s first values: the first open day of the week shown, an hour from the next whole
 * hour today (or from the next grid step late at night), 4 PM on a later day.
 */
export function createDefaults(
  shownDays: readonly PlainDay[],
  now: Date,
): { day: PlainDay; startMinute: number; endMinute: number } {
  const day = dialogDays(shownDays, now)[0] ?? localDay(now);
  const first = firstStartMinute(day, now) ?? 0;
  const startMinute =
    day === localDay(now)
      ? Math.min(Math.ceil(first / 60) * 60, Math.max(first, MINUTES_PER_DAY - 60))
      : 16 * 60;
  return { day, startMinute, endMinute: Math.min(startMinute + 60, MINUTES_PER_DAY) };
}
