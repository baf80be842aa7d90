import { z } from "zod";
import { cefrLevels } from "../learning";
import { levelView } from "./level";
import { contract } from "./contract";

/** How many weeks the «تقدّمي» chart shows, this week included. */
export const PROGRESS_WEEKS = 12;
/** How many of the newest level changes the progress answer carries (the rest: GET /user/student/{id}/levels). */
export const PROGRESS_LEVELS = 10;

/** One Saturday-first week on Cairo's clock: its first day ("YYYY-MM-DD") and the minutes learned in it. */
export const progressWeek = z.object({ start: z.string(), minutes: z.number().int() });
export type ProgressWeek = z.output<typeof progressWeek>;

/**
 * GET /progress — the student's own progress. A lesson counts once it has ended, unless it was
 * cancelled or its tutor reported absent. `weeks` is oldest first, this week last.
 */
export const progressView = z.object({
  weeks: z.array(progressWeek),
  lessons: z.number().int(),
  minutes: z.number().int(),
  tutors: z.number().int(),
  wordsLearned: z.number().int(),
  homeworkDone: z.number().int(),
  /** Consecutive weeks with a lesson, ending this week or last week (0 otherwise). */
  streakWeeks: z.number().int(),
  level: z.enum(cefrLevels).nullable(),
  /** The newest PROGRESS_LEVELS level changes, newest first. */
  levels: z.array(levelView),
});
export type ProgressView = z.output<typeof progressView>;

export const progressContracts = {
  get: contract({ method: "get", path: "/progress", response: progressView }),
};
