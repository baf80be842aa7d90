// The Arabic texts of the notifications a tutor (and a studio) receive during onboarding.
import { timeMark } from "./clock";

const when = timeMark;

export const tutorMessages = {
  introVideoApproved: () => ({
    subject: "الفيديو التعريفي اتقبل",
    body: "راجعنا الفيديو التعريفي بتاعك وقبلناه. تقدر دلوقتي تحجز الحصة التجريبية من صفحة خطوات الانضمام في درس.",
  }),
  introVideoRejected: () => ({
    subject: "الفيديو التعريفي متقبلش",
    body: "راجعنا الفيديو التعريفي بتاعك ومقبلناهوش. شوف ملاحظات المراجع في صفحة خطوات الانضمام، وتقدر ترفع فيديو جديد بعد ٣ شهور.",
  }),
  interviewPassed: () => ({
    subject: "نجحت في المقابلة",
    body: "مبروك! اجتزت المقابلة مع مدير المدرسين في درس. تابع باقي خطوات الانضمام من صفحة خطوات الانضمام.",
  }),
  interviewRejected: () => ({
    subject: "نتيجة المقابلة",
    body: "المرة دي منجحتش في المقابلة. شوف الملاحظات في صفحة خطوات الانضمام، وتقدر تحجز مقابلة جديدة بعد ٣ شهور.",
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
    subject: "ميعاد جلسة التصوير اتحدد",
    body: `ميعاد جلسة التصوير${studioName ? ` مع ${studioName}` : ""} اتحدد يوم ${when(scheduledAt)}.`,
  }),
  photoSessionDone: () => ({
    subject: "جلسة التصوير خلصت",
    body: "جلسة التصوير خلصت، وصورتك والفيديو والصورة المصغّرة اترفعوا على ملفك في درس.",
  }),
  photoSessionCanceled: (scheduledAt: string | null) => ({
    subject: "جلسة التصوير اتلغت",
    body: `جلسة التصوير${scheduledAt ? ` اللي كانت يوم ${when(scheduledAt)}` : ""} اتلغت. تقدر تحجز جلسة جديدة من صفحة خطوات الانضمام.`,
  }),
  // docs/rules.md (Notifications): interview and demo-session bookings and cancellations
  // notify the other party.
  interviewBooked: (tutorName: string | null, start: string) => ({
    subject: "مقابلة جديدة محجوزة",
    body: `حجز ${tutorName ?? "مدرس جديد"} مقابلة معك يوم ${when(start)}. تجدها في قائمة المقابلات في درس.`,
  }),
  interviewCanceled: (start: string, byTutor: boolean) => ({
    subject: "اتلغت مقابلة",
    body: byTutor
      ? `المقابلة اللي كانت يوم ${when(start)} اتلغت من طرف المدرّس.`
      : `مقابلتك اللي كانت يوم ${when(start)} اتلغت. تقدر تحجز ميعاد تاني من صفحة خطوات الانضمام.`,
  }),
  demoBooked: (tutorName: string | null, start: string) => ({
    subject: "حصة تجريبية جديدة محجوزة",
    body: `حجز ${tutorName ?? "مدرس"} حصة تجريبية معك يوم ${when(start)}. تجدها في قائمة الحصص التجريبية في درس.`,
  }),
  demoCanceled: (start: string, byTutor: boolean) => ({
    subject: "اتلغت حصة تجريبية",
    body: byTutor
      ? `الحصة التجريبية اللي كانت يوم ${when(start)} اتلغت من طرف المدرّس.`
      : `حصتك التجريبية اللي كانت يوم ${when(start)} اتلغت. تقدر تحجز ميعاد تاني من صفحة خطوات الانضمام.`,
  }),
  activated: () => ({
    subject: "حسابك كمدرّس اتفعّل",
    body: "مبروك! حسابك كمدرّس في درس اتفعّل. ضيف مواعيدك الفاضية عشان ملفك يظهر للطلاب.",
  }),
  deactivated: () => ({
    subject: "حسابك كمدرّس اتوقف",
    body: "حسابك كمدرّس في درس اتوقف، وملفك مش هيظهر للطلاب. كلّم فريق الدعم عشان تعرف السبب.",
  }),
};
