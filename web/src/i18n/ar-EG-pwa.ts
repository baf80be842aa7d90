/**
 * The installed app's strings (docs/phone.md): the install prompt, the new-version notice, the
 * offline page the service worker answers with, and the saved lessons' time
 * (web/src/features/pwa/). The worker's bundle imports this table too (web/src/features/pwa/offline-page.ts).
 */
export const arPwa = {
  /** The region that holds the install prompt and the update notice. */
  region: "تنبيهات التطبيق",
  install: {
    title: "نزّل «درس» على موبايلك",
    body: "افتح حصصك والمدرّسين بلمسة من الشاشة الرئيسية، وشوف حصصك الجاية حتى لو النت فصل.",
    accept: "نزّل التطبيق",
    dismiss: "مش محتاجه",
  },
  update: {
    title: "تحديث جديد متاح",
    body: "حدّث الصفحة عشان تاخد آخر نسخة من «درس».",
    apply: "حدّث",
    later: "بعدين",
  },
  offline: {
    /** The page's <title> and heading. */
    title: "إنت أوفلاين دلوقتي",
    body: "الصفحة دي مش محفوظة على جهازك، ومحتاجة نت عشان تفتح.",
    hint: "حصصك الجاية متاحة من غير نت لو فتحتها قبل كده.",
    retry: "جرّب تاني",
    lessons: "حصصي",
    home: "الصفحة الرئيسية",
  },
  /** Over the upcoming lessons shown offline: when the list was last received. */
  lastUpdated: (when: string) => `آخر تحديث ${when}`,
} as const;
