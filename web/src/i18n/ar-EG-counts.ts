/**
 * Every counted phrase of the SPA, one form per Arabic plural category (Intl.PluralRules('ar'):
 * zero, one, two, few 3–10, many 11–99, other 100+ and fractions), and the phrases whose verb or
 * title follows the gender of the person they are about. Used through countOf / byGender in
 * web/src/lib/plural.ts; tests/web/plurals.test.ts renders each for 0, 1, 2, 3, 11 and 100.
 * The area screens import this table; lengths of time (ar-EG-durations.ts), which the shell and
 * the public pages also need, are a small table of their own and are spread in here.
 * Vocabulary and tone: docs/glossary.md.
 */
import type { CountForms, GenderForms } from "../lib/plural";
import { durationCounts } from "./ar-EG-durations";

export const counts = {
  lessons: {
    zero: () => "ولا حصة",
    one: () => "حصة واحدة",
    two: () => "حصتين",
    few: (n) => `${n} حصص`,
    many: (n) => `${n} حصة`,
    other: (n) => `${n} حصة`,
  },
  fulfilledLessons: {
    zero: () => "لسه مفيش حصص مكتملة",
    one: () => "حصة واحدة مكتملة",
    two: () => "حصتين مكتملتين",
    few: (n) => `${n} حصص مكتملة`,
    many: (n) => `${n} حصة مكتملة`,
    other: (n) => `${n} حصة مكتملة`,
  },
  tutors: {
    zero: () => "مفيش مدرّسين",
    one: () => "مدرّس واحد",
    two: () => "مدرّسين اتنين",
    few: (n) => `${n} مدرّسين`,
    many: (n) => `${n} مدرّس`,
    other: (n) => `${n} مدرّس`,
  },
  ratings: {
    zero: () => "لسه مفيش تقييمات",
    one: () => "تقييم واحد",
    two: () => "تقييمين",
    few: (n) => `${n} تقييمات`,
    many: (n) => `${n} تقييم`,
    other: (n) => `${n} تقييم`,
  },
  ...durationCounts,
  unreadMessages: {
    zero: () => "مفيش رسائل جديدة",
    one: () => "رسالة واحدة جديدة",
    two: () => "رسالتين جداد",
    few: (n) => `${n} رسائل جديدة`,
    many: (n) => `${n} رسالة جديدة`,
    other: (n) => `${n} رسالة جديدة`,
  },
  students: {
    zero: () => "ولا طالب",
    one: () => "طالب واحد",
    two: () => "طالبين",
    few: (n) => `${n} طلاب`,
    many: (n) => `${n} طالب`,
    other: (n) => `${n} طالب`,
  },
  canceledBookings: {
    zero: () => "متلغاش أي حجز",
    one: () => "اتلغى حجز واحد مبقاش جوّه مواعيدك، وبلّغنا صاحبه",
    two: () => "اتلغى حجزين مبقوش جوّه مواعيدك، وبلّغنا أصحابهم",
    few: (n) => `اتلغى ${n} حجوزات مبقتش جوّه مواعيدك، وبلّغنا أصحابها`,
    many: (n) => `اتلغى ${n} حجز مبقاش جوّه مواعيدك، وبلّغنا أصحابه`,
    other: (n) => `اتلغى ${n} حجز مبقاش جوّه مواعيدك، وبلّغنا أصحابه`,
  },
  accounts: {
    zero: () => "مفيش حسابات",
    one: () => "حساب واحد",
    two: () => "حسابين",
    few: (n) => `${n} حسابات`,
    many: (n) => `${n} حساب`,
    other: (n) => `${n} حساب`,
  },
  auditEntries: {
    zero: () => "مفيش سجلات",
    one: () => "سجل واحد",
    two: () => "سجلين",
    few: (n) => `${n} سجلات`,
    many: (n) => `${n} سجل`,
    other: (n) => `${n} سجل`,
  },
  couponUses: {
    zero: () => "لسه محدش استخدمه",
    one: () => "اتستخدم مرة واحدة",
    two: () => "اتستخدم مرتين",
    few: (n) => `اتستخدم ${n} مرات`,
    many: (n) => `اتستخدم ${n} مرة`,
    other: (n) => `اتستخدم ${n} مرة`,
  },
  weeklyMinutes: {
    zero: () => "ولا دقيقة في الأسبوع",
    one: () => "دقيقة واحدة في الأسبوع",
    two: () => "دقيقتين في الأسبوع",
    few: (n) => `${n} دقايق في الأسبوع`,
    many: (n) => `${n} دقيقة في الأسبوع`,
    other: (n) => `${n} دقيقة في الأسبوع`,
  },
  lastDays: {
    zero: () => "النهارده بس",
    one: () => "آخر يوم",
    two: () => "آخر يومين",
    few: (n) => `آخر ${n} أيام`,
    many: (n) => `آخر ${n} يوم`,
    other: (n) => `آخر ${n} يوم`,
  },
  lastWeeks: {
    zero: () => "الأسبوع ده بس",
    one: () => "آخر أسبوع",
    two: () => "آخر أسبوعين",
    few: (n) => `آخر ${n} أسابيع`,
    many: (n) => `آخر ${n} أسبوع`,
    other: (n) => `آخر ${n} أسبوع`,
  },
  lastMonths: {
    zero: () => "الشهر ده بس",
    one: () => "آخر شهر",
    two: () => "آخر شهرين",
    few: (n) => `آخر ${n} شهور`,
    many: (n) => `آخر ${n} شهر`,
    other: (n) => `آخر ${n} شهر`,
  },
  payments: {
    zero: () => "ولا عملية دفع",
    one: () => "عملية دفع واحدة",
    two: () => "عمليتين دفع",
    few: (n) => `${n} عمليات دفع`,
    many: (n) => `${n} عملية دفع`,
    other: (n) => `${n} عملية دفع`,
  },
} satisfies Record<string, CountForms>;

/** Phrases about a person: the verb or title follows their gender (masculine when unknown). */
export const gendered = {
  notJoinedYet: {
    male: (name: string) => `${name} لسه مدخلش`,
    female: (name: string) => `${name} لسه مدخلتش`,
  },
  sharingScreen: {
    male: (name: string) => `${name} بيعرض شاشته`,
    female: (name: string) => `${name} بتعرض شاشتها`,
  },
  online: { male: (name: string) => `${name} متصل دلوقتي`, female: (name: string) => `${name} متصلة دلوقتي` },
  joinedRoom: { male: (name: string) => `${name} دخل الحصة`, female: (name: string) => `${name} دخلت الحصة` },
  leftRoom: {
    male: (name: string) => `${name} خرج من الحصة`,
    female: (name: string) => `${name} خرجت من الحصة`,
  },
  tutorTitle: { male: () => "المدرّس", female: () => "المدرّسة" },
  joinedAtLabel: { male: () => "انضم في", female: () => "انضمت في" },
  noAbout: {
    male: () => "المدرّس لسه مكتبش نبذة عن نفسه.",
    female: () => "المدرّسة لسه مكتبتش نبذة عن نفسها.",
  },
  noTopics: { male: () => "المدرّس لسه محددش موضوعات.", female: () => "المدرّسة لسه محددتش موضوعات." },
  canceledBy: { male: (name: string) => `ألغاها ${name}`, female: (name: string) => `ألغتها ${name}` },
  noticeHint: {
    male: (time: string) => `المدرّس محتاج ${time} على الأقل قبل الحصة.`,
    female: (time: string) => `المدرّسة محتاجة ${time} على الأقل قبل الحصة.`,
  },
  messageTutor: { male: () => "مراسلة المدرّس", female: () => "مراسلة المدرّسة" },
} satisfies Record<string, GenderForms<[string]> | GenderForms>;
