// The Arabic texts a lesson note sends (docs/rules.md, "Learning after the lesson"): to the student
// when the tutor writes it, to the other member when a reply comes. Friendly voice
// (docs/glossary.md); the person's words follow their gender; times through timeMark.
import { Gender } from "../../../schema/enums";
import { timeMark } from "../../notifications/clock";

const tutorTitle = (gender?: string | null) => (gender === Gender.Female ? "المدرّسة" : "المدرّس");
const studentTitle = (gender?: string | null) => (gender === Gender.Female ? "الطالبة" : "الطالب");
const named = (title: string, name: string | null) => (name ? `${title} ${name}` : title);

export const noteMessages = {
  /** To the student: the tutor wrote the lesson's note. */
  written: (
    start: string,
    tutorName: string | null,
    tutorGender: string | null | undefined,
    homework: boolean,
  ) => {
    const woman = tutorGender === Gender.Female;
    return {
      subject: "ملاحظات حصتك وصلت",
      body: `${named(tutorTitle(tutorGender), tutorName)} ${woman ? "كتبت" : "كتب"} ملاحظات حصة يوم ${timeMark(start)}: إنتوا خدتوا إيه والكلمات الجديدة${homework ? " والواجب" : ""}. الكلمات الجديدة اتضافت لـ«كلماتي» عشان تراجعها. افتح «دروسي السابقة» في درس وشوفها.`,
    };
  },
  /** To the other member: a reply on the note's homework. */
  replied: (
    start: string,
    authorName: string | null,
    authorGender: string | null | undefined,
    authorIsStudent: boolean,
  ) => {
    const woman = authorGender === Gender.Female;
    const title = authorIsStudent ? studentTitle(authorGender) : tutorTitle(authorGender);
    return {
      subject: "رد جديد على واجب الحصة",
      body: `${named(title, authorName)} ${woman ? "ردّت" : "ردّ"} على ملاحظات حصة يوم ${timeMark(start)}. افتح الحصة في درس وشوف الرد.`,
    };
  },
};
