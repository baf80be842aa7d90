// Shared rules of learning between lessons (docs/rules.md, "Learning after the lesson"): the CEFR
// levels, how a word is folded for the «كلماتي» list, and the practice schedule.
import { z } from "zod";
import { DAY_MS } from "./time";

/** The CEFR scale, lowest first. */
export const cefrLevels = ["A1", "A2", "B1", "B2", "C1", "C2"] as const;
export type CefrLevel = (typeof cefrLevels)[number];
export const cefrLevelSchema = z.enum(cefrLevels);

/** A note can be written from the lesson's end until this many days after it. */
export const NOTE_WINDOW_DAYS = 7;
/** At most this many new words in one note. */
export const MAX_NOTE_WORDS = 30;

/**
 * The spaced schedule: after "knew it" at step n (0-based) the word comes back in
 * PRACTICE_INTERVAL_DAYS[n] days and moves to step n + 1; after "didn't" it starts again (step 0,
 * due in one day). A word known again after its last interval (14 days) is learned.
 */
export const PRACTICE_INTERVAL_DAYS = [1, 3, 7, 14] as const;

/** The word as the list keeps it unique: trimmed, spaces collapsed, lower case. */
export function foldWord(word: string): string {
  return word.trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
}

/** The next step and due time after one practice answer. */
export function nextPractice(
  step: number,
  knew: boolean,
  now: Date,
): { step: number; dueAt: string; learned: boolean } {
  if (!knew) return { step: 0, dueAt: new Date(now.getTime() + DAY_MS).toISOString(), learned: false };
  const index = Math.min(Math.max(step, 0), PRACTICE_INTERVAL_DAYS.length - 1);
  const learned = step >= PRACTICE_INTERVAL_DAYS.length;
  return {
    step: Math.min(step + 1, PRACTICE_INTERVAL_DAYS.length),
    dueAt: new Date(now.getTime() + PRACTICE_INTERVAL_DAYS[index]! * DAY_MS).toISOString(),
    learned,
  };
}
