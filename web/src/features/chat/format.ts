import { arLive } from "../../i18n/ar-EG-live";
import { viewerDayKey, zonedFormat } from "../../lib/format";
import { formatDurationWords } from "../../lib/plural";

const words = arLive.chat;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, as people say it (docs/glossary.md): «دلوقتي», «من ٤ دقايق», «من نص ساعة»,
 * «من ساعتين», «امبارح», «من ٣ أيام»; a week or more back, the day and month («٢٥ نوفمبر»).
 * Not Intl.RelativeTimeFormat: its Arabic is the formal «الآن», «قبل ٤ دقائق», «أمس».
 */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  const date = new Date(value);
  const ago = Math.max(0, now - date.getTime());
  if (ago < 45_000) return words.justNow;
  if (ago < HOUR) return words.ago(formatDurationWords(Math.max(1, Math.round(ago / MINUTE))));
  if (ago < DAY) return words.ago(formatDurationWords(Math.min(23, Math.round(ago / HOUR)) * 60));
  const days = Math.round(ago / DAY);
  if (days === 1) return words.yesterday;
  if (days < 7) return words.ago(formatDurationWords(days * 24 * 60));
  const sameYear = viewerDayKey(date).slice(0, 4) === viewerDayKey(now).slice(0, 4);
  return zonedFormat(
    sameYear ? { day: "numeric", month: "long" } : { day: "numeric", month: "long", year: "numeric" },
  ).format(date);
}

/** The full date and time, for a title or a screen reader. */
export const formatFullDateTime = (value: string | number | Date) =>
  zonedFormat({ dateStyle: "full", timeStyle: "short" }).format(new Date(value));
