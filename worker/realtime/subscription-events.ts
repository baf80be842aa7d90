import { recipientsByIds } from "../notifications/preferences";
import { lessonMessages } from "../notifications/lesson-messages";
import { messagesTo } from "../notifications/channels";
import { publishLessonEvent } from "./lesson-events";
import type { Publishing } from "./events";
import { notify } from "../notifications/notify";

type CanceledLesson = { id: number; tutorId: number; start: string };

/**
 * A subscription ended early (the student's cancellation or a staff refund) and took its future
 * lessons with it: each tutor is told by their channels, and both members' sockets get
 * LessonCanceled after the response. One place, so every way a plan ends tells the same people.
 */
export async function announceCanceledLessons(
  scope: Publishing,
  studentId: number,
  lessons: readonly CanceledLesson[],
): Promise<void> {
  if (!lessons.length) return;
  const { db } = scope;
  const tutors = await recipientsByIds(db, [...new Set(lessons.map((lesson) => lesson.tutorId))]);
  await Promise.all(
    lessons.flatMap((lesson) => {
      const tutor = tutors.get(lesson.tutorId);
      return tutor
        ? messagesTo(tutor, lessonMessages.canceledBySystem(lesson.start), "booking-changes").map((message) =>
            notify(scope, message),
          )
        : [];
    }),
  );
  const audiences = lessons.map((lesson) => ({ id: lesson.id, memberIds: [lesson.tutorId, studentId] }));
  scope.waitUntil(publishLessonEvent(scope.env, "LessonCanceled", audiences, scope.logger));
}
