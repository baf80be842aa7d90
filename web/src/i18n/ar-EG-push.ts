/**
 * Push notifications on this device (web/src/features/push/): the switch in the student's and
 * tutor's settings and the offer after a first booking. The notification's own text comes from
 * the Worker (worker/notifications/push.ts).
 */
export const arPush = {
  card: {
    title: "إشعارات الجهاز",
    label: "إشعارات على الجهاز ده",
    hint: "يوصلك تذكير الحصة والحاجات المهمة كإشعار على الجهاز ده، حتى لو «درس» مقفول. كل جهاز بتفعّلها عليه لوحده.",
    on: "الإشعارات اشتغلت على الجهاز ده",
    off: "الإشعارات وقفت على الجهاز ده",
    checking: "بنشوف حالة الإشعارات على الجهاز ده…",
  },
  unsupported:
    "المتصفح ده مش بيدعم الإشعارات. جرّب من كروم أو فايرفوكس، أو على الآيفون نزّل «درس» على الشاشة الرئيسية الأول.",
  denied:
    "إنت قافل الإشعارات للموقع ده من إعدادات المتصفح. افتحها من هناك (علامة القفل جنب العنوان) وبعدين ارجع هنا.",
  failed: "مقدرناش نشغّل الإشعارات دلوقتي. جرّب تاني كمان شوية.",
  offer: {
    title: "عايز نفكّرك بالحصة على موبايلك؟",
    body: "شغّل الإشعارات على الجهاز ده ويوصلك تذكير قبل الحصة بيوم وقبلها بساعة.",
    accept: "شغّل الإشعارات",
    dismiss: "مش دلوقتي",
  },
  /** The local mailbox's section (/dev/mailbox): what the push emulator received and decrypted. */
  mailbox: {
    title: "إشعارات الأجهزة",
    intro: "كل إشعار وصل لخدمة الإشعارات التجريبية، بعد ما فكّت تشفيره زي ما المتصفح بيعمل.",
    empty: "لسه مفيش إشعارات وصلت.",
    opens: "بيفتح",
    total: (count: string) => `${count} إشعار`,
  },
} as const;
