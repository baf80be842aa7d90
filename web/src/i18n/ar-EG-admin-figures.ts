/**
 * The admin area's figures and charts (/admin), the tables of its long lists, and the texts of the
 * shared chart and table components (web/src/ui/charts.tsx, data-table.tsx), spread into `ar` by
 * ar-EG.ts.
 */
import { countOf } from "../lib/plural";
import { counts } from "./ar-EG-counts";

export const adminFigures = {
  title: "لوحة الإدارة",
  intro: "أرقام النهارده والشهر ده ورسومها على أيام القاهرة. باقي الأقسام في قائمة لوحة الإدارة.",
  today: (day: string) => `النهارده — ${day}`,
  thisMonth: (month: string) => `الشهر ده — ${month}`,
  lessons: "الحصص",
  revenue: "الإيرادات",
  newStudents: "طلاب جدد",
  activeTutors: "مدرّسون نشطون",
  hints: {
    lessons: "حصص غير ملغاة تبدأ في الفترة",
    revenue: "المدفوع ناقص المسترد",
    newStudents: "حسابات طلاب أُنشئت في الفترة",
    activeTutors: "مدرّسون لهم حصة واحدة على الأقل",
  },
  charts: "الرسوم البيانية",
  database: {
    heading: "مساحة قاعدة البيانات",
    used: (used: string, limit: string) => `${used} من ${limit}`,
    meter: "المستخدم من مساحة قاعدة البيانات",
    gigabytes: (n: string) => `${n} جيجابايت`,
    megabytes: (n: string) => `${n} ميجابايت`,
    calm: "لسه بدري على خطة السعة.",
    split:
      "عدّينا ربع المساحة: وقت نقل الإشعارات والسجلات والإحصائيات وكلمات الطلاب لقاعدة بيانات لوحدها (خطة السعة، الخطوة التانية).",
    coldLessons:
      "عدّينا نص المساحة: وقت نقل الدروس اللي عدّى عليها سنتين من الجدول الأساسي (خطة السعة، الخطوة الرابعة).",
  },
  lessonsPerDay: (days: number) => `الحصص كل يوم — ${countOf(counts.lastDays, days)}`,
  revenuePerMonth: (months: number) => `الإيرادات كل شهر — ${countOf(counts.lastMonths, months)}`,
  newStudentsPerWeek: (weeks: number) => `الطلاب الجداد كل أسبوع — ${countOf(counts.lastWeeks, weeks)}`,
  activeTutorsPerWeek: (weeks: number) => `المدرّسين النشطين كل أسبوع — ${countOf(counts.lastWeeks, weeks)}`,
  weekOf: (day: string) => `أسبوع ${day}`,
  chartsNote: "الرسوم تُقرأ من اليمين: أقدم فترة على اليمين وأحدثها على اليسار.",
  /** The admin tables' texts. */
  tables: {
    users: "جدول المستخدمين",
    name: "الاسم",
    email: "البريد الإلكتروني",
    role: "الدور",
    state: "الحالة",
    joined: "تاريخ الانضمام",
    plans: "جدول الباقات",
    weeklyMinutes: "الدقائق أسبوعيًا",
    basePrice: "سعر الشهر الأساسي",
    monthPrice: "سعر الشهر",
    quarterPrice: "سعر ٣ شهور",
    yearPrice: "سعر السنة",
    actions: "إجراءات",
    editPlan: (plan: string) => `تعديل ${plan}`,
    deletePlan: (plan: string) => `حذف ${plan}`,
    invoices: "جدول طلبات السحب",
    reports: "جدول البلاغات",
    searchInvoices: "بحث باسم المدرّس أو بريده أو صاحب الحساب",
    tutor: "المدرّس",
    amount: "المبلغ",
    destination: "التحويل إلى",
    status: "الحالة",
    requested: "تاريخ الطلب",
    statusNoteReceipt: "الحالة والملاحظة",
    searchReports: "بحث في عنوان البلاغ أو نصه أو اسم صاحبه أو بريده",
    reportTitle: "البلاغ",
    reporter: "المُبلِّغ",
    sent: "تاريخ الإرسال",
    attachments: "المرفقات",
    teamNote: "ملاحظة الفريق",
    none: "—",
    untitled: "بلاغ بدون عنوان",
    tutors: "جدول المدرّسين",
    searchTutors: "ابحث باسم المدرّس",
    listing: "الظهور للطلاب",
    lessons: "جدول الحصص",
    searchLessons: "ابحث باسم المدرّس أو الطالب",
    student: "الطالب",
    lessonTime: "الموعد",
    duration: "المدة",
    price: "السعر",
    coupons: "جدول الكوبونات",
    searchCoupons: "ابحث بجزء من الكود",
    code: "الكود",
    discount: "الخصم",
    expires: "ينتهي في",
    uses: "الاستخدام",
  },
};

/** The chart components' texts (web/src/ui/charts.tsx). */
export const charts = {
  period: "الفترة",
  peak: (value: string, label: string) => `الأعلى: ${value} (${label})`,
};

/** The data table's texts (web/src/ui/data-table.tsx) and the table search box. */
export const table = {
  empty: "مفيش نتايج.",
  searching: "بندوّر…",
};
