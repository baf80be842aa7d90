// The Arabic texts of the notifications a tutor (and a studio) receive during onboarding.
import { timeMark } from "./clock";

const when = timeMark;

export const tutorMessages = {
  introVideoApproved: () => ({
    subject: "تم قبول الفيديو التعريفي",
    body: "تمت مراجعة الفيديو التعريفي الخاص بك وقبوله. يمكنك الآن حجز الحصة التجريبية من صفحة خطوات الانضمام في درس.",
  }),
  introVideoRejected: () => ({
    subject: "لم يتم قبول الفيديو التعريفي",
    body: "تمت مراجعة الفيديو التعريفي الخاص بك ولم يتم قبوله. اطّلع على ملاحظات المراجع في صفحة خطوات الانضمام، ويمكنك رفع فيديو جديد بعد ٣ أشهر.",
  }),
  interviewPassed: () => ({
    subject: "نجحت في المقابلة",
    body: "مبروك! اجتزت المقابلة مع مدير المدرسين في درس. تابع باقي خطوات الانضمام من صفحة خطوات الانضمام.",
  }),
  interviewRejected: () => ({
    subject: "نتيجة المقابلة",
    body: "لم تجتز المقابلة هذه المرة. اطّلع على الملاحظات في صفحة خطوات الانضمام، ويمكنك حجز مقابلة جديدة بعد ٣ أشهر.",
  }),
  demoPassed: () => ({
    subject: "نجحت في الحصة التجريبية",
    body: "مبروك! اجتزت الحصة التجريبية في درس. تابع باقي خطوات الانضمام من صفحة خطوات الانضمام.",
  }),
  demoRejected: () => ({
    subject: "نتيجة الحصة التجريبية",
    body: "لم تجتز الحصة التجريبية هذه المرة. اطّلع على ملاحظات مدير المدرسين في صفحة خطوات الانضمام.",
  }),
  photoSessionRequested: (tutorName: string | null, scheduledAt: string | null) => ({
    subject: "طلب جلسة تصوير جديد",
    body: `طلب ${tutorName ?? "مدرس"} جلسة تصوير${scheduledAt ? ` واقترح موعد ${when(scheduledAt)}` : ""}. حدّد الموعد من قائمة جلسات التصوير في درس.`,
  }),
  photoSessionScheduled: (scheduledAt: string, studioName: string | null) => ({
    subject: "تم تحديد موعد جلسة التصوير",
    body: `تم تحديد موعد جلسة التصوير${studioName ? ` مع ${studioName}` : ""} يوم ${when(scheduledAt)}.`,
  }),
  photoSessionDone: () => ({
    subject: "تمت جلسة التصوير",
    body: "تمت جلسة التصوير ورُفعت صورتك والفيديو والصورة المصغّرة إلى ملفك في درس.",
  }),
  photoSessionCanceled: (scheduledAt: string | null) => ({
    subject: "تم إلغاء جلسة التصوير",
    body: `تم إلغاء جلسة التصوير${scheduledAt ? ` التي كانت يوم ${when(scheduledAt)}` : ""}. يمكن حجز جلسة جديدة من صفحة خطوات الانضمام.`,
  }),
  // docs/rules.md (Notifications): interview and demo-session bookings and cancellations
  // notify the other party.
  interviewBooked: (tutorName: string | null, start: string) => ({
    subject: "مقابلة جديدة محجوزة",
    body: `حجز ${tutorName ?? "مدرس جديد"} مقابلة معك يوم ${when(start)}. تجدها في قائمة المقابلات في درس.`,
  }),
  interviewCanceled: (start: string, byTutor: boolean) => ({
    subject: "تم إلغاء مقابلة",
    body: byTutor
      ? `ألغى المدرس المقابلة التي كانت يوم ${when(start)}.`
      : `تم إلغاء مقابلتك التي كانت يوم ${when(start)}. يمكنك حجز موعد آخر من صفحة خطوات الانضمام.`,
  }),
  demoBooked: (tutorName: string | null, start: string) => ({
    subject: "حصة تجريبية جديدة محجوزة",
    body: `حجز ${tutorName ?? "مدرس"} حصة تجريبية معك يوم ${when(start)}. تجدها في قائمة الحصص التجريبية في درس.`,
  }),
  demoCanceled: (start: string, byTutor: boolean) => ({
    subject: "تم إلغاء حصة تجريبية",
    body: byTutor
      ? `ألغى المدرس الحصة التجريبية التي كانت يوم ${when(start)}.`
      : `تم إلغاء حصتك التجريبية التي كانت يوم ${when(start)}. يمكنك حجز موعد آخر من صفحة خطوات الانضمام.`,
  }),
  activated: () => ({
    subject: "تم تفعيل حسابك كمدرس",
    body: "مبروك! تم تفعيل حسابك كمدرس في درس. أضف مواعيدك المتاحة ليظهر ملفك للطلاب.",
  }),
  deactivated: () => ({
    subject: "تم إيقاف تفعيل حسابك كمدرس",
    body: "تم إيقاف تفعيل حسابك كمدرس في درس، ولن يظهر ملفك للطلاب. تواصل مع فريق الدعم لمعرفة السبب.",
  }),
};
