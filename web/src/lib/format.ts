import { Weekday } from "@schema/enums";

/** spec 1: Arabic (Egypt), shown in Cairo time, the week starts on Saturday, money in EGP. */
export const locale = "ar-EG";
export const appTimeZone = "Africa/Cairo";
export const firstDayOfWeek: Weekday = Weekday.Saturday;

const numberFormat = new Intl.NumberFormat(locale);
const percentFormat = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
const moneyFormat = new Intl.NumberFormat(locale, { style: "currency", currency: "EGP", minimumFractionDigits: 0, maximumFractionDigits: 2 });
const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: appTimeZone });
const dateTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: appTimeZone });
const timeFormat = new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: appTimeZone });
const weekdayFormat = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

export const formatNumber = (value: number) => numberFormat.format(value);
/** A fraction (0.25) as a percentage. */
export const formatPercent = (fraction: number) => percentFormat.format(fraction);
/** Money is stored in piasters (1 EGP = 100). */
export const formatMoney = (piasters: number) => moneyFormat.format(piasters / 100);
export const formatDate = (value: DateInput) => dateFormat.format(toDate(value));
export const formatDateTime = (value: DateInput) => dateTimeFormat.format(toDate(value));
export const formatTime = (value: DateInput) => timeFormat.format(toDate(value));

/** Weekday names in calendar order, Saturday first. */
export function weekdayNames(): string[] {
  // 2024-01-06 was a Saturday.
  return Array.from({ length: 7 }, (_, offset) => weekdayFormat.format(Date.UTC(2024, 0, 6 + offset)));
}

/** Weekday (0 = Sunday) → its column in a week that starts on Saturday. */
export function weekColumn(weekday: Weekday): number {
  return (weekday - firstDayOfWeek + 7) % 7;
}
