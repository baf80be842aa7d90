/**
 * Prices and plans (/pricing): its texts.
 * Only that page imports them, so they load with its chunk (ar-EG-marketing-shared.ts holds
 * what the pages share).
 *
 * Honesty rule: every fact here is a rule of the product (docs/rules.md) — durations,
 * cancellation window, vetting steps, payment methods. No invented numbers or testimonials.
 */
import { countOf } from "../lib/plural";
import { counts } from "./ar-EG-counts";

export const marketingPricing = {
  /** document.title (the site name is appended). */
  documentTitle: "الأسعار والباقات",
  title: "الأسعار والباقات",
  lead: "اشترك في باقة دقائق أسبوعية، واحجز بيها حصص مع أي مدرّس. كل الأسعار بالجنيه المصري.",
  trial: "عندك حساب جديد؟ أول حصة تجريبية مدتها {التجربة} من غير اشتراك، عشان تجرّب قبل ما تدفع.",
  perWeek: (minutes: number) => countOf(counts.weeklyMinutes, minutes),
  /** Arabic counting: 1 and 2 have their own forms, 3..10 take the plural, 11+ the singular. */
  lessonsPerWeek: (count: number, formatted: string) =>
    count === 1
      ? "تكفي حصة واحدة مدتها ٣٠ دقيقة كل أسبوع"
      : count === 2
        ? "تكفي حصتين مدة كل واحدة ٣٠ دقيقة كل أسبوع"
        : count <= 10
          ? `تكفي ${formatted} حصص مدة كل واحدة ٣٠ دقيقة كل أسبوع`
          : `تكفي ${formatted} حصة مدة كل واحدة ٣٠ دقيقة كل أسبوع`,
  monthPrice: "شهر واحد",
  yearFrom: (price: string) => `أو ${price} في الشهر مع الاشتراك السنوي`,
  saveUpTo: (percent: string) => `وفّر حتى ${percent}`,
  choose: "اختار الباقة",
  choosePlan: (minutes: number) => `اختار باقة ${countOf(counts.weeklyMinutes, minutes)}`,
  empty: "مفيش باقات متاحة دلوقتي. تواصل معنا لو عندك سؤال.",
  plansLabel: "الباقات",
  notesTitle: "إزاي الباقات بتشتغل؟",
  notes: [
    "الباقة بتبدأ من وقت الدفع، ومدتها ٤ أو ١٢ أو ٥٢ أسبوع على حسب المدة اللي تختارها (شهر، ٣ شهور، سنة).",
    "كل أسبوع بتتجدد دقايقك، والدقايق اللي ما تستخدمهاش في أسبوع ما بتترحّلش للأسبوع اللي بعده.",
    "تقدر تلغي الحصة لحد {المهلة} قبل ميعادها، ودقايقها بترجع لأسبوعها.",
    "لو المدرّس ما حضرش، تقدر تبلّغ بعد ٣ دقايق من بداية الحصة ودقايقها بترجع لك.",
    "لو لغيت الاشتراك، بيترد لك الجزء اللي ما استخدمتوش حسب الشروط والأحكام.",
    "الدفع من خلال فوري: كارت، محفظة إلكترونية، تقسيط بنكي، أو رقم مرجعي تدفع بيه في أي منفذ فوري.",
  ],
};
