/**
 * The core strings of the SPA, in Arabic (Egypt): the shell (header, footer, menus, banners),
 * common UI words, form fields and errors, loaded with every page. Each area's screens import
 * their own table, so its strings load with their chunks: ar-EG-auth.ts, ar-EG-lessons.ts,
 * ar-EG-live.ts, ar-EG-payments.ts, ar-EG-profile.ts, ar-EG-tutor-journey.ts, ar-EG-admin.ts,
 * ar-EG-support.ts, ar-EG-counts.ts, ar-EG-marketplace.ts, the marketing pages'
 * ar-EG-marketing-*.ts (tests read all of them merged through ar-EG-all.ts). Typed records over
 * the shared enums and error codes, so a new code or value without an Arabic text fails the type
 * check.
 */
import { Gender, Governorate, MessagingApp, Role } from "@schema/enums";
import { isErrorCode, type ErrorCode } from "@schema/errors";

export const ar = {
  appName: "درس",
  appTagline: "تعلّم الإنجليزي أونلاين",

  /** The frame around every screen: the phone menu, loading placeholders, the offline banner, the leave warning. */
  shell: {
    menu: {
      open: "افتح القائمة",
      close: "اقفل القائمة",
      label: "القائمة",
    },
    loading: {
      list: "بنحمّل القائمة…",
      page: "بنحمّل الصفحة…",
    },
    offline: "إنت أوفلاين دلوقتي. هنكمّل أول ما النت يرجع.",
    uploadLeaveWarning: "لسه بنرفع الملف. لو قفلت الصفحة دلوقتي الرفع هيقف.",
    /** /session while it looks for the next lesson, interview or demo session (web/src/pages/session-redirect). */
    findingSession: "بندوّر على حصتك الجاية…",
    /** The local-only phone frame (web/src/features/dev/simulated-mobile.tsx). */
    simulatedMobile: (width: string) => `شاشة موبايل (${width} بكسل)`,
    devTools: "أدوات التطوير المحلي",
  },

  /** Dates near today in words (web/src/lib/format.ts). */
  relativeDays: { yesterday: "امبارح", today: "النهارده", tomorrow: "بكرة" },

  /** The public site's links, in the visitor's header menu and the footer. */
  footer: {
    label: "روابط الموقع",
    about: "عن درس",
    method: "طريقتنا في التدريس",
    pricing: "الأسعار",
    tutors: "المدرّسون",
    becomeTutor: "انضم كمدرّس",
    faq: "الأسئلة الشائعة",
    contact: "تواصل معنا",
    terms: "الشروط والأحكام",
    privacy: "سياسة الخصوصية",
    product: "المنصة",
    help: "المساعدة",
    legal: "قانوني",
    rights: (year: string) => `© ${year} درس. كل الحقوق محفوظة.`,
    /** The notifications channel (a platform setting), shown only when set. */
    notificationsChannel: "تابع قناة إشعارات درس",
    notificationsChannelHint: "(بيفتح في تطبيق المراسلة)",
  },

  ui: {
    loading: "بنحمّل…",
    close: "إغلاق",
    closeNotification: "إغلاق الإشعار",
    save: "حفظ",
    saving: "بنحفظ…",
    cancel: "إلغاء",
    back: "رجوع",
    next: "التالي",
    previous: "السابق",
    pageOf: (page: string, pages: string) => `صفحة ${page} من ${pages}`,
    /** A capped total (worker/core/capped-count.ts): more pages exist than `pages`. */
    pageOfMore: (page: string, pages: string) => `صفحة ${page} من أكتر من ${pages}`,
    /** A capped total's count: «أكتر من ١٬٠٠٠ مدرّس». */
    moreThan: (counted: string) => `أكتر من ${counted}`,
    /** Under a capped list's deepest page served (lastServedPage, schema/api/common.ts). */
    narrowToSeeMore: "عشان تشوف أكتر، ضيّق البحث بالفلاتر",
    /** A hand-typed page past the deepest one served (page-too-deep): back to the deepest one. */
    deepestPage: "روح لآخر صفحة",
    first: "الأولى",
    last: "الأخيرة",
    goToPage: "انتقل إلى صفحة",
    go: "انتقال",
    retry: "جرّب تاني",
    required: "مطلوب",
    verified: "موثَّق",
    notVerified: "غير موثَّق",
    optional: "اختياري",
    showPassword: "إظهار كلمة المرور",
    /** The signed-in person's photo in the header. */
    avatarAlt: "صورتك الشخصية",
    /** The Turnstile check on the sign-in and sign-up forms. */
    captcha: "تحقق أنك لست روبوتًا",
  },

  nav: {
    main: "التنقل الرئيسي",
    home: "الرئيسية",
    login: "تسجيل الدخول",
    register: "إنشاء حساب",
    dashboard: "لوحة التحكم",
    studentSettings: "الإعدادات",
    tutorAccountSettings: "إعدادات الحساب",
    schedule: "مواعيدي",
    tutorProfile: "الملف التعريفي",
    completeProfile: "استكمال الملف الشخصي",
    mailbox: "صندوق البريد التجريبي",
    account: "حسابي",
    signOut: "تسجيل الخروج",
    skipToContent: "تخطَّ إلى المحتوى",
    /** Opens the problem report (web/src/i18n/ar-EG-support.ts has the dialog's words). */
    reportProblem: "الإبلاغ عن مشكلة",
    // The header's links into areas whose own strings load with their screens; those tables
    // (ar-EG-lessons.ts, ar-EG-payments.ts, ar-EG-tutor-journey.ts, ar-EG-admin.ts) refer to these.
    marketplace: { tutors: "المدرّسون", myLessons: "حصصي", plans: "الباقات" },
    lessonsSchedule: "جدول الحصص",
    /** /favourites (web/src/i18n/ar-EG-favourites.ts has the screen's words). */
    favourites: "المدرّسين المحفوظين",
    /** /past-lessons (web/src/i18n/ar-EG-notes.ts has the screen's words). */
    pastLessons: "دروسي السابقة",
    payments: "المدفوعات",
    invoices: "الأرباح",
    studio: "جلسات التصوير",
    admin: "لوحة الإدارة",
    adminAccountSettings: "إعدادات حسابي",
    onboarding: "خطوات الانضمام",
    managerReviews: "مراجعات المدرّسين",
    /** «كلماتي», the student's words from lesson notes (web/src/i18n/ar-EG-words.ts). */
    words: "كلماتي",
    /** «تقدّمي», the student's progress and level (web/src/i18n/ar-EG-learning-progress.ts). */
    progress: "تقدّمي",
  },

  roles: {
    [Role.SuperAdmin]: "مدير عام",
    [Role.RegularAdmin]: "مدير",
    [Role.Tutor]: "مدرّس",
    [Role.Student]: "طالب",
    [Role.TutorManager]: "مسؤول المدرّسين",
    [Role.Studio]: "استوديو",
  } satisfies Record<Role, string>,

  fields: {
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    newPassword: "كلمة المرور الجديدة",
    currentPassword: "كلمة المرور الحالية",
    confirmPassword: "تأكيد كلمة المرور",
    name: "الاسم",
    tutorNameHint: "اكتب اسمك بالعربي، كما سيظهر للطلاب.",
    birthYear: "سنة الميلاد",
    gender: "النوع",
    city: "المحافظة",
    chooseCity: "اختر المحافظة",
    notificationMethod: "تطبيق الإشعارات",
    phone: "رقم الموبايل",
    phoneHint: "رقم مصري يبدأ بـ 01",
    code: "رمز التحقق",
    codeHint: "الرمز مكوَّن من ٥ أرقام",
    passwordHint: "٨ أحرف على الأقل، وفيها رقم وحرف إنجليزي صغير ورمز، بدون مسافات.",
  },

  genders: {
    [Gender.Male]: "ذكر",
    [Gender.Female]: "أنثى",
  } satisfies Record<Gender, string>,

  messagingApps: {
    [MessagingApp.Whatsapp]: "واتساب",
    [MessagingApp.Telegram]: "تيليجرام",
  } satisfies Record<MessagingApp, string>,

  /** Paged lists (docs/product.md §9: 10 a page by default, the choice kept locally). */
  paging: {
    pageSize: "عدد العناصر في الصفحة",
  },

  errors: {
    crashTitle: "حدث خطأ غير متوقع",
    crashBody: "مقدرناش نعرض الصفحة دي. جرّب تحمّلها تاني، ولو الخطأ اتكرر ارجع للصفحة الرئيسية.",
    reload: "إعادة تحميل الصفحة",
    goHome: "ارجع للرئيسية",
    /** The same words as the page's title (ar-EG-seo.ts notFound.title), so the tab and the heading agree. */
    notFoundTitle: "الصفحة مش موجودة",
    notFoundBody: "الرابط اللي فتحته غلط أو الصفحة اتشالت. ارجع للرئيسية أو دوّر على مدرّس من هناك.",
    notAllowed: "غير مسموح لك بهذا الإجراء",
    sessionEnded: "انتهت جلستك، سجّل الدخول مرة أخرى",
    loadFailed: "مقدرناش نحمّل البيانات",
    unknown: "حدث خطأ غير متوقع. حاول مرة أخرى.",
    offline: "مقدرناش نوصل للسيرفر. اتأكد إن النت شغال وجرّب تاني.",
    saveLog: "تنزيل سجل التشخيص لإرساله للدعم",
  },
} as const;

/** Client-side form checks that have no API error code. */
export const clientErrorMessages = {
  required: "هذا الحقل مطلوب",
  "password-mismatch": "كلمتا المرور غير متطابقتين",
  "invalid-image-type": "اختر صورة بصيغة JPG أو PNG أو GIF",
  "contact-reply-needed": "اكتب البريد الإلكتروني أو رقم الموبايل عشان نقدر نرد عليك",
} as const;
export type ClientErrorCode = keyof typeof clientErrorMessages;

/**
 * The Arabic messages of the catalogue's codes known so far. The whole catalogue
 * (schema/error-messages.ts) is not in the first load (docs/performance.md): it is registered by
 * web/src/i18n/error-catalogue.ts, which the screens that can show a code of their own import
 * (forms, booking rules), which web/src/boot.tsx loads once the page has loaded, and which a sign-in
 * loads with its rules (web/src/i18n/load-error-catalogue.ts). A code the API answered with brings its own message
 * (web/src/lib/api-error.ts), and the codes the app raises by itself have the shell's words.
 */
const knownMessages: Partial<Record<ErrorCode, string>> = {
  unexpected: ar.errors.unknown,
  "service-unavailable": ar.errors.offline,
  unauthenticated: ar.errors.sessionEnded,
  forbidden: ar.errors.notAllowed,
};

/** Adds the catalogue's messages (schema/error-messages.ts) to the known ones. */
export function learnErrorMessages(messages: Partial<Record<ErrorCode, string>>): void {
  Object.assign(knownMessages, messages);
}

/** The message the API sent with a code, kept only while nothing better is known for it (the catalogue wins). */
export function rememberApiMessage(code: ErrorCode, message: string): void {
  knownMessages[code] ??= message;
}

/** The governorates by their wire value (docs/product.md §3); the three retired values (schema/enums.ts) are named as the governorate they mean. */
export const governorateNames: Record<Governorate, string> = {
  [Governorate.Cairo]: "القاهرة",
  [Governorate.Alexandria]: "الإسكندرية",
  [Governorate.Giza]: "الجيزة",
  [Governorate.Dakahlia]: "الدقهلية",
  [Governorate.Qalyubia]: "القليوبية",
  [Governorate.Sharkia]: "الشرقية",
  [Governorate.Beheira]: "البحيرة",
  [Governorate.Aswan]: "أسوان",
  [Governorate.Asyut]: "أسيوط",
  [Governorate.BeniSuef]: "بني سويف",
  [Governorate.PortSaid]: "بورسعيد",
  [Governorate.Suez]: "السويس",
  [Governorate.Minya]: "المنيا",
  [Governorate.Gharbia]: "الغربية",
  [Governorate.Ismailia]: "الإسماعيلية",
  [Governorate.KafrElSheikh]: "كفر الشيخ",
  [Governorate.Matrouh]: "مطروح",
  [Governorate.RedSea]: "البحر الأحمر",
  [Governorate.Sohag]: "سوهاج",
  [Governorate.Fayoum]: "الفيوم",
  [Governorate.Luxor]: "الأقصر",
  [Governorate.Qena]: "قنا",
  [Governorate.NewValley]: "الوادي الجديد",
  [Governorate.NorthSinai]: "شمال سيناء",
  [Governorate.SouthSinai]: "جنوب سيناء",
  [Governorate.Damietta]: "دمياط",
  [Governorate.Monufia]: "المنوفية",
  // Retired wire values: no form offers them; old rows show the governorate they mean.
  [Governorate.Minufiya]: "المنوفية",
  [Governorate.Helwan]: "القاهرة",
  [Governorate.GizaCity]: "الجيزة",
};

/** The Arabic message of an API or form error code; unknown codes get the generic message. */
export function errorMessage(code: string | undefined | null): string {
  const unexpected = knownMessages.unexpected ?? ar.errors.unknown;
  if (!code) return unexpected;
  if (isErrorCode(code)) return knownMessages[code] ?? unexpected;
  if (Object.hasOwn(clientErrorMessages, code)) return clientErrorMessages[code as ClientErrorCode];
  return unexpected;
}
