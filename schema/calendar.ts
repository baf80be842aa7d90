import { Weekday } from "./enums";
import { DAY_MS, MINUTE_MS, MINUTES_PER_DAY } from "./time";
import { DEFAULT_TIME_ZONE } from "./time-zones";

/**
 * The one calendar of the product, used by the Worker and the SPA alike: plain days
 * ("YYYY-MM-DD", no zone), Saturday-first weeks, and instants read on any IANA zone's clock.
 * Offsets always come from the runtime's time-zone data (Intl), never from a table here, so a
 * zone's daylight-saving rules (Egypt's included: UTC+2, UTC+3 from the last Friday of April to
 * the last Thursday of October) are followed whatever they are that year.
 * The SQL forms (SQLite knows no zones) are built from these functions in schema/calendar-sql.ts.
 */

/** A calendar day, "YYYY-MM-DD", with no zone attached. */
export type DayKey = string;

/** The product's weeks start on Saturday. */
export const WEEK_STARTS_ON: Weekday = Weekday.Saturday;

/** Egypt's zone, the default clock (schema/time-zones.ts). */
export const CAIRO = DEFAULT_TIME_ZONE;

// ---------------------------------------------------------------------------------------------
// Plain days: calendar arithmetic with no zone involved.

const dayNumber = (day: DayKey): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const fromDayNumber = (n: number): DayKey => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The day `days` after `day` (negative goes back). */
export function addDays(day: DayKey, days: number): DayKey {
  return fromDayNumber(dayNumber(day) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: DayKey, to: DayKey): number {
  return dayNumber(to) - dayNumber(from);
}

/** The first day of the month `months` after the month holding `day` ("YYYY-MM-01"). */
export function addMonths(day: DayKey, months: number): DayKey {
  const [y, m] = day.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

/** The first day of the month holding `day`. */
export const monthStartOf = (day: DayKey): DayKey => `${day.slice(0, 7)}-01`;

/** The weekday of a day: 0 = Sunday … 6 = Saturday (schema/enums.ts Weekday). */
export function weekdayOf(day: DayKey): Weekday {
  return new Date(dayNumber(day) * DAY_MS).getUTCDay() as Weekday;
}

/** The first day of the week holding `day` (Saturday unless told). */
export function weekStartOf(day: DayKey, firstDay: Weekday = WEEK_STARTS_ON): DayKey {
  return addDays(day, -((weekdayOf(day) - firstDay + 7) % 7));
}

/** The 7 days of the week that starts on `start`. */
export function weekDays(start: DayKey): DayKey[] {
  return Array.from({ length: 7 }, (_, offset) => addDays(start, offset));
}

/** A weekday's column in a week that starts on `firstDay` (Saturday unless told). */
export function weekColumn(weekday: Weekday, firstDay: Weekday = WEEK_STARTS_ON): number {
  return (weekday - firstDay + 7) % 7;
}

// ---------------------------------------------------------------------------------------------
// Instants on a zone's clock.

const partsFormats = new Map<string, Intl.DateTimeFormat>();
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone, kept (the zones a deployment sees are few; a flood of odd names cannot grow it without end). */
function formatFor(
  cache: Map<string, Intl.DateTimeFormat>,
  zone: string,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = cache.get(zone);
  if (!format) {
    if (cache.size >= 256) cache.clear();
    format = make();
    cache.set(zone, format);
  }
  return format;
}

const toMs = (instant: Date | number | string): number =>
  typeof instant === "number"
    ? instant
    : typeof instant === "string"
      ? Date.parse(instant)
      : instant.getTime();

/** The zone's offset from UTC at an instant, in minutes ("GMT+05:30" → 330, "GMT" → 0). */
export function offsetMinutes(instant: Date | number | string, zone: string = CAIRO): number {
  const format = formatFor(
    offsetFormats,
    zone,
    () => new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }),
  );
  const name =
    format.formatToParts(toMs(instant)).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The wall-clock day and minute of the day (0–1439) of an instant on a zone's clock. */
export function zonedParts(
  instant: Date | number | string,
  zone: string = CAIRO,
): { day: DayKey; minute: number } {
  const format = formatFor(
    partsFormats,
    zone,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
      }),
  );
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(toMs(instant))) parts[part.type] = part.value;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The calendar day of an instant on a zone's clock. */
export function dayOf(instant: Date | number | string, zone: string = CAIRO): DayKey {
  return zonedParts(instant, zone).day;
}

/**
 * The instant a wall-clock time names on a zone's clock (minute may reach 1440 and beyond: the
 * following days). A time the clock skips (the spring jump) gives null; a repeated time (the
 * autumn hour) gives its first occurrence.
 */
export function zonedInstant(day: DayKey, minute: number, zone: string = CAIRO): Date | null {
  if (minute >= MINUTES_PER_DAY)
    return zonedInstant(addDays(day, Math.floor(minute / MINUTES_PER_DAY)), minute % MINUTES_PER_DAY, zone);
  const wall = dayNumber(day) * DAY_MS + minute * MINUTE_MS;
  const offsets = new Set([offsetMinutes(wall - DAY_MS / 2, zone), offsetMinutes(wall + DAY_MS / 2, zone)]);
  const candidates = [...offsets].map((offset) => wall - offset * MINUTE_MS).sort((a, b) => a - b);
  for (const candidate of candidates) {
    const back = zonedParts(candidate, zone);
    if (back.day === day && back.minute === minute) return new Date(candidate);
  }
  return null;
}

/**
 * The first instant of a day on a zone's clock: its midnight, or, when the clock jumps over
 * midnight (Cairo's last Friday of April: 00:00 → 01:00), the instant of the jump.
 */
export function dayStart(day: DayKey, zone: string = CAIRO): Date {
  const midnight = zonedInstant(day, 0, zone);
  if (midnight) return midnight;
  // The jump: the first minute whose date is `day`, between 14 hours before and after UTC midnight.
  const wall = dayNumber(day) * DAY_MS;
  let low = wall / MINUTE_MS - 15 * 60; // still the day before everywhere
  let high = wall / MINUTE_MS + 15 * 60; // already `day` (or later) everywhere
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (dayOf(mid * MINUTE_MS, zone) < day) low = mid;
    else high = mid;
  }
  return new Date(high * MINUTE_MS);
}

/** The end of a day on a zone's clock: the next day's first instant (exclusive). */
export function dayEnd(day: DayKey, zone: string = CAIRO): Date {
  return dayStart(addDays(day, 1), zone);
}

/** A day as the UTC window [start, end) it covers on a zone's clock (23, 24 or 25 hours long). */
export function dayWindow(day: DayKey, zone: string = CAIRO): { start: Date; end: Date } {
  return { start: dayStart(day, zone), end: dayEnd(day, zone) };
}

/** The last whole second of a day on a zone's clock, as ISO: what an expiry date ("until the 15th") means. */
export function lastSecondOf(day: DayKey, zone: string = CAIRO): string {
  return new Date(dayEnd(day, zone).getTime() - 1000).toISOString();
}

/** The month holding an instant on a zone's clock, as the UTC window [start, end). */
export function monthWindow(
  instant: Date | number | string,
  zone: string = CAIRO,
): { start: Date; end: Date } {
  const first = monthStartOf(dayOf(instant, zone));
  return { start: dayStart(first, zone), end: dayStart(addMonths(first, 1), zone) };
}

/** The first instants of the days `first`..`last` on a zone's clock, as JSON {"YYYY-MM-DD": ISO instant}. */
export function dayStartsJson(first: DayKey, last: DayKey, zone: string = CAIRO): string {
  const days: Record<DayKey, string> = {};
  for (let day = first; day <= last; day = addDays(day, 1)) days[day] = dayStart(day, zone).toISOString();
  return JSON.stringify(days);
}

/** A zone's offset in force until `until` (exclusive; null for the last one). */
export type OffsetSpan = { until: string | null; minutes: number };

/**
 * A zone's offsets over [from, to], in order. Sampled every 3 days (zones change at most a few
 * times a year), each change found to the millisecond.
 */
export function offsetSpans(from: number, to: number, zone: string = CAIRO): OffsetSpan[] {
  const out: OffsetSpan[] = [];
  const step = 3 * DAY_MS;
  let at = from;
  let minutes = offsetMinutes(at, zone);
  while (at < to) {
    const next = Math.min(at + step, to);
    const nextMinutes = offsetMinutes(next, zone);
    if (nextMinutes !== minutes) {
      let low = at;
      let high = next; // offset(low) = minutes, offset(high) ≠ minutes
      while (high - low > 1) {
        const mid = Math.floor((low + high) / 2);
        if (offsetMinutes(mid, zone) === minutes) low = mid;
        else high = mid;
      }
      out.push({ until: new Date(high).toISOString(), minutes });
      minutes = offsetMinutes(high, zone);
      at = high;
    } else at = next;
  }
  out.push({ until: null, minutes });
  return out;
}
