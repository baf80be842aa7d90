/**
 * «كلماتي» (/words): the student's words from their tutors' lesson notes, the list and the
 * practice mode (docs/rules.md, "Learning after the lesson"). Vocabulary and tone: docs/glossary.md.
 */
import type { CountForms, GenderForms } from "../lib/plural";

const wordCount: CountForms = {
  zero: () => "ولا كلمة",
  one: () => "كلمة واحدة",
  two: () => "كلمتين",
  few: (n) => `${n} كلمات`,
  many: (n) => `${n} كلمة`,
  other: (n) => `${n} كلمة`,
};

export const words = {
  title: "كلماتي",
  intro: "الكلمات الجديدة اللي مدرّسينك كتبوها في ملاحظات حصصك. اتمرّن عليها شوية كل يوم علشان تثبت.",
  searchLabel: "دوّر في كلماتك",
  searchHint: "اكتب أول الكلمة بالإنجليزي أو أول معناها",
  filterLabel: "اعرض",
  filterAll: "كل الكلمات",
  /** The other two filters speak to the student: «بتتعلمها» / «بتتعلميها». */
  filters: {
    learning: { male: () => "بتتعلمها", female: () => "بتتعلميها" },
    learned: { male: () => "اتعلمتها", female: () => "اتعلمتيها" },
  } satisfies Record<"learning" | "learned", GenderForms>,
  wordCount,
  total: (count: string) => `عندك ${count}`,
  listLabel: "قايمة كلماتك",
  pagination: "صفحات الكلمات",
  meaning: "المعنى",
  example: "مثال",
  /** Followed by the tutor's name: «من حصة الأربعاء، ٢٥ نوفمبر مع» أحمد. */
  fromLesson: (day: string) => `من حصة ${day} مع`,
  fromLessonAlone: (day: string) => `من حصة ${day}`,
  learnedToggle: "اتعلمتها",
  learnedToggleHint: (word: string) => `علّم على «${word}» إنك اتعلمتها`,
  nextPractice: (when: string) => `التمرين الجاي: ${when}`,
  dueNow: "عليها تمرين دلوقتي",
  learnedSaved: "اتحفظت في الكلمات اللي اتعلمتها",
  unlearnedSaved: "رجعت للكلمات اللي بتتعلمها",
  loading: "بنحمّل كلماتك…",
  empty: {
    title: "لسه مفيش كلمات",
    body: "بعد كل حصة، مدرّسك بيكتب ملاحظات فيها الكلمات الجديدة اللي خدتوها، وبتتجمع هنا لوحدها علشان تتمرّن عليها.",
    findTutor: "دوّر على مدرّس",
  },
  noMatch: "مفيش كلمات بالبحث ده",
  noneLearning: "مفيش كلمات بتتمرّن عليها دلوقتي",
  noneLearned: "لسه ما علّمتش على أي كلمة إنها اتعلمت",
  practice: {
    start: "تمرّن",
    due: {
      zero: () => "مفيش كلمات للتمرين دلوقتي",
      one: () => "كلمة واحدة للتمرين",
      two: () => "كلمتين للتمرين",
      few: (n) => `${n} كلمات للتمرين`,
      many: (n) => `${n} كلمة للتمرين`,
      other: (n) => `${n} كلمة للتمرين`,
    } satisfies CountForms,
    nextDue: (when: string) => `الكلمات الجاية عليك ${when}`,
    title: "تمرين الكلمات",
    regionLabel: "التمرين",
    progress: (current: string, total: string) => `${current} من ${total}`,
    progressLabel: "وصلت لفين في التمرين",
    question: "فاكر معنى الكلمة دي؟",
    reveal: "وريني المعنى",
    knew: "كنت عارفها",
    didnt: "ماكنتش عارفها",
    /** The keyboard hint, each key in its own box: «من الكيبورد: [المسافة] توريك المعنى، [١] كنت عارفها، [٢] ماكنتش عارفها». */
    keys: {
      intro: "من الكيبورد:",
      space: "المسافة",
      reveal: "توريك المعنى،",
      one: "١",
      knew: "كنت عارفها،",
      two: "٢",
      didnt: "ماكنتش عارفها",
    },
    stop: "وقّف التمرين",
    end: {
      title: "خلّصت التمرين!",
      knew: "كنت عارفها",
      didnt: "ماكنتش عارفها",
      didntHint: "الكلمات اللي ماكنتش عارفها هترجعلك بكرة.",
      more: (count: string) => `لسه فيه ${count} للتمرين`,
      again: "كمّل التمرين",
      back: "ارجع لكلماتي",
      noneLeft: "مفيش كلمات تانية عليك دلوقتي.",
    },
  },
} as const;
