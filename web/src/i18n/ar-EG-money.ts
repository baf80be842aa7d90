/**
 * Cancelling a plan with its refund, refund states, receipts, free orders and the admin's
 * payments that need attention (imported by those screens directly).
 */
import { countOf } from "../lib/plural";
import { counts } from "./ar-EG-counts";

export const money = {
  cancel: {
    open: "إلغاء الاشتراك",
    title: "إلغاء الاشتراك واسترداد المبلغ",
    description: "هنلغي اشتراكك وكل حصصك الجاية، ونرجّعلك الجزء اللي ما استخدمتوش عن طريق فوري.",
    refund: "المبلغ اللي هيرجعلك",
    rule: "المدفوع ناقص الأسابيع اللي خلصت والدقائق اللي استخدمتها الأسبوع ده، محسوبة بسعر ساعة الحصة.",
    paid: "المدفوع",
    confirm: "أكّد الإلغاء",
    keep: "خليني مشترك",
    nothing: "مفيش مبلغ يرجع: استخدمت قيمة الاشتراك كلها، فمينفعش تلغيه.",
    done: (amount: string) => `ألغينا اشتراكك. بنرجّعلك ${amount} دلوقتي.`,
    doneNoPayment: "ألغينا اشتراكك.",
  },
  refundState: {
    refunding: (amount: string) => `بنرجّع ${amount} لوسيلة الدفع بتاعتك.`,
    // The amount ends with the currency's own dot («ج.م.»): nothing but a space may follow it.
    refunded: (amount: string) =>
      `رجّعنالك ${amount} على وسيلة الدفع بتاعتك، وممكن ياخد كام يوم عمل لحد ما يظهر في حسابك.`,
    failed: "فوري رفضت رد المبلغ المرة دي. هنحاول تاني تلقائيًا، ولو فضلت المشكلة فريق الدعم هيتابعها معاك.",
    refundedPart: (amount: string) => `المسترد: ${amount}`,
  },
  receipts: {
    open: "الإيصالات",
    title: (id: string) => `إيصالات العملية رقم ${id}`,
    none: "مفيش إيصالات للعملية دي لسه.",
    payment: "إيصال دفع",
    refund: "إيصال استرداد",
    number: "رقم الإيصال",
    date: "التاريخ",
    student: "الطالب",
    email: "البريد الإلكتروني",
    plan: "الباقة",
    planValue: (minutes: number, period: string) => `${countOf(counts.weeklyMinutes, minutes)} — ${period}`,
    periods: { 0: "شهر", 1: "٣ شهور", 2: "سنة" } as Record<number, string>,
    period: "مدة الاشتراك",
    from: (start: string, end: string) => `من ${start} إلى ${end}`,
    baseAmount: "سعر الباقة",
    coupon: "كود الخصم",
    couponValue: (code: string, percent: string) => `${code} (خصم ${percent})`,
    amountPaid: "المبلغ المدفوع",
    amountRefunded: "المبلغ المسترد",
    method: "طريقة الدفع",
    merchantRef: "رقم الطلب",
    fawryRef: "الرقم المرجعي في فوري",
    download: "نزّل PDF أو اطبع",
    pdfHint: "هتفتح نافذة الطباعة: اختار «حفظ بتنسيق PDF» عشان تنزّله، أو اطبعه على ورق.",
    close: "إغلاق",
    brand: "درس — دروس إنجليزي أونلاين",
    footer: "إيصال إلكتروني صادر من منصة درس، لا يحتاج إلى توقيع.",
  },
  free: {
    title: "الإجمالي صفر",
    body: "الخصم بيغطي سعر الباقة كله، فمش محتاج تدفع حاجة. فعّل الباقة دلوقتي.",
    start: "فعّل الباقة مجانًا",
  },
  card: {
    none: "مفيش بطاقة محفوظة. ضيف بطاقة وهترجع لنفس الطلب ده تكمّل الدفع.",
    add: "ضيف بطاقة",
    resumed: "رجعت لطلبك. اختار البطاقة واكتب رمز التحقق.",
  },
  admin: {
    nav: "المدفوعات",
    pageTitle: "المدفوعات",
    title: "تحتاج متابعة",
    subtitle:
      "مدفوعات محتاجة حد يبص عليها: دفعات اترجعت لأنها ما اشترتش حاجة، استردادات فوري رفضتها، وإشعارات مش مظبوطة.",
    empty: "مفيش حاجة محتاجة متابعة دلوقتي.",
    kinds: {
      "wrong-amount": "مبلغ مختلف عن الطلب",
      "other-customer": "إشعار باسم عميل تاني",
      "unknown-order": "إشعار لطلب مش عندنا",
      "bad-signature": "إشعار بتوقيع غلط",
      "unapplied-payment": "دفعة ما اتطبقتش (اترجعت تلقائيًا)",
      "refund-failed": "استرداد فوري رفضته",
    } as Record<string, string>,
    transaction: (id: string) => `العملية رقم ${id}`,
    order: "رقم الطلب",
    status: "حالة العملية",
    at: "وقت التنبيه",
    details: "التفاصيل",
    resolve: "تمت المتابعة",
    resolveTitle: "تسجيل المتابعة",
    note: "إيه اللي اتعمل؟",
    save: "احفظ",
    resolved: "اتسجلت المتابعة.",
    refund: "رد مبلغ",
    refundTitle: (id: string) => `رد مبلغ للعملية رقم ${id}`,
    refundAmount: "المبلغ (جنيه)",
    refundHint: (computed: string, remaining: string) =>
      `المحسوب حسب قاعدة الإلغاء: ${computed} — أقصى مبلغ: ${remaining}`,
    refundReason: "السبب (اختياري)",
    refundSubmit: "ابعت الاسترداد لفوري",
    refundSent: "اتبعت الاسترداد.",
    refundAlreadyMade:
      "العملية دي اترد منها مبلغ قبل كده. لو عايز فعلًا ترد مبلغ تاني فوق اللي اترد، أكّد من هنا.",
    refundConfirmAnother: "أيوه، رد مبلغ تاني",
    refundKeepOne: "لا، كفاية كده",
    stale: "طلبات ما اتسوّتش",
    staleHint:
      "طلبات عدّى على انتهائها أكتر من ساعة من غير ما فوري تأكد حالتها، أو استردادات جارية من أكتر من ساعة.",
    staleEmpty: "مفيش طلبات متعلّقة.",
    checkNow: "اسأل فوري دلوقتي",
  },
  /** «رسائل لم تصل» on /admin/payments: notifications every attempt of which failed. */
  deadDeliveries: {
    title: "رسائل لم تصل",
    hint: "إشعارات فشلت كل محاولات إرسالها (بريد، واتساب، تليجرام). ممكن تعيد إرسال أي رسالة بعد ما تتأكد إن العنوان أو الرقم سليم.",
    empty: "كل الرسائل وصلت.",
    channels: { email: "بريد إلكتروني", whatsapp: "واتساب", telegram: "تليجرام" } as Record<string, string>,
    attempts: (count: string) => `عدد المحاولات: ${count}`,
    lastError: "آخر خطأ",
    retry: "أعد الإرسال",
    retryLabel: (subject: string, recipient: string) => `أعد الإرسال: «${subject}» إلى ${recipient}`,
    retried: "رجعت الرسالة لطابور الإرسال.",
  },
};
