import type { Gender } from "@schema/enums";
import { arFavourites } from "../../../i18n/ar-EG-favourites";
import { byGender, formatDurationWords } from "../../../lib/plural";

const HOUR = 60;
const DAY = 24 * HOUR;

/**
 * The reply time in words, rounded up to a step a student reads at a glance: a quarter hour, half
 * an hour, whole hours under a day, then whole days («خلال ساعة», «خلال ٣ ساعات», «خلال يوم»).
 */
export function replyTimeWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 15) return formatDurationWords(15);
  if (minutes <= 30) return formatDurationWords(30);
  if (minutes <= DAY) return formatDurationWords(Math.ceil(minutes / HOUR) * HOUR);
  return formatDurationWords(Math.ceil(minutes / DAY) * DAY);
}

/** «يرد عادةً خلال ساعة» on a tutor's card and page; nothing without enough chats (null). */
export function ResponseTime({
  seconds,
  gender,
  className = "text-xs text-slate-600",
}: {
  seconds: number | null | undefined;
  gender: Gender | null;
  className?: string;
}) {
  if (seconds === null || seconds === undefined) return null;
  return (
    <p className={className} data-response-time={seconds}>
      {byGender(arFavourites.replies, gender, replyTimeWords(seconds))}
    </p>
  );
}
