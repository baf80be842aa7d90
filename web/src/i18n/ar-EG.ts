/**
 * Every user-visible string of the SPA, in Arabic (Egypt). Typed records over the shared enums
 * and error codes, so a new code or value without an Arabic text fails the type check.
 */
import { Gender, Governorate, MessagingApp, Role } from "@schema/enums";
import { errorMessage as apiErrorMessages, isErrorCode, type ErrorCode } from "@schema/errors";

export const ar = {
  appName: "درس",
  appTagline: "تعلّم الإنجليزي أونلاين",

  ui: {
    loading: "جارٍ التحميل…",
    close: "إغلاق",
    closeNotification: "إغلاق الإشعار",
    save: "حفظ",
    saving: "جارٍ الحفظ…",
    cancel: "إلغاء",
    back: "رجوع",
    next: "التالي",
    retry: "حاول مرة أخرى",
    required: "مطلوب",
    soon: "قريبًا",
    verified: "موثَّق",
    notVerified: "غير موثَّق",
    optional: "اختياري",
    showPassword: "إظهار كلمة المرور",
  },

  nav: {
    main: "التنقل الرئيسي",
    home: "الرئيسية",
    login: "تسجيل الدخول",
    register: "إنشاء حساب",
    dashboard: "لوحة التحكم",
    studentSettings: "الإعدادات",
    tutorAccountSettings: "إعدادات الحساب",
    completeProfile: "استكمال الملف الشخصي",
    mailbox: "صندوق البريد التجريبي",
    account: "حسابي",
    signOut: "تسجيل الخروج",
    skipToContent: "تخطَّ إلى المحتوى",
  },

  roles: {
    [Role.SuperAdmin]: "مدير عام",
    [Role.RegularAdmin]: "مدير",
    [Role.Tutor]: "مدرّس",
    [Role.Student]: "طالب",
    [Role.TutorManager]: "مسؤول المدرّسين",
    [Role.Studio]: "استوديو",
  } satisfies Record<Role, string>,

  home: {
    title: "اتكلّم إنجليزي بثقة، مع مدرّس يفهمك",
    intro:
      "«درس» بيوصّلك بمدرّسين إنجليزي تمّت مقابلتهم واختيارهم بعناية، في حصص فيديو فردية من بيتك. اختار المدرّس والميعاد المناسبين لك، وادفع بالجنيه المصري.",
    points: [
      "حصص فردية مدتها ١٥ أو ٣٠ دقيقة على حسب وقتك",
      "كل المدرّسين بيعدّوا بمقابلة وحصة تجريبية قبل ما يبدأوا",
      "باقات دقائق أسبوعية بأسعار واضحة بالجنيه المصري",
    ],
    studentCta: "ابدأ كطالب",
    tutorCta: "انضم كمدرّس",
    haveAccount: "عندك حساب؟",
    goToDashboard: "اذهب إلى لوحة التحكم",
  },

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

  login: {
    title: "تسجيل الدخول",
    subtitle: "أهلًا بعودتك إلى «درس»",
    submit: "دخول",
    forgotPassword: "نسيت كلمة المرور؟",
    noAccount: "ليس لديك حساب؟",
    registerStudent: "سجّل كطالب",
    registerTutor: "سجّل كمدرّس",
    or: "أو",
    googleUnavailable: "تعذّر تحميل تسجيل الدخول بحساب جوجل. استخدم البريد وكلمة المرور.",
    welcome: "تم تسجيل الدخول",
  },

  register: {
    studentTitle: "إنشاء حساب طالب",
    tutorTitle: "إنشاء حساب مدرّس",
    studentSubtitle: "ابدأ رحلتك مع الإنجليزي في دقائق.",
    tutorSubtitle: "علّم الإنجليزي لطلاب من كل مصر.",
    submit: "إنشاء الحساب",
    haveAccount: "لديك حساب بالفعل؟",
    switchToStudent: "تريد التسجيل كطالب؟",
    switchToTutor: "تريد التسجيل كمدرّس؟",
    created: "تم إنشاء حسابك",
  },

  forgotPassword: {
    title: "استعادة كلمة المرور",
    stepsLabel: "خطوات استعادة كلمة المرور",
    steps: ["البريد الإلكتروني", "رمز التحقق", "كلمة مرور جديدة"],
    stepOf: (step: number, total: number) => `الخطوة ${step} من ${total}`,
    emailIntro: "اكتب بريدك الإلكتروني وسنرسل لك رمزًا من ٥ أرقام.",
    sendCode: "أرسل الرمز",
    codeIntro: "أرسلنا رمزًا إلى",
    codeSentNote: "إن كان هذا البريد مسجَّلًا لدينا فستجد الرسالة خلال دقيقة. راجع مجلد الرسائل غير المرغوب فيها أيضًا.",
    resend: "إعادة إرسال الرمز",
    resent: "أرسلنا رمزًا جديدًا",
    changeEmail: "تغيير البريد",
    continue: "متابعة",
    passwordIntro: "اختر كلمة مرور جديدة لحسابك.",
    submit: "حفظ كلمة المرور والدخول",
    done: "تم تغيير كلمة المرور وتسجيل دخولك",
    backToLogin: "العودة لتسجيل الدخول",
  },

  profile: {
    completeTitle: "استكمل ملفك الشخصي",
    completeIntro: "هذه البيانات تساعدنا نرشّح لك المناسب ونبلغك بمواعيد حصصك.",
    completeSubmit: "حفظ ومتابعة",
    saved: "تم حفظ بياناتك",
    avatar: "الصورة الشخصية",
    avatarHint: "صورة JPG أو PNG أو GIF، حتى ٨ ميجابايت، ويُفضَّل ٤٨٠×٤٨٠ بكسل على الأقل.",
    avatarAlt: "صورتك الشخصية",
    chooseAvatar: "اختر صورة",
    uploading: "جارٍ رفع الصورة",
    uploadProgress: (percent: string) => `تم رفع ${percent}`,
    uploaded: "تم تحديث صورتك",
    abortUpload: "إيقاف الرفع",
    uploadAborted: "تم إيقاف رفع الصورة",
    changePassword: "تغيير كلمة المرور",
    setPassword: "تعيين كلمة مرور",
    setPasswordIntro: "حسابك مرتبط بجوجل. يمكنك تعيين كلمة مرور للدخول بالبريد أيضًا.",
    passwordChanged: "تم تغيير كلمة المرور",
  },

  settings: {
    studentTitle: "الإعدادات",
    tutorTitle: "إعدادات الحساب",
    tabsLabel: "أقسام الإعدادات",
    profileTab: "البيانات الشخصية",
    passwordTab: "كلمة المرور",
    verificationTab: "التحقق",
  },

  verification: {
    title: "حالة التحقق",
    email: "البريد الإلكتروني",
    phone: "رقم الموبايل",
    noPhone: "لم تُضِف رقمًا بعد",
    verifyEmail: "تأكيد البريد",
    verifyPhone: "تأكيد الرقم",
    changePhone: "تغيير الرقم",
    emailDialogTitle: "تأكيد البريد الإلكتروني",
    emailDialogIntro: "سنرسل رمزًا من ٥ أرقام إلى",
    phoneDialogTitle: "تأكيد رقم الموبايل",
    phoneDialogIntro: "اكتب رقمك واختر التطبيق الذي تريد استلام الرمز عليه.",
    sendCode: "أرسل الرمز",
    codeSentTo: "أرسلنا الرمز إلى",
    confirm: "تأكيد",
    resend: "إعادة الإرسال",
    resent: "أرسلنا رمزًا جديدًا",
    changeNumber: "تغيير الرقم",
    emailVerified: "تم تأكيد بريدك الإلكتروني",
    phoneVerified: "تم تأكيد رقم موبايلك",
    studentNeedsEmail: "لازم تأكد بريدك قبل ما تحجز حصة أو تراسل مدرّس.",
    tutorNeedsBoth: "لازم تأكد بريدك ورقم موبايلك عشان توصلك الحجوزات.",
  },

  dashboard: {
    greeting: "أهلًا،",
    greetingFallback: "أهلًا بك في «درس»",
    nextStepTitle: "خطوتك التالية",
    completeProfile: "استكمل ملفك الشخصي (الاسم وسنة الميلاد والنوع والمحافظة وتطبيق الإشعارات).",
    completeProfileAction: "استكمال الملف",
    verifyEmail: "أكّد بريدك الإلكتروني برمز نرسله لك.",
    verifyPhone: "أكّد رقم موبايلك على واتساب أو تيليجرام.",
    studentReady: "حسابك جاهز. حجز الحصص مع المدرّسين سيتوفر هنا.",
    tutorOnboarding: "التالي هو التأهيل: الانضمام لمجموعة الدعم، فيديو تعريفي، مقابلة، حصة تجريبية، وجلسة تصوير.",
    tutorActivated: "حسابك كمدرّس مُفعَّل.",
    comingSoonTitle: "قريبًا في «درس»",
    studentSoon: ["قائمة المدرّسين وحجز الحصص", "الحصص القادمة وجدول الحصص", "الباقات والدفع", "المحادثات"],
    tutorSoon: ["صفحة التأهيل", "إدارة المواعيد المتاحة", "الحصص القادمة", "الأرباح وطلبات السحب", "المحادثات"],
  },

  mailbox: {
    title: "صندوق البريد التجريبي",
    intro: "كل الرسائل التي يرسلها الخادم المحلي (بريد وواتساب وتيليجرام)، ومنها رموز التحقق. يتحدّث كل ٣ ثوانٍ.",
    filterLabel: "تصفية حسب العنوان",
    filterHint: "بريد إلكتروني أو رقم موبايل",
    clearFilter: "عرض الكل",
    empty: "لا توجد رسائل بعد.",
    to: "إلى",
    code: "الرمز",
    copyCode: "نسخ الرمز",
    copied: "تم نسخ الرمز",
    total: (count: string) => `عدد الرسائل: ${count}`,
    channels: { email: "بريد", whatsapp: "واتساب", telegram: "تيليجرام" },
    statuses: { pending: "في الانتظار", sent: "أُرسلت", failed: "فشلت" },
    localOnly: "صندوق البريد التجريبي متاح فقط عند تشغيل «درس» محليًا.",
  },

  errors: {
    crashTitle: "حدث خطأ غير متوقع",
    crashBody: "تعذّر عرض هذه الصفحة. جرّب إعادة تحميلها، وإن تكرر الخطأ عُد إلى الصفحة الرئيسية.",
    reload: "إعادة تحميل الصفحة",
    goHome: "العودة للرئيسية",
    notFoundTitle: "الصفحة غير موجودة",
    notFoundBody: "الرابط الذي فتحته غير صحيح أو لم يعد موجودًا.",
    notAllowed: "غير مسموح لك بهذا الإجراء",
    sessionEnded: "انتهت جلستك، سجّل الدخول مرة أخرى",
    loadFailed: "تعذّر تحميل البيانات",
    unknown: "حدث خطأ غير متوقع. حاول مرة أخرى.",
    offline: "تعذّر الاتصال بالخادم. تأكد من اتصالك بالإنترنت وحاول مرة أخرى.",
  },
} as const;

/** Client-side form checks that have no API error code. */
export const clientErrorMessages = {
  required: "هذا الحقل مطلوب",
  "password-mismatch": "كلمتا المرور غير متطابقتين",
  "invalid-image-type": "اختر صورة بصيغة JPG أو PNG أو GIF",
} as const;
export type ClientErrorCode = keyof typeof clientErrorMessages;

/** An Arabic message for every code the API can answer with: one catalogue, in schema/errors.ts. */
export const errorMessages: Record<ErrorCode, string> = apiErrorMessages;

/** The 30 governorates (spec 3), by their wire value. */
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
  // The spec lists Minufiya beside Monufia (the same governorate spelled twice); kept so stored values still show.
  [Governorate.Minufiya]: "المنوفية (Minufiya)",
  [Governorate.Helwan]: "حلوان",
  [Governorate.GizaCity]: "مدينة الجيزة",
};

/** The Arabic message of an API or form error code; unknown codes get the generic message. */
export function errorMessage(code: string | undefined | null): string {
  if (!code) return errorMessages.unexpected;
  if (isErrorCode(code)) return errorMessages[code];
  if (Object.hasOwn(clientErrorMessages, code)) return clientErrorMessages[code as ClientErrorCode];
  return errorMessages.unexpected;
}
