/**
 * The tutor manager's own words, in Arabic (Egypt): their home (interviews to decide, today's
 * appointments), their schedule's copy, and their reviews page's demo tab. Imported by those
 * screens only. A new tutor's demo for the manager is a «جلسة عرض», never «الحصة التجريبية» (the
 * students' free trial lesson, docs/glossary.md).
 */
export const arManager = {
  home: {
    title: "لوحة مسؤول المدرّسين",
    subtitle: "المقابلات وجلسات العرض اللي مستنية قرارك، ومواعيدك النهارده.",
    toDecide: "مستنية قرارك",
    toDecideHint: "مواعيد خلصت ولسه ما سجّلتش نتيجتها.",
    toDecideEmpty: "مفيش حاجة مستنية قرارك دلوقتي.",
    today: "مواعيدك النهارده",
    todayEmpty: "مفيش مقابلات ولا جلسات عرض النهارده.",
    interview: "مقابلة",
    demo: "جلسة عرض",
    /** «مقابلة مع» / «جلسة عرض مع», then the tutor's name (isolated). */
    withWhom: (kind: string) => `${kind} مع `,
    noName: "مدرّس جديد",
    allReviews: "كل المقابلات والمراجعات",
    schedule: "مواعيد المقابلات",
  },
  schedule: {
    title: "مواعيد المقابلات",
    subtitle: (clock: string) =>
      `الأوقات اللي المدرّسين الجداد يقدروا يحجزوا فيها مقابلة أو جلسة عرض معاك، ${clock}. ولو بتدرّس لطلاب، حصصهم بتتحجز في نفس الجدول.`,
  },
  reviews: {
    subtitle: "مقابلاتك، والفيديوهات التعريفية المسندة إليك، وجلسات العرض.",
    demosTab: "جلسات العرض",
    emptyDemos: "لسه مفيش جلسات عرض.",
  },
};
