/**
 * Saved tutors, «احجز مرة أخرى» and the tutor's usual reply time (docs/rules.md, "Learning after
 * the lesson"): loaded with the tutor list, the tutor page, /favourites and the past lessons.
 */
export const arFavourites = {
  bookAgain: "احجز مرة أخرى",
  bookAgainLabel: (minutes: string) => `احجز مرة أخرى حصة ${minutes} مع نفس المدرّس`,
} as const;
