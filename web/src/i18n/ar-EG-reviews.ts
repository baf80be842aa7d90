/**
 * Reviews after they are written (docs/rules.md, Reviews), in Arabic (Egypt): the tutor's reply
 * under a rating, flagging a rating, the tutor's «تقييماتي» and the staff's /admin/ratings. Imported
 * by those screens only.
 */
import type { RatingFlagReason } from "@schema/api/rating";

const flagReasons: Record<RatingFlagReason, string> = {
  offensive: "كلام مسيء أو قليل الأدب",
  spam: "إعلان أو كلام ملوش علاقة",
  "no-lesson": "الكلام مش عن حصة حقيقية",
  "personal-data": "فيه بيانات شخصية زي رقم تليفون",
  other: "سبب تاني",
};

export const reviews = {
  /** Under a rating on the public page. */
  reply: {
    heading: "رد المدرّس",
    edited: "(اتعدّل)",
  },
  /** Flagging a rating, from the public page. */
  flag: {
    open: "بلّغ عن التقييم",
    /** Said after «بلّغ عن التقييم» to screen readers: whose rating. */
    of: (name: string) => `بتاع ${name}`,
    title: "بلّغ عن التقييم ده",
    intro: "قولّنا إيه المشكلة في التقييم ده، وفريقنا هيراجعه. اسمك مش هيظهر لحد.",
    reasonLegend: "السبب",
    reasons: flagReasons,
    textLabel: "عايز تضيف حاجة؟ (اختياري)",
    send: "ابعت البلاغ",
    cancel: "إلغاء",
    sent: "وصلنا بلاغك، شكرًا إنك نبّهتنا",
    already: "بلّغت عن التقييم ده",
  },
  /** The tutor's own reviews on their dashboard, each with its reply box. */
  mine: {
    title: "تقييماتي",
    intro: "دي تقييمات طلابك. تقدر ترد مرة واحدة على كل تقييم، وتعدّل ردك خلال ٢٤ ساعة من أول ما تكتبه.",
    empty: "لسه مفيش تقييمات. بعد حصصك الأولى طلابك هيقدروا يقيّموك.",
    replyLabel: "ردك على التقييم",
    replyHint: "ردك هيظهر تحت التقييم في صفحتك لكل الناس.",
    send: "انشر الرد",
    save: "احفظ التعديل",
    saved: "ردك اتنشر",
    editUntil: (time: string) => `تقدر تعدّل ردك لحد ${time}`,
    locked: "ردك اتثبّت، عدّى على كتابته أكتر من ٢٤ ساعة.",
    pagination: "صفحات تقييماتي",
  },
  /** /admin/ratings. */
  admin: {
    nav: "التقييمات المبلّغ عنها",
    title: "التقييمات المبلّغ عنها",
    intro:
      "التقييمات اللي المستخدمين بلّغوا عنها، واللي الفريق خبّاها. التقييم المتخبّي بيختفي من صفحة المدرّس ومن متوسطه على طول.",
    searchLabel: "دوّر باسم المدرّس أو صاحب التقييم أو كلام التقييم",
    stateFilter: "الحالة",
    all: "الكل",
    states: { flagged: "عليه بلاغات", hidden: "متخبّي" },
    shown: "ظاهر",
    restored: "اتظهر تاني",
    caption: "التقييمات المبلّغ عنها",
    count: (total: string) => `العدد: ${total}`,
    empty: "مفيش تقييمات مبلّغ عنها دلوقتي.",
    columns: {
      rating: "التقييم",
      tutor: "المدرّس",
      rater: "صاحب التقييم",
      flags: "البلاغات",
      created: "اتكتب يوم",
      state: "الحالة",
    },
    /** Said after the rating's text to screen readers: which rating the button opens. */
    number: (id: string) => `(التقييم رقم ${id})`,
    detailTitle: (id: string) => `التقييم رقم ${id}`,
    noText: "من غير كلام",
    tutorReply: "رد المدرّس",
    flagsHeading: "البلاغات",
    flagBy: (name: string, time: string) => `من ${name}، ${time}`,
    hiddenBy: (name: string, time: string) => `خبّاه ${name}، ${time}`,
    lastNote: "ملاحظة الفريق",
    noteLabel: "ملاحظة (بتتسجّل في سجل التعديلات)",
    hide: "خبّي التقييم",
    restore: "أظهر التقييم تاني",
    hiddenToast: "التقييم اتخبّى",
    restoredToast: "التقييم ظهر تاني",
    loading: "بنحمّل…",
    unnamed: "مستخدم",
    value: (value: string) => `${value} من ٥`,
  },
} as const;
