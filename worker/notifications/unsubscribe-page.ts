// The small Arabic page GET /api/v1/unsubscribe/{token} answers (worker/routes/unsubscribe.ts).
import { Role } from "../../schema/enums";
import type { ChoosableKind } from "../../schema/notification-kinds";

/** The kinds as the page names them (the settings screen's words, web/src/i18n/ar-EG-notifications.ts). */
export const kindWords: Record<ChoosableKind, string> = {
  "lesson-reminders": "تذكير بالحصص والمواعيد",
  "booking-changes": "الحجز والتغييرات",
  messages: "الرسايل",
  payments: "المدفوعات",
  onboarding: "خطوات الانضمام كمدرّس",
  "weekly-minutes": "دقايقك الأسبوعية",
  marketing: "العروض والأخبار",
};

const escape = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The settings page with the «الإشعارات» section, per role (web/src/routes.tsx). */
export const settingsPath = (role: number) =>
  role === Role.Student ? "/s/settings#notifications" : "/t/account-settings#notifications";

export function unsubscribePage(done: { kind: ChoosableKind; role: number } | null): string {
  const kind = done?.kind ?? null;
  const title = kind ? "وقّفنا الإيميلات دي" : "اللينك ده مش سليم";
  const text = kind
    ? `مش هتوصلك إيميلات «${kindWords[kind]}» تاني. باقي إشعاراتك زي ما هي.`
    : "تقدر تغيّر إشعاراتك من صفحة الإعدادات.";
  return `<!doctype html>
<html lang="ar-EG" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} | درس</title>
<style>body{font-family:system-ui,sans-serif;max-inline-size:32rem;margin-inline:auto;padding:2rem 1rem;line-height:1.7}a{color:#0b5cad}a:focus-visible{outline:3px solid #0b5cad;outline-offset:2px}</style>
</head>
<body><main><h1>${escape(title)}</h1><p>${escape(text)}</p>
<p><a href="${done ? settingsPath(done.role) : "/"}">غيّر إشعاراتك من الإعدادات</a></p></main></body>
</html>`;
}
