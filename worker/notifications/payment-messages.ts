// The Arabic texts of the payment notifications: refunds to the student, refund trouble and the
// daily digest to SuperAdmins (worker/domain/payments/refunds.ts). Money and numbers in Arabic
// digits, as on the screens (schema/arabic-numbers.ts).
import {
  arabicCount,
  arabicMinutes,
  arabicMoney,
  arabicNumber,
  arabicTimes,
} from "../../schema/arabic-numbers";

const alarms = {
  zero: () => "مفيش تنبيهات مدفوعات مفتوحة",
  one: () => "فيه تنبيه مدفوعات واحد مفتوح",
  two: () => "فيه تنبيهين مدفوعات مفتوحين",
  few: (n: string) => `فيه ${n} تنبيهات مدفوعات مفتوحة`,
  many: (n: string) => `فيه ${n} تنبيه مدفوعات مفتوح`,
  other: (n: string) => `فيه ${n} تنبيه مدفوعات مفتوح`,
};

/** A payment's receipt as the confirmation tells it (worker/domain/payments/confirmation.ts). */
export type PaidReceipt = {
  number: string;
  weeklyMinutes: number;
  /** PlanPeriod: Month 0, Quarter 1, Year 2. */
  period: number;
  amount: number;
  /** PaymentMethod: Card 0, EWallet 1, BankInstallment 2, ReferenceNumber 3, Free 4. */
  method: number;
  fawryRefNumber: string | null;
  merchantRefNum: string;
  /** The subscription's last day, when it started. */
  until: string | null;
};

const periodNames: Record<number, string> = { 0: "شهر", 1: "٣ شهور", 2: "سنة" };
const methodNames: Record<number, string> = {
  0: "بطاقة بنكية",
  1: "محفظة إلكترونية",
  2: "تقسيط بنكي",
  3: "رقم مرجعي (فوري)",
  4: "مجانًا (بدون دفع)",
};
/** Codes and reference numbers stay left to right inside the Arabic text. */
const ltr = (code: string) => `\u2066${code}\u2069`;

export const paymentMessages = {
  /** The student: the payment went through; what the receipt says (its number, plan, amount, method, reference). */
  paid: (receipt: PaidReceipt) => ({
    subject: `الدفع وصل: إيصال رقم ${receipt.number}`,
    body: [
      "وصلنا الدفع واشتراكك بدأ. ده ملخص الإيصال:",
      `- رقم الإيصال: ${ltr(receipt.number)}`,
      `- الباقة: ${arabicMinutes(receipt.weeklyMinutes)} في الأسبوع لمدة ${periodNames[receipt.period] ?? ""}`,
      `- المبلغ: ${arabicMoney(receipt.amount)}`,
      `- طريقة الدفع: ${methodNames[receipt.method] ?? ""}`,
      `- الرقم المرجعي: ${ltr(receipt.fawryRefNumber ?? receipt.merchantRefNum)}`,
      ...(receipt.until ? [`- الاشتراك شغال لحد: ${receipt.until}`] : []),
      "",
      "تقدر تحفظ الإيصال PDF من صفحة المدفوعات.",
    ].join("\n"),
  }),
  /** The student: the money is on its way back. */
  refunded: (amount: number, transactionId: number) => ({
    subject: "رجّعنا المبلغ",
    body: `رددنا لك ${arabicMoney(amount)} عن العملية رقم ${arabicNumber(transactionId)} عن طريق فوري. قد يستغرق ظهور المبلغ في حسابك بضعة أيام عمل حسب وسيلة الدفع. إيصال الاسترداد متاح في صفحة المدفوعات.`,
  }),
  /** The student: the automatic refund did not go through, a person now handles it. */
  refundDelayed: (transactionId: number) => ({
    subject: "استرداد مبلغك متأخر",
    body: `فوري ما قبلتش رد مبلغ العملية رقم ${arabicNumber(transactionId)} تلقائيًا. فريق الدعم بيتابعها دلوقتي وهيرجّعلك المبلغ ويبلغك أول ما يخلص.`,
  }),
  /** SuperAdmins: Fawry refused a refund every time it was tried. */
  refundFailed: (transactionId: number, attempts: number) => ({
    subject: "استرداد مقدرناش ننفّذه",
    body: `رفضت فوري استرداد العملية رقم ${arabicNumber(transactionId)} ${arabicTimes(attempts)}. راجعها في صفحة المدفوعات بلوحة الإدارة («تحتاج متابعة»).`,
  }),
  /** SuperAdmins, once a day: the open alarms, how many of each kind (label, count). */
  digest: (total: number, kinds: ReadonlyArray<readonly [label: string, count: number]>) => ({
    subject: "مدفوعات تحتاج متابعة",
    body: [
      `${arabicCount(alarms, total)}:`,
      ...kinds.map(([label, count]) => `- ${label}: ${arabicNumber(count)}`),
      "",
      "راجعها في لوحة الإدارة: صفحة المدفوعات («تحتاج متابعة»).",
    ].join("\n"),
  }),
};
