import { Weekday } from "@schema/enums";
import { DEFAULT_TIME_ZONE, effectiveTimeZone, onTimeOf } from "@schema/time-zones";

/**
 * spec 1: Arabic (Egypt), the week starts on Saturday, money in EGP; times in the viewer's zone
 * (business-rules.md: Africa/Cairo unless the signed-in user chose another in settings).
 */
export const locale = "ar-EG";
export const firstDayOfWeek: Weekday = Weekday.Saturday;

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
export function zonedFormat(options: Intl.DateTimeFormatOptions, formatLocale: string = locale): Intl.DateTimeFormat {
  const key = `${viewerZone}|${formatLocale}|${JSON.stringify(options)}`;
  let format = zonedFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(formatLocale, { ...options, timeZone: viewerZone });
    zonedFormats.set(key, format);
  }
  return format;
}

const numberFormat = new Intl.NumberFormat(locale);
const percentFormat = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
const moneyFormat = new Intl.NumberFormat(locale, { style: "currency", currency: "EGP", minimumFractionDigits: 0, maximumFractionDigits: 2 });
const weekdayFormat = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

export const formatNumber = (value: number) => numberFormat.format(value);
/** A fraction (0.25) as a percentage. */
export const formatPercent = (fraction: number) => percentFormat.format(fraction);
/** Money is stored in piasters (1 EGP = 100). */
export const formatMoney = (piasters: number) => moneyFormat.format(piasters / 100);
export const formatDate = (value: DateInput) => zonedFormat({ dateStyle: "medium" }).format(toDate(value));
export const formatDateTime = (value: DateInput) => zonedFormat({ dateStyle: "medium", timeStyle: "short" }).format(toDate(value));
export const formatTime = (value: DateInput) => zonedFormat({ timeStyle: "short" }).format(toDate(value));

/** Weekday names in calendar order, Saturday first. */
export function weekdayNames(): string[] {
  // 2024-01-06 was a Saturday.
  return Array.from({ length: 7 }, (_, offset) => weekdayFormat.format(Date.UTC(2024, 0, 6 + offset)));
}

/** Weekday (0 = Sunday) → its column in a week that starts on Saturday. */
export function weekColumn(weekday: Weekday): number {
  return (weekday - firstDayOfWeek + 7) % 7;
}
