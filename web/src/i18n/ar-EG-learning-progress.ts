/**
 * «تقدّمي» and the student's level (CEFR), in Arabic (Egypt): imported by /progress, the level
 * dialog on an ended lesson's page and the level badge on the tutor's lesson list. The level codes
 * themselves (schema/learning.ts) are shown as they are, left to right.
 */
import { countOf, type CountForms } from "../lib/plural";

/** Weeks in a row with a lesson, one form per Arabic plural category (web/src/lib/plural.ts). */
const weeksInARow: CountForms = {
  zero: () => "ولا أسبوع",
  one: () => "أسبوع واحد",
  two: () => "أسبوعين",
  few: (n) => `${n} أسابيع`,
  many: (n) => `${n} أسبوع`,
  other: (n) => `${n} أسبوع`,
};

/** What each level means, said to the student. */
const meanings = {
  A1: "بتفهم وبتستعمل جمل بسيطة جدًا عن نفسك وحاجاتك اليومية",
  A2: "بتتعامل في المواقف السهلة المتكررة وبتوصف حاجات قريبة منك",
  B1: "بتتكلم في المواقف اليومية وبتفهم الكلام الواضح عن المواضيع المألوفة",
  B2: "بتتكلم بسلاسة مع المتحدثين الأصليين وبتفهم أفكار أصعب في مواضيع كتير",
  C1: "بتعبّر عن نفسك بطلاقة ومرونة في الشغل والدراسة وبتفهم نصوص طويلة وصعبة",
  C2: "بتفهم تقريبًا كل حاجة بتسمعها أو بتقراها وبتعبّر بدقة زي أهل اللغة",
} as const;

/** The level's name in Arabic beside its code. */
const names = {
  A1: "مبتدئ",
  A2: "أساسي",
  B1: "متوسط",
  B2: "فوق المتوسط",
  C1: "متقدّم",
  C2: "متمكّن",
} as const;

export const arProgress = {
  progress: {
    title: "تقدّمي",
    subtitle: "كل اللي اتعلمته معانا في مكان واحد.",
    loading: "بنحمّل تقدّمك…",
    figuresLabel: "أرقامك",
    lessons: "حصص خلّصتها",
    minutes: "وقت التعلّم",
    tutors: "مدرّسين اتعلمت معاهم",
    words: "كلمات اتعلمتها",
    homework: "واجبات خلّصتها",
    streak: "أسابيع ورا بعض",
    streakNone: "احجز حصة الأسبوع ده وابدأ سلسلة جديدة",
    streakWeeks: (n: number) => countOf(weeksInARow, n),
    chartTitle: "دقايق التعلّم في آخر ١٢ أسبوع",
    chartValue: "الدقايق",
    weekOf: (day: string) => `أسبوع ${day}`,
    levelTitle: "مستواك",
    noLevel: "لسه محدش من مدرّسينك حدد مستواك. بعد أول حصة، المدرّس يقدر يحدده.",
    levelSetBy: (tutor: string, when: string) => `حدده ${tutor} يوم ${when}`,
    historyTitle: "مستواك اتغيّر إزاي",
    historyEmpty: "مفيش تغييرات لسه",
    findTutor: "احجز حصة",
  },
  level: {
    names,
    meanings,
    badge: (name: string) => `مستوى الطالب: ${name}`,
    cardTitle: "مستوى الطالب",
    current: "المستوى دلوقتي:",
    none: "لسه مفيش مستوى متحدد",
    set: "حدّد المستوى",
    change: "غيّر المستوى",
    dialogTitle: (student: string) => `مستوى ${student}`,
    dialogNote: "اختار المستوى اللي شايفه في الحصة، واكتب سبب قصير في سطر واحد.",
    choose: "المستوى",
    reason: "السبب",
    reasonHint: (max: string) => `سطر واحد، لحد ${max} حرف`,
    save: "احفظ المستوى",
    saving: "بنحفظ…",
    cancel: "إلغاء",
    saved: "اتحفظ المستوى",
    pickLevel: "اختار مستوى",
  },
} as const;
