import type { LessonView } from "@schema/api/lesson";
import { gendered } from "../../i18n/ar-EG-counts";
import { durationCounts } from "../../i18n/ar-EG-durations";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { formatTime, formatWhen } from "../../lib/format";
import { byGender, countOf } from "../../lib/plural";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Badge } from "../../ui/notice";
import { TutorPhoto } from "../tutors/tutor-photo";
import { otherMember } from "./lesson-actions";
import { AddToGoogleCalendar, changeWindow, LessonJoin } from "./lesson-join";
import { LessonStateChip } from "./lesson-state";
import { lessonState } from "@schema/lesson-state";
import { useBusinessNumbers } from "../config/use-app-config";

const t = arLessons.lessonsSchedule.details;

type LessonDetailsDialogProps = {
  lesson: LessonView;
  userId: number;
  isStudent: boolean;
  now: number;
  onClose: () => void;
  onCancel: () => void;
  onReschedule: () => void;
};

/** Who cancelled a lesson, in the viewer's words. */
function canceledByText(lesson: LessonView, userId: number): string {
  if (lesson.canceledBy === null) return t.canceledBySystem;
  if (lesson.canceledBy === userId) return t.canceledByYou;
  const who = lesson.canceledBy === lesson.tutor.id ? lesson.tutor : lesson.student;
  return byGender(gendered.canceledBy, who.gender, who.name ?? arLessons.marketplace.tutors.unnamed);
}

/** A lesson of the calendar: who, when, its state; join when the room is open; cancel or move it while pending. */
export function LessonDetailsDialog({
  lesson,
  userId,
  isStudent,
  now,
  onClose,
  onCancel,
  onReschedule,
}: LessonDetailsDialogProps) {
  const state = lessonState(lesson, now);
  const other = otherMember(lesson, userId);
  const name = other.name ?? arLessons.marketplace.tutors.unnamed;
  const when = formatWhen(lesson.start, now);
  const about = arLessons.marketplace.lessons.lessonOf(name, when);
  const window = changeWindow(lesson, now, useBusinessNumbers());
  return (
    <Dialog open onClose={onClose} title={t.title}>
      <div className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <TutorPhoto name={other.name} image={other.image} />
          <div className="flex flex-col gap-1">
            <p className="text-sm text-slate-600">{other.id === lesson.tutor.id ? t.tutor : t.student}</p>
            <p className="font-bold text-slate-900">
              <bdi>{name}</bdi>
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">{t.time}</dt>
          <dd className="text-slate-900">
            <time dateTime={lesson.start}>{when}</time> –{" "}
            <time dateTime={lesson.end}>{formatTime(lesson.end)}</time>
          </dd>
          <dt className="text-slate-600">{t.duration}</dt>
          <dd className="text-slate-900">{countOf(durationCounts.minutes, lesson.duration)}</dd>
          <dt className="text-slate-600">{t.state}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <LessonStateChip state={state} />
            {lesson.isTrial && <Badge tone="warning">{arLessons.marketplace.lessons.trial}</Badge>}
            {state === "canceled" && <span className="text-slate-700">{canceledByText(lesson, userId)}</span>}
          </dd>
        </dl>
        {state !== "canceled" && state !== "fulfilled" && (
          <LessonJoin lesson={lesson} now={now} about={about} size="md" deviceCheck={false} />
        )}
        {state === "pending" && (
          <div className="flex flex-col gap-2">
            <p id={`lesson-${lesson.id}-details-window`} className="text-sm text-slate-700">
              {window.words}
            </p>
            <div className="flex flex-wrap gap-2">
              {isStudent && (
                <Button
                  variant="secondary"
                  onClick={onReschedule}
                  disabled={!window.open}
                  aria-describedby={`lesson-${lesson.id}-details-window`}
                >
                  {arLessons.marketplace.lessons.reschedule}
                </Button>
              )}
              <Button
                variant="danger"
                onClick={onCancel}
                disabled={!window.open}
                aria-describedby={`lesson-${lesson.id}-details-window`}
              >
                {arLessons.marketplace.lessons.cancel}
              </Button>
              <AddToGoogleCalendar lesson={lesson} otherName={name} about={about} />
            </div>
          </div>
        )}
      </div>
    </Dialog>
  );
}
