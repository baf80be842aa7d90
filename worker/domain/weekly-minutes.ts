/**
 * Subscription weeks (docs/rules.md, Plans and subscriptions): week k runs from 00:00
 * Africa/Cairo on the subscription's start day + 7k days, to the same point a week later. Egypt
 * keeps daylight saving time again since 2023, so a Cairo midnight is 22:00 or 21:00 UTC, and on
 * the spring change day (clocks jump 00:00 → 01:00) the day begins at its first existing instant.
 * Pure functions: the minutes left are computed from lessons elsewhere, never stored.
 */

export const CAIRO = "Africa/Cairo";
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const cairoDateFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: CAIRO,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The Cairo calendar date of an instant, "YYYY-MM-DD". */
export function cairoDate(instant: Date | number): string {
  return cairoDateFormat.format(typeof instant === "number" ? new Date(instant) : instant);
}

/** The first instant of a Cairo calendar day ("YYYY-MM-DD"). Egypt's offsets are whole hours. */
export function cairoDayStart(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  // Cairo is UTC+2 or UTC+3, so the day begins between 21:00 and 22:00 UTC the day before.
  let t = Date.UTC(y, m - 1, d) - 4 * HOUR_MS;
  while (cairoDate(t) < day) t += HOUR_MS;
  return new Date(t);
}

/** The Cairo calendar day `days` after `day`. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The Saturday that starts the (Saturday-first) calendar week holding the Cairo day `day`. */
export function saturdayWeekStart(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 1) % 7));
}

/** The first day of the calendar month `months` after the month holding `day` ("YYYY-MM-01"). */
export function addMonths(day: string, months: number): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

export type WeekWindow = { index: number; start: string; end: string };

/** Week k of a subscription that started at `subscriptionStart`. */
export function subscriptionWeek(subscriptionStart: string, index: number): WeekWindow {
  const first = cairoDate(new Date(subscriptionStart));
  return {
    index,
    start: cairoDayStart(addDays(first, 7 * index)).toISOString(),
    end: cairoDayStart(addDays(first, 7 * (index + 1))).toISOString(),
  };
}

/**
 * The week of a subscription containing `at`, clamped to the subscription's weeks
 * (0..weeks−1) so a lesson in the last hours before the end still belongs to the last week.
 */
export function weekContaining(subscriptionStart: string, weeks: number, at: Date | string): WeekWindow {
  const t = new Date(at).getTime();
  const week0 = subscriptionWeek(subscriptionStart, 0);
  let index = Math.floor((t - new Date(week0.start).getTime()) / (7 * DAY_MS));
  index = Math.min(Math.max(index, 0), weeks - 1);
  let week = subscriptionWeek(subscriptionStart, index);
  // A daylight-saving hour can put the estimate one week off at a boundary.
  while (index > 0 && t < new Date(week.start).getTime()) week = subscriptionWeek(subscriptionStart, --index);
  while (index < weeks - 1 && t >= new Date(week.end).getTime()) week = subscriptionWeek(subscriptionStart, ++index);
  return week;
}

/** Whole weeks of a subscription that have closed by `at` (0 during week 0). */
export function weeksElapsed(subscriptionStart: string, weeks: number, at: Date | string): number {
  if (new Date(at).getTime() < new Date(subscriptionWeek(subscriptionStart, 0).start).getTime()) return 0;
  const week = weekContaining(subscriptionStart, weeks, at);
  return new Date(at).getTime() >= new Date(week.end).getTime() ? week.index + 1 : week.index;
}

// ---------------------------------------------------------------------------------------------
// The same calendar inside one SQL statement (SQLite knows no time zones), for a write that must
// find a subscription's week without reading the subscription first.

const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: CAIRO, timeZoneName: "longOffset" });

/** Cairo's offset from UTC at an instant, in minutes ("GMT+03:00" → 180). */
export function cairoOffsetMinutes(instant: number): number {
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * Cairo's offsets over [from, to]: each entry holds until `until` (exclusive; null for the last).
 * Sampled every 3 days, each change found to the millisecond (offsets change at most twice a year).
 */
export function cairoOffsets(from: number, to: number): Array<{ until: string | null; minutes: number }> {
  const out: Array<{ until: string | null; minutes: number }> = [];
  const step = 3 * DAY_MS;
  let at = from;
  let minutes = cairoOffsetMinutes(at);
  while (at < to) {
    const next = Math.min(at + step, to);
    const nextMinutes = cairoOffsetMinutes(next);
    if (nextMinutes !== minutes) {
      let low = at;
      let high = next; // offset(low) = minutes, offset(high) ≠ minutes
      while (high - low > 1) {
        const mid = Math.floor((low + high) / 2);
        if (cairoOffsetMinutes(mid) === minutes) low = mid;
        else high = mid;
      }
      out.push({ until: new Date(high).toISOString(), minutes });
      minutes = nextMinutes;
    }
    at = next;
  }
  out.push({ until: null, minutes });
  return out;
}

/** The first instants of the Cairo days `first`..`last` as JSON: {"YYYY-MM-DD": ISO instant}. */
export function cairoDayStartsJson(first: string, last: string): string {
  const days: Record<string, string> = {};
  for (let day = first; day <= last; day = addDays(day, 1)) days[day] = cairoDayStart(day).toISOString();
  return JSON.stringify(days);
}
