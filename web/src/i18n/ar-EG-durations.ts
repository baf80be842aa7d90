/**
 * Lengths of time in words, every Arabic plural form (see ar-EG-counts.ts): used by
 * formatDurationWords in web/src/lib/plural.ts and by the public pages, so this small table
 * loads with them and the rest of the counted phrases (ar-EG-counts.ts) only with the area screens.
 */
import type { CountForms } from "../lib/plural";

export const durationCounts = {
  minutes: {
    zero: () => "ولا دقيقة",
    one: () => "دقيقة واحدة",
    two: () => "دقيقتين",
    few: (n) => `${n} دقايق`,
    many: (n) => `${n} دقيقة`,
    other: (n) => `${n} دقيقة`,
  },
  hours: {
    zero: () => "ولا ساعة",
    one: () => "ساعة",
    two: () => "ساعتين",
    few: (n) => `${n} ساعات`,
    many: (n) => `${n} ساعة`,
    other: (n) => `${n} ساعة`,
  },
  days: {
    zero: () => "ولا يوم",
    one: () => "يوم",
    two: () => "يومين",
    few: (n) => `${n} أيام`,
    many: (n) => `${n} يوم`,
    other: (n) => `${n} يوم`,
  },
} satisfies Record<string, CountForms>;

/** The words formatDurationWords puts between counts. */
export const durationWords = {
  quarterHour: "ربع ساعة",
  halfHour: "نص ساعة",
  andHalf: "ونص",
  andQuarter: "وربع",
  and: "و",
};
