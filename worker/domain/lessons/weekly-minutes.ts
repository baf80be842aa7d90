/**
 * Subscription weeks (docs/rules.md, Plans and subscriptions): week k runs from 00:00
 * Africa/Cairo on the subscription's start day + 7k days, to the same point a week later. Egypt
 * keeps daylight saving time again since 2023, so a Cairo midnight is 22:00 or 21:00 UTC, and on
 * the spring change day (clocks jump 00:00 → 01:00) the day begins at its first existing instant.
 * Pure functions on schema/calendar.ts: the minutes left are computed from lessons elsewhere, never stored.
 */

import { addDays, CAIRO, dayOf, dayStart } from "../../../schema/calendar";
import { DAY_MS } from "../../../schema/time";

export type WeekWindow = { index: number; start: string; end: string };

/** Week k of a subscription that started at `subscriptionStart`. */
export function subscriptionWeek(subscriptionStart: string, index: number): WeekWindow {
  const first = dayOf(subscriptionStart, CAIRO);
  return {
    index,
    start: dayStart(addDays(first, 7 * index), CAIRO).toISOString(),
    end: dayStart(addDays(first, 7 * (index + 1)), CAIRO).toISOString(),
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
  while (index < weeks - 1 && t >= new Date(week.end).getTime())
    week = subscriptionWeek(subscriptionStart, ++index);
  return week;
}

/** Whole weeks of a subscription that have closed by `at` (0 during week 0). */
export function weeksElapsed(subscriptionStart: string, weeks: number, at: Date | string): number {
  if (new Date(at).getTime() < new Date(subscriptionWeek(subscriptionStart, 0).start).getTime()) return 0;
  const week = weekContaining(subscriptionStart, weeks, at);
  return new Date(at).getTime() >= new Date(week.end).getTime() ? week.index + 1 : week.index;
}
