/**
 * The data export and consent pieces of the settings (docs/rules.md, "Your data: export,
 * consents, retention"): «تنزيل بياناتي» and «موافقاتك», and the marketing opt-in on registration.
 */
export const privacyData = {
  exportCard: {
    title: "تنزيل بياناتي",
    intro:
      "تقدر تاخد نسخة من كل البيانات اللي درس شايلها عنك: حسابك وأجهزتك وحصصك ومدفوعاتك ورسايلك إنت في الشات وتقييماتك وبلاغاتك والرسايل اللي بعتناها لك وموافقاتك والملفات اللي رفعتها. هنجهّزها في ملف مضغوط ونبعتلك أول ما تخلص، وتفضل متاحة للتنزيل ٧ أيام.",
    once: "تقدر تطلب نسخة واحدة كل ٢٤ ساعة.",
    request: "اطلب نسخة من بياناتي",
    requested: "طلبنا النسخة. هنبعتلك أول ما تجهز، وغالبًا مش هتاخد غير دقايق.",
    listLabel: "طلبات نسخ البيانات",
    empty: "لسه ما طلبتش نسخة من بياناتك.",
    requestedAt: (date: string) => `طلبتها ${date}`,
    until: (date: string) => `متاحة لحد ${date}`,
    states: {
      pending: "بتتجهز…",
      ready: "جاهزة",
      failed: "ما اتجهزتش. اطلبها تاني",
      expired: "مدتها خلصت",
    },
    download: "نزّل الملف",
    downloadFailed: "ما قدرناش ننزّل الملف. جرّب تاني",
    pages: "صفحات طلبات نسخ البيانات",
  },
  consentsCard: {
    title: "موافقاتك",
    intro: "إنت اللي بتقرر. تقدر تغيّر أي اختيار هنا في أي وقت، وسحب الموافقة سهل زي إعطائها بالظبط.",
    analytics: "الإحصائيات (Google Analytics و Microsoft Clarity)",
    analyticsHint: "بتساعدنا نعرف إزاي الموقع بيتستخدم ونحسّنه. مش بنشغّلها غير لو وافقت.",
    marketing: "رسايل العروض والأخبار",
    marketingHint: "نبعتلك عروض وأخبار درس على بريدك أو واتساب. مقفولة لحد ما تفتحها بنفسك.",
    saved: "حفظنا اختيارك",
    since: (date: string) => `آخر تغيير ${date}`,
  },
  registerOptIn: "ابعتولي عروض وأخبار درس (تقدر تلغيها في أي وقت من الإعدادات)",
} as const;
