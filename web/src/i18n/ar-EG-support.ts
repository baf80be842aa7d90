/**
 * Problem reports and contact requests, imported by the screens that show them. The public
 * site's links (header menu, footer) are in ar-EG.ts; the marketing pages' long texts are in
 * ar-EG-marketing-*.ts.
 */
export const support = {
  report: {
    title: "الإبلاغ عن مشكلة",
    intro: "احكِ لنا إيه اللي حصل، وفريق درس هيراجع البلاغ. ممكن ترفق صورة للشاشة لو هتوضّح المشكلة.",
    titleLabel: "عنوان المشكلة",
    titleHint: "من ٥ إلى ١٢٨ حرفًا، مثلًا: زر الحجز لا يستجيب",
    descriptionLabel: "وصف المشكلة",
    descriptionHint: "من ١٠ إلى ١٠٠٠ حرف: إيه اللي عملته، وإيه اللي كنت متوقعه، وإيه اللي حصل فعلًا",
    screenshotLabel: "صورة للشاشة (اختياري)",
    screenshotHint: "صورة PNG أو JPG أو WebP أو GIF حتى ٨ ميجابايت",
    chooseScreenshot: "اختر صورة للشاشة",
    removeScreenshot: "إزالة الصورة",
    includeLog: "إرفاق معلومات تقنية تساعدنا (نوع المتصفح، الصفحة الحالية، حجم الشاشة، وآخر الأخطاء)",
    send: "إرسال البلاغ",
    sending: "جارٍ الإرسال…",
    sent: "وصلنا بلاغك، شكرًا لك. هنراجعه في أقرب وقت.",
  },

  adminReports: {
    nav: "البلاغات",
    title: "بلاغات المشكلات",
    intro:
      "المشكلات التي أبلغ عنها المستخدمون، الأحدث أولًا. علّم البلاغ كمحلول بعد معالجته، واكتب ملاحظة بما تم.",
    filterLabel: "حالة البلاغ",
    all: "الكل",
    statuses: { open: "مفتوح", resolved: "تم الحل" } as Record<"open" | "resolved", string>,
    empty: "لا توجد بلاغات بهذه الحالة.",
    listLabel: "قائمة البلاغات",
    from: "من:",
    anonymous: "مستخدم محذوف أو غير معروف",
    sentOn: (date: string) => `أُرسل ${date}`,
    resolvedOn: (date: string) => `تم الحل ${date}`,
    page: "الصفحة:",
    browser: "المتصفح:",
    source: "جاء من رابط:",
    screenshot: "عرض صورة الشاشة",
    log: "عرض المعلومات التقنية",
    noteLabel: "ملاحظة الفريق",
    noteHint: "حتى ١٠٠٠ حرف. تظهر للإدارة فقط.",
    saveNote: "حفظ الملاحظة",
    resolve: "تم الحل",
    reopen: "إعادة فتح",
    saved: "تم حفظ البلاغ",
  },

  contact: {
    formTitle: "أرسل لنا رسالة",
    nameLabel: "الاسم",
    emailLabel: "البريد الإلكتروني",
    phoneLabel: "رقم الموبايل",
    replyHint: "اكتب البريد الإلكتروني أو رقم الموبايل أو الاثنين، عشان نقدر نرد عليك.",
    titleLabel: "الموضوع",
    titleHint: "من ٥ إلى ١٢٨ حرفًا",
    messageLabel: "رسالتك",
    messageHint: "من ١٠ إلى ١٠٠٠ حرف",
    send: "إرسال الرسالة",
    sentTitle: "وصلتنا رسالتك",
    sent: "شكرًا لتواصلك مع درس. هنرد عليك على البريد أو الموبايل اللي كتبته.",
    rateLimited: "استقبلنا رسالة منك مؤخرًا. تقدر ترسل رسالة جديدة بعد ٦ ساعات من آخر رسالة.",
  },
};
