import type { Weekday } from "@schema/enums";
import { addDays, WEEK_STARTS_ON, weekColumn as calendarWeekColumn } from "@schema/calendar";
import { ar } from "../i18n/ar-EG";
import { DEFAULT_TIME_ZONE, effectiveTimeZone, onTimeOf } from "@schema/time-zones";
import { madeOnce } from "./made-once";

/**
 * docs/product.md §1: Arabic (Egypt), the week starts on Saturday, money in EGP; times in the viewer's zone
 * (docs/rules.md: Africa/Cairo unless the signed-in user chose another in settings).
 */
export const locale = "ar-EG";
export const firstDayOfWeek: Weekday = WEEK_STARTS_ON;

let viewerZone = DEFAULT_TIME_ZONE;
const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/** The IANA zone times are shown in now. */
export const viewerTimeZone = () => viewerZone;

/** "بتوقيت القاهرة": the words that say which clock the screen's times are on. */
export const viewerClock = () => onTimeOf(viewerZone);

/** Follows the signed-in user's zone (lib/session.ts); null or unknown → Africa/Cairo. */
export function setViewerTimeZone(zone: string | null | undefined) {
  viewerZone = effectiveTimeZone(zone);
}

/** A date formatter on the viewer's clock, made once per zone, locale and options. */
export function zonedFormat(
  options: Intl.DateTimeFormatOptions,
  formatLocale: string = locale,
): Intl.DateTimeFormat {
  const key = `${viewerZone}|${formatLocale}|${JSON.stringify(options)}`;
  let format = zonedFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(formatLocale, { ...options, timeZone: viewerZone });
    zonedFormats.set(key, format);
  }
  return format;
}

const numberFormat = madeOnce(() => new Intl.NumberFormat(locale));
const percentFormat = madeOnce(
  () => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }),
);
const moneyFormat = madeOnce(
  () =>
    new Intl.NumberFormat(locale, {
      style: "currency",
      currency: "EGP",
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }),
);
const weekdayFormat = madeOnce(() => new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }));

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

export const formatNumber = (value: number) => numberFormat().format(value);
/** A fraction (0.25) as a percentage. */
export const formatPercent = (fraction: number) => percentFormat().format(fraction);
/** Money is stored in piasters (1 EGP = 100). */
export const formatMoney = (piasters: number) => moneyFormat().format(piasters / 100);
/** A calendar date with the month's name: «٢٥ نوفمبر ٢٠٢٦». */
export const formatDate = (value: DateInput) =>
  zonedFormat({ day: "numeric", month: "long", year: "numeric" }).format(toDate(value));
export const formatTime = (value: DateInput) => zonedFormat({ timeStyle: "short" }).format(toDate(value));

/** The viewer's calendar day of an instant, "YYYY-MM-DD". */
export const viewerDayKey = (value: DateInput) =>
  zonedFormat({ year: "numeric", month: "2-digit", day: "2-digit" }, "en-CA").format(toDate(value));

/** A day as people say it: «الأربعاء، ٢٥ نوفمبر» (the year only when it is not this year's). */
export function formatDay(value: DateInput, now: DateInput = Date.now()): string {
  const date = toDate(value);
  const sameYear = viewerDayKey(date).slice(0, 4) === viewerDayKey(now).slice(0, 4);
  return zonedFormat(
    sameYear
      ? { weekday: "long", day: "numeric", month: "long" }
      : { weekday: "long", day: "numeric", month: "long", year: "numeric" },
  ).format(date);
}

/** A moment as people say it: «الأربعاء، ٢٥ نوفمبر، ٤:٠٠ م». */
export const formatDateTime = (value: DateInput, now: DateInput = Date.now()) =>
  `${formatDay(value, now)}، ${formatTime(value)}`;

const relativeDayWords = ar.relativeDays;

/** «امبارح», «النهارده» or «بكرة» for a day key next to today's, else null. */
export function relativeDayWord(day: string, today: string): string | null {
  if (day === today) return relativeDayWords.today;
  if (day === addDays(today, 1)) return relativeDayWords.tomorrow;
  if (day === addDays(today, -1)) return relativeDayWords.yesterday;
  return null;
}

/**
 * A moment relative to now where that is natural: «النهارده، ٤:٠٠ م», «بكرة، ٤:٠٠ م»,
 * «امبارح، ٤:٠٠ م», otherwise the weekday and month name («الأربعاء، ٢٥ نوفمبر، ٤:٠٠ م»).
 */
export function formatWhen(value: DateInput, now: DateInput = Date.now()): string {
  const word = relativeDayWord(viewerDayKey(value), viewerDayKey(now));
  return word ? `${word}، ${formatTime(value)}` : formatDateTime(value, now);
}

/** Weekday names in calendar order, Saturday first. */
export function weekdayNames(): string[] {
  // 2024-01-06 was a Saturday.
  return Array.from({ length: 7 }, (_, offset) => weekdayFormat().format(Date.UTC(2024, 0, 6 + offset)));
}

/** Weekday (0 = Sunday) → its column in a week that starts on Saturday. */
export const weekColumn = (weekday: Weekday): number => calendarWeekColumn(weekday, firstDayOfWeek);

const calendarDayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day the server named ("YYYY-MM-DD", e.g. a Cairo day of the admin series), shown as
 * that day whatever the viewer's zone: { day: "numeric", month: "short" } → «٢٥ نوفمبر».
 */
export function formatCalendarDay(
  day: string,
  options: Intl.DateTimeFormatOptions = { day: "numeric", month: "long" },
): string {
  const key = JSON.stringify(options);
  let format = calendarDayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    calendarDayFormats.set(key, format);
  }
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return format.format(Date.UTC(y, m - 1, d));
}

const regionNames = madeOnce(() =>
  typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(locale, { type: "region" }) : null,
);

/** A country's name from its ISO code («مصر» for "EG"), or null when unknown. */
export function formatCountry(code: string | null | undefined): string | null {
  if (!code) return null;
  try {
    return regionNames()?.of(code) ?? null;
  } catch {
    // Not a region code Intl knows.
    return null;
  }
}
