/** The analytics consent banner (features/consent/consent-banner.tsx). */
export const consent = {
  label: "موافقة على ملفات تعريف الارتباط",
  title: "ملفات تعريف الارتباط للتحليلات",
  body: "نستخدم أدوات تحليلات (Google Analytics وMicrosoft Clarity) لنعرف إزاي الموقع بيتستخدم ونحسّنه. مش هنشغّلها إلا لو وافقت، وتقدر ترفض من غير ما يأثر ده على استخدامك لدرس. البيانات الشخصية محمية طبقًا لقانون حماية البيانات الشخصية المصري.",
  accept: "موافق",
  refuse: "لا، شكرًا",
  privacy: "سياسة الخصوصية",
} as const;
