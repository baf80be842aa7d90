/**
 * Contact us (/contact): its texts. That page and the FAQ's closing line import them, so they
 * load with those chunks only (ar-EG-marketing-shared.ts holds what the pages share).
 *
 * Honesty rule: every fact here is a rule of the product (docs/rules.md) — durations,
 * cancellation window, vetting steps, payment methods. No invented numbers or testimonials.
 */
export const marketingContact = {
  /** document.title (the site name is appended). */
  documentTitle: "تواصل معنا",
  title: "تواصل معنا",
  lead: "عندك سؤال أو اقتراح أو محتاج مساعدة؟ اكتب لنا وهنرد عليك في أقرب وقت.",
  signedInHint: "لو عندك مشكلة في التطبيق نفسه، تقدر كمان تبلّغ عنها من قائمة حسابك «الإبلاغ عن مشكلة».",
  faqHint: "ممكن تلاقي إجابتك أسرع في",
  faqLink: "الأسئلة الشائعة",
};
