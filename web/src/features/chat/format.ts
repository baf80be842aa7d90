import { locale, zonedFormat } from "../../lib/format";
import { madeOnce } from "../../lib/made-once";

const relative = madeOnce(() => new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "short" }));

const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** "منذ ٥ دقائق", "أمس"… in Arabic (Egypt). */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  let amount = (new Date(value).getTime() - now) / 1000;
  if (Math.abs(amount) < 45) return relative().format(0, "second");
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) return relative().format(Math.round(amount), unit);
    amount /= size;
  }
  return relative().format(Math.round(amount), "year");
}

/** The full date and time, for a title or a screen reader. */
export const formatFullDateTime = (value: string | number | Date) =>
  zonedFormat({ dateStyle: "full", timeStyle: "short" }).format(new Date(value));
