import type { CurrentSubscription } from "@schema/api/subscription";
import { LessonDuration } from "@schema/enums";
import { defaultBusinessSettings, type BusinessSettings } from "@schema/pricing";
import { durationCounts } from "../../i18n/ar-EG-durations";
import { market } from "../../i18n/ar-EG-marketplace";
import { countOf, formatDurationWords } from "../../lib/plural";

/** A duration the booking offers: choosable, or shown disabled with the reason it would fail. */
export type DurationChoice = { duration: LessonDuration; ok: boolean; reason: string | null };

const durations: LessonDuration[] = [LessonDuration.Short, LessonDuration.Long];

type ChoiceInput = {
  /** GET /sub/user; undefined while it loads (then nothing is ruled out yet). */
  subscription: CurrentSubscription | undefined;
  /** A moment on the chosen day (its first free start): which subscription week the lesson falls in. */
  at: string | null;
  /** Moving this lesson: its own minutes come back, and a trial lesson stays a trial. */
  moving?: { duration: number; isTrial: boolean; start: string } | null;
  /** The business numbers in force (GET /config): the trial's length, 0 when there is none. */
  business?: Pick<BusinessSettings, "trialMinutes">;
};

/**
 * Only what the Worker will accept (worker/domain/lessons/booking.ts): without a plan, the one free
 * trial lesson of up to 15 minutes; with one, no more than the minutes left in the lesson's
 * subscription week (this week's remaining minutes, a later week's full allowance); a moved
 * lesson gives its own minutes back when it stays in the same week.
 */
export function durationChoices({
  subscription,
  at,
  moving,
  business = defaultBusinessSettings,
}: ChoiceInput): DurationChoice[] {
  const t = market.booking;
  const trialMinutes = business.trialMinutes;
  const trialWords = formatDurationWords(trialMinutes);
  return durations.map((duration) => {
    if (!subscription) return { duration, ok: true, reason: null };
    if (moving?.isTrial || !subscription.info) {
      const ok = trialMinutes > 0 && duration <= trialMinutes;
      return { duration, ok, reason: ok ? null : t.trialOnly(trialWords) };
    }
    const week = subscription.week;
    const inThisWeek = !week || !at || (at >= week.start && at < week.end);
    const returning =
      moving && week && moving.start >= week.start && moving.start < week.end && inThisWeek
        ? moving.duration
        : 0;
    const left = inThisWeek
      ? subscription.remainingWeeklyMinutes + returning
      : subscription.info.weeklyMinutes;
    const ok = duration <= left;
    return {
      duration,
      ok,
      reason: ok
        ? null
        : left <= 0
          ? t.noMinutesLeft
          : t.notEnoughMinutes(countOf(durationCounts.minutes, left)),
    };
  });
}

/** The duration to start on: the one asked for (the moved lesson's) when it fits, else the longest that does — 15 minutes for a first trial. */
export function preferredDuration(choices: DurationChoice[], wanted: LessonDuration): LessonDuration | null {
  if (choices.some((choice) => choice.duration === wanted && choice.ok)) return wanted;
  const fitting = choices.filter((choice) => choice.ok);
  return fitting.length > 0 ? fitting[fitting.length - 1]!.duration : null;
}
