import { usersByIds } from "../domain/lessons/lessons";
import { lessonMessages } from "../notifications/lesson-messages";
import { messagesTo } from "../notifications/channels";
import { publishLessonEvent } from "./lesson-events";
import type { AppContext } from "../http/context";
import { notify } from "../notifications/notify";
import { scopeOf } from "../http/scope";

type CanceledLesson = { id: number; tutorId: number; start: string };

/**
 * A subscription ended early (the student's cancellation or a staff refund) and took its future
 * lessons with it: each tutor is told by their channels, and both members' sockets get
 * LessonCanceled after the response. One place, so every way a plan ends tells the same people.
 */
export async function announceCanceledLessons(
  c: AppContext,
  studentId: number,
  lessons: readonly CanceledLesson[],
): Promise<void> {
  if (!lessons.length) return;
  const db = c.get("db");
  const tutors = await usersByIds(db, [...new Set(lessons.map((lesson) => lesson.tutorId))]);
  await Promise.all(
    lessons.flatMap((lesson) => {
      const tutor = tutors.get(lesson.tutorId);
      return tutor
        ? messagesTo(tutor, lessonMessages.canceledBySystem(lesson.start)).map((message) =>
            notify(scopeOf(c), message),
          )
        : [];
    }),
  );
  const audiences = lessons.map((lesson) => ({ id: lesson.id, memberIds: [lesson.tutorId, studentId] }));
  c.executionCtx.waitUntil(publishLessonEvent(c.env, "LessonCanceled", audiences, c.get("logger")));
}
