// The Arabic texts of the notifications a lesson's members receive. Numbers in Arabic digits, as
// on the screens (schema/arabic-numbers.ts); times through timeMark (./clock.ts).
import { arabicMinutes } from "../../schema/arabic-numbers";
import { timeMark } from "./clock";

export const lessonMessages = {
  booked: (start: string, duration: number, other: string | null) => ({
    subject: "اتحجزت حصة جديدة في درس",
    body: `اتحجزت حصة مدتها ${arabicMinutes(duration)}${other ? ` مع ${other}` : ""} يوم ${timeMark(start)}.`,
  }),
  rebooked: (start: string, duration: number, other: string | null) => ({
    subject: "ميعاد حصتك في درس اتغيّر",
    body: `حصتك${other ? ` مع ${other}` : ""} اتنقلت، وميعادها الجديد ${timeMark(start)}، ومدتها ${arabicMinutes(duration)}.`,
  }),
  canceled: (start: string, by: string | null) => ({
    subject: "اتلغت حصة في درس",
    body: `الحصة اللي كانت يوم ${timeMark(start)} اتلغت${by ? ` من طرف ${by}` : ""}.`,
  }),
  canceledBySystem: (start: string) => ({
    subject: "اتلغت حصة في درس",
    body: `الحصة اللي كانت يوم ${timeMark(start)} اتلغت عشان اشتراك الطالب اتلغى.`,
  }),
  reminder: (start: string, kind: "1d" | "1h") => ({
    subject: kind === "1d" ? "تذكير: حصتك بعد يوم" : "تذكير: حصتك بعد ساعة",
    body: `تذكير بحصتك في درس يوم ${timeMark(start)}. ادخل غرفة الحصة قبل الميعاد بكام دقيقة.`,
  }),
  minutesReady: (minutes: number) => ({
    subject: "دقايقك الأسبوعية جاهزة",
    body: `أسبوع جديد بدأ في اشتراكك: ${arabicMinutes(minutes)} جاهزة تحجز بيها حصصك في درس.`,
  }),
};
