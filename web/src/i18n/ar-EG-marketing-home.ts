/**
 * The home page (/): its texts.
 * Only that page imports them, so they load with its chunk (ar-EG-marketing-shared.ts holds
 * what the pages share).
 *
 * Honesty rule: every fact here is a rule of the product (docs/rules.md) — durations,
 * cancellation window, vetting steps, payment methods. No invented numbers or testimonials.
 */
export const marketingHome = {
  /** document.title (the site name is appended). */
  documentTitle: "درس | تعلّم الإنجليزي أونلاين مع مدرّس يفهمك",
  /** The first screen: what Dars is, and the ways in. */
  hero: {
    title: "اتكلّم إنجليزي بثقة، مع مدرّس يفهمك",
    intro:
      "«درس» بيوصّلك بمدرّسين إنجليزي قابلناهم واخترناهم بعناية، في حصص فيديو فردية من بيتك. اختار المدرّس والميعاد المناسبين لك، وادفع بالجنيه المصري.",
    points: [
      "حصص فردية مدتها ١٥ أو ٣٠ دقيقة على حسب وقتك",
      "كل المدرّسين بيعدّوا بمقابلة وحصة تجريبية قبل ما يبدأوا",
      "باقات دقائق أسبوعية بأسعار واضحة بالجنيه المصري",
    ],
    studentCta: "ابدأ كطالب",
    tutorCta: "انضم كمدرّس",
    haveAccount: "عندك حساب؟",
  },
  howTitle: "إزاي تبدأ؟",
  steps: [
    { title: "اعمل حسابك", text: "سجّل ببريدك الإلكتروني أو بحساب Google، وأكّد بريدك بكود من ٥ أرقام." },
    {
      title: "اختار مدرّسك",
      text: "اتفرّج على فيديو التعريف بكل مدرّس، واقرا تقييمات الطلاب، وشوف مواعيده الفاضية.",
    },
    {
      title: "احجز واتعلّم",
      text: "احجز حصة ١٥ أو ٣٠ دقيقة في الميعاد اللي يناسبك، وادخل الحصة من المتصفح مباشرة.",
    },
  ],
  moreTitle: "اعرف أكتر",
  more: [
    { to: "/method", title: "طريقتنا في التدريس", text: "حصص قصيرة فردية بتركّز على الكلام." },
    { to: "/pricing", title: "الأسعار", text: "باقات دقائق أسبوعية بالجنيه المصري." },
    { to: "/tutor", title: "انضم كمدرّس", text: "علّم إنجليزي من بيتك واكسب بالجنيه." },
    { to: "/faq", title: "الأسئلة الشائعة", text: "إجابات عن الحجز والدفع والإلغاء." },
  ],
};
