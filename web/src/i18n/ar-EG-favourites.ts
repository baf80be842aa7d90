/**
 * Saved tutors, «احجز مرة أخرى» and the tutor's usual reply time (docs/rules.md, "Learning after
 * the lesson"): loaded with the tutor list, the tutor page, /favourites and the past lessons.
 */
import type { GenderForms } from "../lib/plural";

export const arFavourites = {
  bookAgain: "احجز مرة أخرى",
  bookAgainLabel: (minutes: string) => `احجز مرة أخرى حصة ${minutes} دقيقة مع نفس المدرّس`,
  /** The heart on a tutor's card and page (aria-pressed says whether the tutor is saved). */
  save: {
    male: () => "احفظ المدرّس",
    female: () => "احفظ المدرّسة",
  } satisfies GenderForms,
  unsave: {
    male: () => "شيله من المحفوظين",
    female: () => "شيلها من المحفوظين",
  } satisfies GenderForms,
  saved: "اتحفظ في المدرّسين المحفوظين",
  removed: "شلناه من المحفوظين",
  saveFailed: "مقدرناش نحفظ التغيير، جرّب تاني",
  title: "المدرّسين المحفوظين",
  subtitle: "المدرّسين اللي حفظتهم عشان ترجعلهم بسرعة.",
  empty: "لسه مفيش مدرّسين محفوظين. دوس على القلب في كارت أي مدرّس وهتلاقيه هنا.",
  browse: "روح لقائمة المدرّسين",
  pagination: "صفحات المدرّسين المحفوظين",
  loadFailed: "مقدرناش نجيب المدرّسين المحفوظين.",
  /** The tutor's usual time to answer a new student's first message. */
  replies: {
    male: (time: string) => `يرد عادةً خلال ${time}`,
    female: (time: string) => `ترد عادةً خلال ${time}`,
  } satisfies GenderForms<[string]>,
  /** «احجز مرة أخرى» landed on the booking: the soonest free time is chosen, or there is none. */
  soonestChosen: "اخترنالك أقرب ميعاد فاضي بنفس مدة الحصة اللي فاتت. تقدر تغيّره لو حابب.",
  noFreeTime: "مفيش مواعيد فاضية في الأسبوعين الجايين. تقدر تبعت رسالة أو تشوف مدرّس تاني.",
} as const;
