import type { LessonState } from "./api/lesson";

/**
 * A lesson's state at a moment (docs/product.md §4): cancelled, else pending before its start,
 * happening until its end, then fulfilled. The Worker answers it on every lesson and the SPA keeps
 * it current between fetches; its SQL twin is lessonStateSql in worker/domain/state-rules.ts.
 */
export function lessonState(
  lesson: { start: string; end: string; canceledAt: string | null },
  now: Date | number = Date.now(),
): LessonState {
  if (lesson.canceledAt) return "canceled";
  const at = typeof now === "number" ? now : now.getTime();
  if (at < Date.parse(lesson.start)) return "pending";
  return at < Date.parse(lesson.end) ? "happening" : "fulfilled";
}
