/**
 * Every message the Worker sends, rendered with sample data: tests/worker/message-digits.test.ts
 * reads their numbers, tests/worker/one-voice-messages.test.ts their voice (docs/glossary.md).
 * A new template gets a line here so both read it.
 */
import { ContactRequestKind, ContactRequestState } from "../../schema/enums";
import { lessonMessages } from "../../worker/notifications/lesson-messages";
import { messages, telegramReplies } from "../../worker/notifications/messages";
import { tutorMessages } from "../../worker/notifications/tutor-messages";
import { absenceMessages } from "../../worker/domain/lessons/sessions";
import { noteMessages } from "../../worker/domain/learning/notes-messages";
import { slotMessages } from "../../worker/domain/tutors/availability";
import { invoiceMessages } from "../../worker/domain/payments/invoices";
import { paymentMessages } from "../../worker/notifications/payment-messages";
import { renderCalendar } from "../../worker/domain/lessons/calendar-feed";
import {
  contactReplyMessage,
  contactRequestMessage,
  type ContactRequestRow,
} from "../../worker/domain/staff/contact-requests";

export const code = "48213";
export const phone = "01012345678";
export const email = "mona@dars.test";
export const link = "https://dars.test/lesson/9876";
export const start = "2026-11-28T16:00:00.000Z";

export type Text = { subject: string; body: string };

const contactRow: ContactRequestRow = {
  id: 1234,
  userId: 77,
  name: "منى",
  phone,
  email,
  title: "سؤال عن الباقات",
  message: "عايزة أعرف الباقات",
  ip: "203.0.113.9",
  kind: ContactRequestKind.DataRights,
  state: ContactRequestState.New,
  notes: null,
  reply: null,
  repliedAt: null,
  handledBy: null,
  handledAt: null,
  createdAt: start,
} as ContactRequestRow;

/** Every template, with numbers that would show Latin digits if they were put in raw. */
export const samples: Record<string, Text | string> = {
  "lesson booked": lessonMessages.booked(start, 45, "أحمد"),
  "lesson rebooked": lessonMessages.rebooked(start, 15, null),
  "lesson canceled": lessonMessages.canceled(start, "سارة"),
  "lesson canceled by the system": lessonMessages.canceledBySystem(start),
  "reminder 1d": lessonMessages.reminder(start, "1d"),
  "reminder 1h": lessonMessages.reminder(start, "1h"),
  "weekly renewal": lessonMessages.minutesReady(240),
  "verify email": messages.verifyEmail(code),
  "reset password": messages.resetPassword(code),
  "confirm deletion": messages.confirmDeletion(code),
  "verify phone": messages.verifyPhone(code),
  welcome: messages.welcome("منى"),
  "telegram linked": telegramReplies.linked("منى"),
  "telegram invalid": telegramReplies.invalid,
  "telegram help": telegramReplies.help,
  "intro video approved": tutorMessages.introVideoApproved(),
  "intro video rejected": tutorMessages.introVideoRejected(),
  "interview passed": tutorMessages.interviewPassed(),
  "interview rejected": tutorMessages.interviewRejected(),
  "demo passed": tutorMessages.demoPassed(),
  "demo rejected": tutorMessages.demoRejected(),
  "photo session requested": tutorMessages.photoSessionRequested("منى", start),
  "photo session scheduled": tutorMessages.photoSessionScheduled(start, "استوديو النور"),
  "photo session done": tutorMessages.photoSessionDone(),
  "photo session canceled": tutorMessages.photoSessionCanceled(start),
  "interview booked": tutorMessages.interviewBooked("منى", start),
  "interview canceled by the tutor": tutorMessages.interviewCanceled(start, true),
  "interview canceled": tutorMessages.interviewCanceled(start, false),
  "demo booked": tutorMessages.demoBooked("منى", start),
  "demo canceled by the tutor": tutorMessages.demoCanceled(start, true),
  "demo canceled": tutorMessages.demoCanceled(start, false),
  "tutor activated": tutorMessages.activated(),
  "tutor deactivated": tutorMessages.deactivated(),
  "absence to student": absenceMessages.toStudent(start, "أحمد"),
  "absence to tutor": absenceMessages.toTutor(start, "منى"),
  "absence to student, a woman tutor": absenceMessages.toStudent(start, "منى", "female"),
  "absence to tutor, a woman student": absenceMessages.toTutor(start, "سلمى", "female"),
  "lesson note written": noteMessages.written(start, "أحمد", "male", true),
  "lesson note written, a woman tutor without homework": noteMessages.written(start, "منى", "female", false),
  "lesson note reply from the student": noteMessages.replied(start, "سلمى", "female", true),
  "lesson note reply from the tutor": noteMessages.replied(start, null, "male", false),
  "slot lesson canceled": slotMessages.lessonCanceled(start),
  "slot lesson canceled, a trial without a plan": slotMessages.lessonCanceled(start, false),
  "slot interview canceled": slotMessages.interviewCanceled(start),
  "slot demo canceled": slotMessages.demoSessionCanceled(start),
  "withdrawal approved": invoiceMessages.approved(1_234_550),
  "withdrawal rejected": invoiceMessages.rejected(15_000),
  "withdrawal canceled": invoiceMessages.canceled(15_000),
  "withdrawal cancel refused": invoiceMessages.cancelRefused(15_000),
  "withdrawal update approved": invoiceMessages.updateApproved(1_234_550),
  "withdrawal update refused": invoiceMessages.updateRefused(15_000, true),
  "refund done": paymentMessages.refunded(25_500, 4321),
  "refund delayed": paymentMessages.refundDelayed(4321),
  "refund failed (admins)": paymentMessages.refundFailed(4321, 5),
  "payments digest (admins)": paymentMessages.digest(12, [
    ["طلبات استرداد عالقة", 7],
    ["إشعارات فوري مرفوضة", 5],
  ]),
  "contact request (team)": contactRequestMessage(contactRow, { id: 1, email: "team@dars.test" }),
  "contact reply": contactReplyMessage(contactRow, "أهلًا بيكي، الباقات في صفحة الأسعار."),
};

/** The feed's human text: SUMMARY and DESCRIPTION, unfolded and unescaped. */
export function calendarText(): string {
  const ics = renderCalendar({
    host: "dars.test",
    appOrigin: "https://dars.test",
    lessons: [
      {
        id: 9876,
        start,
        end: "2026-11-28T16:45:00.000Z",
        duration: 45,
        canceledAt: null,
        createdAt: start,
        updatedAt: start,
        otherName: "أحمد",
      },
    ],
  });
  return ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter((line) => /^(SUMMARY|DESCRIPTION|X-WR-CALNAME):/.test(line))
    .map((line) =>
      line
        .slice(line.indexOf(":") + 1)
        .replace(/\\n/g, "\n")
        .replace(/\\(.)/g, "$1"),
    )
    .join("\n");
}
