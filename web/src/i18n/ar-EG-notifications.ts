/**
 * «الإشعارات» in the student's and tutor's settings (docs/rules.md, "Notifications: channels,
 * preferences, quiet hours"): each kind × channel, the kinds that always go, and quiet hours.
 * The kinds' names match the unsubscribe page's (worker/notifications/unsubscribe-page.ts).
 */
export const notificationsText = {
  title: "الإشعارات",
  intro: "اختار كل نوع من الإشعارات يوصلك فين. اللي بتقفله مش هيوصلك على القناة دي.",
  kindsLabel: "أنواع الإشعارات والقنوات",
  kindColumn: "النوع",
  kinds: {
    "lesson-reminders": "تذكير بالحصص والمواعيد",
    "booking-changes": "الحجز والتغييرات",
    messages: "الرسايل",
    payments: "المدفوعات",
    onboarding: "خطوات الانضمام كمدرّس",
    "weekly-minutes": "دقايقك الأسبوعية",
    marketing: "العروض والأخبار",
    security: "أكواد الأمان",
    receipts: "إيصالات الدفع",
  },
  kindHints: {
    "lesson-reminders": "قبل كل حصة أو مقابلة أو جلسة تصوير بيوم وبساعة، ومش بيستنى ساعات الهدوء.",
    onboarding: "مواعيد المقابلة والحصة التجريبية وجلسة التصوير ونتايجها.",
  } as Record<string, string>,
  channels: {
    push: "إشعارات الموبايل",
    whatsapp: "واتساب",
    telegram: "تليجرام",
    email: "البريد",
  },
  /** The checkbox's name for screen readers: «الرسايل على البريد». */
  cell: (kind: string, channel: string) => `${kind} على ${channel}`,
  required: "لازم توصلك",
  requiredHint: "أكواد الأمان وإيصالات الدفع بتوصلك دايمًا على البريد وتطبيق الرسايل بتاعك.",
  noApp: "عايز الإشعارات على واتساب أو تليجرام؟ أكّد رقم موبايلك واختار التطبيق من بيانات حسابك.",
  quiet: {
    title: "ساعات الهدوء",
    hint: "في الساعات دي بنأجّل الإشعارات لحد ما تخلص، بتوقيتك. التذكير بالحصص وأكواد الأمان بيوصلوا على طول.",
    on: "شغّل ساعات الهدوء",
    from: "من",
    to: "لحد",
  },
  save: "احفظ الإشعارات",
  saving: "بنحفظ…",
  saved: "حفظنا اختياراتك للإشعارات",
  loadFailed: "ما قدرناش نجيب اختياراتك للإشعارات. حدّث الصفحة وجرّب تاني",
} as const;
