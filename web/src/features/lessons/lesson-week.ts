import type { LessonView } from "@schema/api/lesson";
import { LessonDuration } from "@schema/enums";
import { GRID_MS } from "@schema/pricing";
import { HOUR_MS, MINUTE_MS } from "@schema/time";
import { localDay, rowsOnDay, SLOT_MINUTES, type PlainDay } from "../availability/week";

/**
 * The lessons of a calendar week, laid out for /lessons-schedule with the schedule's own week
 * math (features/availability/week.ts: Saturday-first weeks, Cairo days, 15-minute rows).
 * Pure functions, so the layout is tested without a screen.
 */

export type PlacedLesson = { lesson: LessonView; column: number; startRow: number; endRow: number };

/** Each lesson on its day's column and rows (a lesson across midnight shows on both days). */
export function placeLessons(lessons: readonly LessonView[], days: readonly PlainDay[]): PlacedLesson[] {
  const placed: PlacedLesson[] = [];
  for (const lesson of lessons) {
    days.forEach((day, column) => {
      const rows = rowsOnDay(day, lesson.start, lesson.end);
      if (rows) placed.push({ lesson, column, startRow: rows.startRow, endRow: rows.endRow });
    });
  }
  return placed;
}

/** The lessons of each day of the week, by start (the phone's day list). */
export function lessonsByDay(
  lessons: readonly LessonView[],
  days: readonly PlainDay[],
): Map<PlainDay, LessonView[]> {
  const byDay = new Map<PlainDay, LessonView[]>(days.map((day) => [day, []]));
  for (const lesson of [...lessons].sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id))
    byDay.get(localDay(lesson.start))?.push(lesson);
  return byDay;
}

/** Default first row in view: 08:00. */
const MORNING_ROW = (8 * 60) / SLOT_MINUTES;

/** The row scrolled to first: the hour before the week's earliest lesson, else 08:00. */
export function firstRowInView(placed: readonly PlacedLesson[]): number {
  if (placed.length === 0) return MORNING_ROW;
  const hour = 60 / SLOT_MINUTES;
  const earliest = Math.min(...placed.map((p) => p.startRow));
  return Math.max(0, (Math.floor(earliest / hour) - 1) * hour);
}

/** How long before its start a lesson is "about to start" (the calendar's «حصص قربت»). */
export const joinSoonMs = HOUR_MS;

/**
 * The range a lesson about to start or under way overlaps: from the longest lesson before the
 * current quarter hour to an hour and a quarter after it, so it changes once a quarter hour.
 */
export function soonWindow(now: number): { after: string; before: string } {
  const quarter = Math.floor(now / GRID_MS) * GRID_MS;
  return {
    after: new Date(quarter - LessonDuration.Long * MINUTE_MS).toISOString(),
    before: new Date(quarter + joinSoonMs + GRID_MS).toISOString(),
  };
}
