/**
 * Our teaching method (/method): its texts.
 * Only that page imports them, so they load with its chunk (ar-EG-marketing-shared.ts holds
 * what the pages share).
 *
 * Honesty rule: every fact here is a rule of the product (docs/rules.md) — durations,
 * cancellation window, vetting steps, payment methods. No invented numbers or testimonials.
 */
export const marketingMethod = {
  /** document.title (the site name is appended). */
  documentTitle: "طريقتنا في التدريس",
  title: "طريقتنا في التدريس",
  lead: "بنؤمن إن أسرع طريق للكلام بثقة هو إنك تتكلم كتير، مع مدرّس واحد بيتابعك، في حصص قصيرة ومنتظمة.",
  sections: [
    {
      heading: "حصص فردية",
      paragraphs: [
        "الحصة بينك وبين المدرّس بس. مفيش طلاب تانيين بياخدوا وقتك، والمدرّس بيمشي على مستواك وسرعتك.",
      ],
    },
    {
      heading: "قصيرة ومنتظمة",
      paragraphs: [
        "الحصة ١٥ أو ٣٠ دقيقة. الوقت القصير أسهل تلاقي له مكان في يومك، والانتظام كل أسبوع بيفرق أكتر من حصة طويلة كل فين وفين.",
        "الباقات بدقايق أسبوعية: بتحدد كام دقيقة في الأسبوع، وتوزّعها على الحصص والمدرّسين زي ما تحب.",
      ],
    },
    {
      heading: "الكلام أولًا",
      paragraphs: [
        "هدف الحصة إنك تتكلم: محادثة عن مواقف حقيقية، وتصحيح للنطق والأخطاء أثناء الكلام، ومفردات تحتاجها فعلًا. كل مدرّس بيحدد الموضوعات اللي بيدرّسها، وتقدر تختار مدرّس على حسب الموضوع اللي يهمك.",
      ],
    },
    {
      heading: "مدرّس يفهمك",
      paragraphs: [
        "المدرّسين بيتكلموا عربي، فلما تقف عند كلمة أو قاعدة يقدروا يشرحوها لك بلغتك. وبعد كل حصة تقدر تقيّم المدرّس، والتقييمات بتظهر للطلاب التانيين.",
      ],
    },
    {
      heading: "حصة من المتصفح",
      paragraphs: [
        "مش محتاج تنزّل برنامج: بتدخل الحصة من صفحة الحصة قبل ميعادها بـ ١٠ دقايق، بالكاميرا والمايك، ومعاك دردشة مكتوبة مع المدرّس.",
      ],
    },
  ],
};
