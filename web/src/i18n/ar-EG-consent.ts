/** The analytics consent banner (features/consent/consent-banner.tsx). */
export const consent = {
  label: "موافقة على ملفات تعريف الارتباط",
  title: "ملفات تعريف الارتباط للتحليلات",
  body: "بنستخدم أداتين للتحليلات، Google Analytics و Microsoft Clarity، عشان نعرف إزاي الموقع بيتستخدم ونحسّنه. مش هنشغّلهم إلا لو وافقت، وتقدر ترفض من غير ما ده يأثر على استخدامك لدرس. بياناتك الشخصية محمية طبقًا لقانون حماية البيانات الشخصية المصري.",
  accept: "موافق",
  refuse: "لا، شكرًا",
  privacy: "سياسة الخصوصية",
} as const;
