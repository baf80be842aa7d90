// The Arabic texts of the notifications a lesson's members receive. Numbers in Arabic digits, as
// on the screens (schema/arabic-numbers.ts); times through timeMark (./clock.ts).
import { arabicMinutes } from "../../schema/arabic-numbers";
import { timeMark } from "./clock";

export const lessonMessages = {
  booked: (start: string, duration: number, other: string | null) => ({
    subject: "تم حجز حصة جديدة في درس",
    body: `تم حجز حصة مدتها ${arabicMinutes(duration)}${other ? ` مع ${other}` : ""} يوم ${timeMark(start)}.`,
  }),
  rebooked: (start: string, duration: number, other: string | null) => ({
    subject: "تم تغيير موعد حصتك في درس",
    body: `تم نقل حصتك${other ? ` مع ${other}` : ""} إلى ${timeMark(start)}، ومدتها ${arabicMinutes(duration)}.`,
  }),
  canceled: (start: string, by: string | null) => ({
    subject: "تم إلغاء حصة في درس",
    body: `تم إلغاء الحصة التي كانت يوم ${timeMark(start)}${by ? ` بواسطة ${by}` : ""}.`,
  }),
  canceledBySystem: (start: string) => ({
    subject: "تم إلغاء حصة في درس",
    body: `تم إلغاء الحصة التي كانت يوم ${timeMark(start)} لأن اشتراك الطالب أُلغي.`,
  }),
  reminder: (start: string, kind: "1d" | "1h") => ({
    subject: kind === "1d" ? "تذكير: لديك حصة خلال يوم" : "تذكير: حصتك بعد ساعة",
    body: `تذكير بحصتك في درس يوم ${timeMark(start)}. ادخل غرفة الحصة قبل الموعد بدقائق.`,
  }),
  minutesReady: (minutes: number) => ({
    subject: "دقائقك الأسبوعية جاهزة",
    body: `بدأ أسبوع جديد في اشتراكك: ${arabicMinutes(minutes)} جاهزة لحجز حصصك في درس.`,
  }),
};
