/**
 * What search engines and link previews (WhatsApp, Facebook, X) show for the pages the Worker
 * describes itself (worker/seo/pages.ts): titles, descriptions and the site's name. Plain strings
 * and functions only, so the Worker can import this file.
 */
export const seo = {
  siteName: "درس",
  tutors: {
    title: "مدرسين إنجليزي أونلاين | درس",
    description:
      "اختار مدرّس إنجليزي موثوق واحجز حصة أونلاين في أقرب وقت فاضي ليه. شوف تقييمات المدرّسين وعدد حصصهم وفيديو التعريف.",
    listName: "مدرسين الإنجليزي على درس",
  },
  tutor: {
    /** In the tutor's gender (worker/seo/pages.ts picks the form). */
    title: {
      male: (name: string) => `${name} — مدرّس إنجليزي | درس`,
      female: (name: string) => `${name} — مدرّسة إنجليزي | درس`,
    },
    description: (name: string, bio: string | null) =>
      bio
        ? `${bio} — احجز حصة إنجليزي أونلاين مع ${name} على درس.`
        : `احجز حصة إنجليزي أونلاين مع ${name} على درس.`,
    jobTitle: { male: () => "مدرّس إنجليزي", female: () => "مدرّسة إنجليزي" },
  },
  notFound: {
    title: "الصفحة مش موجودة | درس",
  },
} as const;
