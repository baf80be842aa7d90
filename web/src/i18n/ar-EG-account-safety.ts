/**
 * Account safety: the signed-in devices tab of the settings, the admin's suspension card and the
 * screen a suspended account sees.
 */
import { countOf, type GenderForms } from "../lib/plural";
import { counts } from "./ar-EG-counts";

export const accountSafety = {
  devices: {
    tab: "الأجهزة المتصلة",
    intro: "دي الأجهزة والمتصفحات اللي حسابك مفتوح عليها دلوقتي. لو فيه جهاز مش عارفه، اقفله.",
    listLabel: "الأجهزة المتصلة بحسابك",
    thisDevice: "الجهاز ده",
    unknownDevice: "جهاز غير معروف",
    unknownPlace: "مكان غير معروف",
    place: "المكان",
    firstSeen: "أول دخول",
    lastSeen: "آخر نشاط",
    end: "اقفل",
    endLabel: (device: string) => `اقفل الجلسة على ${device}`,
    ended: "خرّجناك من الجهاز ده",
    endOthers: "اخرج من كل الأجهزة التانية",
    endOthersDone: "خرّجناك من كل الأجهزة التانية",
    endAll: "اخرج من كل الأجهزة",
    endAllTitle: "تخرج من كل الأجهزة؟",
    endAllBody: "هتخرج من حسابك على كل الأجهزة، ومنها الجهاز ده، وهتحتاج تسجل الدخول تاني.",
    confirmEndAll: "أيوه، اخرج من كل الأجهزة",
    onlyThis: "مفيش أجهزة تانية متصلة بحسابك.",
    loading: "بنحمّل الأجهزة…",
  },
  suspension: {
    title: "إيقاف الحساب",
    state: "حالة الحساب",
    /** The restore dialog's way out: not «إلغاء», which reads like its «إلغاء الإيقاف». */
    keep: "تراجع",
    active: "الحساب شغال",
    suspended: "الحساب موقوف",
    since: (when: string) => `موقوف من ${when}`,
    reason: "سبب الإيقاف",
    suspend: "إيقاف الحساب",
    restore: "إلغاء الإيقاف",
    suspendTitle: "إيقاف الحساب؟",
    /** About the account's owner, in their gender (byGender, web/src/lib/plural.ts). */
    suspendBody: {
      male: () =>
        "صاحب الحساب هيخرج من كل الأجهزة وهيتقفل اتصاله المباشر، ومش هيقدر يستخدم درس لحد ما تلغي الإيقاف. حصصه الجاية هتتلغي ويتبلّغ الطرف التاني، ودقايق الطالب بترجع له.",
      female: () =>
        "صاحبة الحساب هتخرج من كل الأجهزة وهيتقفل اتصالها المباشر، ومش هتقدر تستخدم درس لحد ما تلغي الإيقاف. حصصها الجاية هتتلغي ويتبلّغ الطرف التاني، ودقايق الطالب بترجع له.",
    } satisfies GenderForms,
    reasonHint: "السبب بيتسجل في سجل التدقيق (من ٣ إلى ٥٠٠ حرف).",
    confirmSuspend: "إيقاف",
    suspendedDone: "الحساب اتوقف",
    suspendedWithLessons: {
      male: (lessons: number) => `الحساب اتوقف، واتلغت حصصه الجاية (${countOf(counts.lessons, lessons)})`,
      female: (lessons: number) => `الحساب اتوقف، واتلغت حصصها الجاية (${countOf(counts.lessons, lessons)})`,
    } satisfies GenderForms<[number]>,
    restoreTitle: "إلغاء إيقاف الحساب؟",
    restoreBody: {
      male: () => "صاحب الحساب هيقدر يسجل الدخول ويستخدم درس تاني.",
      female: () => "صاحبة الحساب هتقدر تسجل الدخول وتستخدم درس تاني.",
    } satisfies GenderForms,
    confirmRestore: "إلغاء الإيقاف",
    restoredDone: "الحساب رجع شغال",
  },
  suspendedScreen: {
    title: "حسابك موقوف",
    body: "إدارة درس وقّفت حسابك، فمش هتقدر تستخدم الموقع دلوقتي. لو شايف إن ده حصل بالغلط، كلمنا وهنراجع الموضوع معاك.",
    contact: "تواصل مع الدعم",
    home: "الصفحة الرئيسية",
  },
} as const;
