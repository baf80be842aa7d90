/**
 * What the public marketing pages share: the types of their texts, the site name, the words for
 * the business numbers (features/marketing/business-words.ts, which the page frame uses), the
 * call to choose a tutor and the way back to one's dashboard. Each page's own texts are in ar-EG-marketing-<page>.ts and load with
 * that page alone.
 *
 * Honesty rule: every fact here is a rule of the product (docs/rules.md) — durations,
 * cancellation window, vetting steps, payment methods. No invented numbers or testimonials.
 */
export type TextSection = { heading: string; paragraphs: readonly string[]; list?: readonly string[] };
/**
 * A question and its answer; `noTrial` replaces the answer while the operator has turned the trial
 * off. Texts may hold {التجربة} (the trial's length, «١٥ دقيقة») and {المهلة} (the cancel
 * window, «٦ ساعات»): the business numbers in force, filled in by features/marketing/business-words.ts.
 */
export type FaqItem = { question: string; answer: string; noTrial?: string };

export const marketingShared = {
  siteName: "درس",
  /** document.title of the not-found page (the site name is appended). */
  titles: { notFound: "الصفحة غير موجودة" },

  /** Words for the business numbers inside texts: a cancel window of 0 hours reads «لحد آخر لحظة قبل ميعادها». */
  businessWords: { noCancelWindow: "آخر لحظة" },

  /** The button to the tutor list closing the method and about pages. */
  chooseTutor: "اختار مدرّسك",

  /** Where a signed-in visitor of the home and become-a-tutor pages goes instead of signing up. */
  goToDashboard: "روح للوحة التحكم",
};
