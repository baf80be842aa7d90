import type { FreeTimes } from "@schema/api/lesson";

/**
 * The booking bar's «أقرب ميعاد فاضي» (booking-bar.tsx): the earliest free start still ahead of
 * `now` among the free-times answers the tutor page has already loaded (GET /lesson/free-times:
 * the booking flow's 14 days, the visitor's week), or null when there is none (the bar then shows
 * no time). A start free for 30 minutes is free for 15 too, so every answer counts.
 */
export function soonestFreeStart(
  answers: ReadonlyArray<Pick<FreeTimes, "starts"> | undefined>,
  now: number,
): string | null {
  let soonest: { at: number; start: string } | null = null;
  for (const answer of answers) {
    for (const start of answer?.starts ?? []) {
      const at = Date.parse(start);
      if (Number.isNaN(at) || at <= now) continue;
      if (!soonest || at < soonest.at) soonest = { at, start };
    }
  }
  return soonest?.start ?? null;
}
