/**
 * The admin area: its screens (ar-EG-admin-area.ts), staff powers (ar-EG-staff.ts), figures and charts (ar-EG-admin-figures.ts) and the server stats, in Arabic (Egypt): imported by the screens that show them, so they load with those
 * screens' chunks and not in every first load. The shell's strings are in web/src/i18n/ar-EG.ts (ar).
 */
import { adminArea } from "./ar-EG-admin-area";
import { adminFigures, charts, table } from "./ar-EG-admin-figures";
import { staff } from "./ar-EG-staff";
import { ar } from "./ar-EG";
import { counts } from "./ar-EG-counts";
import { countOf } from "../lib/plural";

export const arAdmin = {
  adminArea,
  staff,
  adminFigures,
  charts,
  table,
  /** The admin area under /admin (docs/product.md §2 and §6: admins only). */
  admin: {
    nav: ar.nav.admin,
    navLabel: "أقسام لوحة الإدارة",
    homeTitle: "لوحة الإدارة",
    homeIntro: "اختر قسمًا من أقسام لوحة الإدارة.",
    overview: "نظرة عامة",
    serverStats: {
      nav: "إحصاءات المنصة",
      title: "إحصاءات المنصة المباشرة",
      intro: "أرقام المنصة لحظة بلحظة، تتحدّث تلقائيًا كل ثوانٍ قليلة ما دامت هذه الصفحة مفتوحة.",
      usersOnline: "المستخدمين المتصلين دلوقتي",
      lessonsHappeningNow: "حصص شغالة دلوقتي",
      requestsPerMinute: "الطلبات في الدقيقة",
      pendingWithdrawals: "طلبات سحب تنتظر المراجعة",
      paymentsToday: "مدفوعات النهارده",
      paymentsTodayCount: (count: number) => countOf(counts.payments, count),
      lastUpdated: "آخر تحديث:",
      waiting: "مستنيين أول تحديث…",
      live: "التحديث المباشر يعمل",
      connecting: "بنوصّل بالتحديث المباشر…",
      disconnected: "التحديث المباشر اتقطع، بنوصّل تاني… الأرقام اللي قدامك ممكن تكون قديمة.",
      figuresLabel: "أرقام المنصة",
    },
  },
} as const;
