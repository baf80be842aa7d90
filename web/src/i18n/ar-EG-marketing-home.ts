/**
 * The home page (/) below its hero (the hero is ar.home in ar-EG.ts): its texts.
 * Only that page imports them, so they load with its chunk (ar-EG-marketing-shared.ts holds
 * what the pages share).
 *
 * Honesty rule: every fact here is a rule of the product (docs/rules.md) — durations,
 * cancellation window, vetting steps, payment methods. No invented numbers or testimonials.
 */
export const marketingHome = {
  /** document.title (the site name is appended). */
  documentTitle: "درس | تعلّم الإنجليزي أونلاين مع مدرّس يفهمك",
  howTitle: "إزاي تبدأ؟",
  steps: [
    { title: "اعمل حسابك", text: "سجّل ببريدك الإلكتروني أو بحساب Google، وأكّد بريدك بكود من ٥ أرقام." },
    { title: "اختار مدرّسك", text: "اتفرّج على فيديو التعريف بكل مدرّس، واقرا تقييمات الطلاب، وشوف مواعيده الفاضية." },
    { title: "احجز واتعلّم", text: "احجز حصة ١٥ أو ٣٠ دقيقة في الميعاد اللي يناسبك، وادخل الحصة من المتصفح مباشرة." },
  ],
  moreTitle: "اعرف أكتر",
  more: [
    { to: "/method", title: "طريقتنا في التدريس", text: "حصص قصيرة فردية بتركّز على الكلام." },
    { to: "/pricing", title: "الأسعار", text: "باقات دقائق أسبوعية بالجنيه المصري." },
    { to: "/tutor", title: "انضم كمدرّس", text: "علّم إنجليزي من بيتك واكسب بالجنيه." },
    { to: "/faq", title: "الأسئلة الشائعة", text: "إجابات عن الحجز والدفع والإلغاء." },
  ],
};
