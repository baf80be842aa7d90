// Times inside notification texts, written out on the recipient's clock.
import { DEFAULT_TIME_ZONE, onTimeOf } from "../../schema/time-zones";
import { BoundedCache } from "../core/bounded-cache";

const timeFormats = new BoundedCache<string, Intl.DateTimeFormat>({ maxSize: 64 });
function timeFormatIn(zone: string): Intl.DateTimeFormat {
  return timeFormats.getOrSet(
    zone,
    () => new Intl.DateTimeFormat("ar-EG", { timeZone: zone, dateStyle: "full", timeStyle: "short" }),
  );
}

/** "السبت، ٢٨ نوفمبر ٢٠٢٦ في ٦:٠٠ م" on a zone's clock (Cairo unless given). */
export const formatLessonTime = (iso: string, zone: string = DEFAULT_TIME_ZONE) =>
  timeFormatIn(zone).format(new Date(iso));

const TIME_MARK = "\uE000"; // private use: never in a real text
const markedTimes = /\uE000([^\uE000]*)\uE000/g;

/**
 * A time inside a notification text. It is written out on the recipient's clock, with the words
 * naming that clock ("… بتوقيت الرياض"), when the message is addressed to them (messagesTo, or
 * messagesToSql given the zone the caller read, worker/notifications/channels.ts); a text enqueued
 * otherwise gets Cairo time, said as such.
 */
export const timeMark = (iso: string) => `${TIME_MARK}${iso}${TIME_MARK}`;

/** The text with its time marks written out on a zone's clock. */
export function onClockOf(text: string, zone: string): string {
  return text.replace(markedTimes, (_, iso: string) => `${formatLessonTime(iso, zone)} ${onTimeOf(zone)}`);
}
