import { z } from "zod";
import { contract } from "./contract";
import { idParam, instant, paged, pageQuery } from "./common";

/**
 * «كلماتي», the student's words to practise (docs/rules.md, "Learning after the lesson"): the
 * words of their tutors' lesson notes, searched and paged, marked learned, and practised on the
 * spaced schedule of schema/learning.ts. Only the student themselves reads or changes them
 * (worker/routes/words.ts).
 */

/** Which words a list shows: every one, those still being learned, or those learned. */
export const wordStates = ["all", "learning", "learned"] as const;
export type WordState = (typeof wordStates)[number];

/** At most this many words in one practice round (the oldest due first). */
export const PRACTICE_ROUND_SIZE = 20;

/** GET /words — `search` a prefix of the English word (any case) or of its meaning; paged. */
export const wordsQuery = pageQuery.extend({
  search: z.string({ error: "bad-request" }).trim().max(100, "bad-request").optional(),
  state: z.enum(wordStates, { error: "bad-request" }).default("all"),
});
export type WordsQuery = z.infer<typeof wordsQuery>;

/** The lesson whose note brought the word: its start and its tutor's name. */
export const wordLesson = z.object({
  id: z.number().int(),
  start: instant,
  tutorName: z.string().nullable(),
});

/** Where a word stands on the schedule: its step (0 new, 1..4 the interval reached), next practice, learned. */
export const wordProgress = z.object({
  id: z.number().int(),
  step: z.number().int(),
  dueAt: instant,
  learnedAt: instant.nullable(),
});
export type WordProgress = z.output<typeof wordProgress>;

export const wordView = wordProgress.extend({
  word: z.string(),
  meaning: z.string(),
  example: z.string().nullable(),
  lesson: wordLesson.nullable(),
  createdAt: instant,
});
export type WordView = z.output<typeof wordView>;

/** GET /words/practice — the round (at most PRACTICE_ROUND_SIZE), how many are due in all, and the next due time after now. */
export const practiceRound = z.object({
  list: z.array(wordView),
  due: z.number().int(),
  nextDueAt: instant.nullable(),
});
export type PracticeRound = z.output<typeof practiceRound>;

/** POST /words/{id}/practice — whether the student knew the word. */
export const practiceBody = z.object({
  knew: z.boolean({ error: "bad-request" }),
});
export type PracticeBody = z.infer<typeof practiceBody>;

/** The student's word list endpoints (worker/routes/words.ts), the student only. */
export const wordContracts = {
  list: contract({ method: "get", path: "/words", query: wordsQuery, response: paged(wordView) }),
  practice: contract({ method: "get", path: "/words/practice", response: practiceRound }),
  markLearned: contract({
    method: "post",
    path: "/words/:id/learned",
    params: idParam,
    response: wordProgress,
  }),
  unmarkLearned: contract({
    method: "delete",
    path: "/words/:id/learned",
    params: idParam,
    response: wordProgress,
  }),
  answer: contract({
    method: "post",
    path: "/words/:id/practice",
    params: idParam,
    body: practiceBody,
    response: wordProgress,
  }),
};
