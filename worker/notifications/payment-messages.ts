// The Arabic texts of the payment notifications: refunds to the student, refund trouble and the
// daily digest to SuperAdmins (worker/domain/payments/refunds.ts). Money and numbers in Arabic
// digits, as on the screens (schema/arabic-numbers.ts).
import { arabicCount, arabicMoney, arabicNumber, arabicTimes } from "../../schema/arabic-numbers";

const alarms = {
  zero: () => "مفيش تنبيهات مدفوعات مفتوحة",
  one: () => "فيه تنبيه مدفوعات واحد مفتوح",
  two: () => "فيه تنبيهين مدفوعات مفتوحين",
  few: (n: string) => `فيه ${n} تنبيهات مدفوعات مفتوحة`,
  many: (n: string) => `فيه ${n} تنبيه مدفوعات مفتوح`,
  other: (n: string) => `فيه ${n} تنبيه مدفوعات مفتوح`,
};

export const paymentMessages = {
  /** The student: the money is on its way back. */
  refunded: (amount: number, transactionId: number) => ({
    subject: "تم رد المبلغ",
    body: `رددنا لك ${arabicMoney(amount)} عن العملية رقم ${arabicNumber(transactionId)} عن طريق فوري. قد يستغرق ظهور المبلغ في حسابك بضعة أيام عمل حسب وسيلة الدفع. إيصال الاسترداد متاح في صفحة المدفوعات.`,
  }),
  /** The student: the automatic refund did not go through, a person now handles it. */
  refundDelayed: (transactionId: number) => ({
    subject: "استرداد مبلغك متأخر",
    body: `فوري ما قبلتش رد مبلغ العملية رقم ${arabicNumber(transactionId)} تلقائيًا. فريق الدعم بيتابعها دلوقتي وهيرجّعلك المبلغ ويبلغك أول ما يخلص.`,
  }),
  /** SuperAdmins: Fawry refused a refund every time it was tried. */
  refundFailed: (transactionId: number, attempts: number) => ({
    subject: "استرداد تعذّر تنفيذه",
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
