import type { LessonView } from "@schema/api/lesson";
import { errorMessage } from "../../i18n/ar-EG";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { byGender } from "../../lib/plural";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { toasts } from "../../ui/toast-store";
import { useBusinessWords } from "../marketing/business-words";
import { BookingFlow } from "./booking-flow";
import { useCancelLesson } from "./use-lessons";

const t = arLessons.marketplace.lessons;

/** The other member of a lesson, seen by `userId` (the tutor for a student, the student for a tutor). */
export function otherMember(lesson: LessonView, userId: number) {
  return lesson.tutor.id === userId ? lesson.student : lesson.tutor;
}

/** The Arabic message of a refused cancel or reschedule (e.g. lesson-cancel-window-passed: the 6-hour rule). */
export function lessonChangeError(error: unknown): string {
  return errorMessage(errorCodeOf(error));
}

/**
 * What cancelling gives back: a trial lesson booked without a plan took no minutes (none return);
 * otherwise the minutes go back to the student's week — «لرصيدك» for the student, the student's
 * (in their gender) for the tutor.
 */
export function cancelBodyFor(lesson: LessonView, userId: number): string {
  if (lesson.isTrial && lesson.subscriptionId === null) return t.cancelBodyTrial;
  if (lesson.tutor.id === userId) return byGender(t.cancelBodyForTutor, lesson.student.gender);
  return t.cancelBody;
}

/** Asks before cancelling a lesson; the refusal's Arabic message shows in the dialog. */
export function CancelLessonDialog({
  lesson,
  userId,
  onClose,
}: {
  lesson: LessonView;
  userId: number;
  onClose: () => void;
}) {
  const cancel = useCancelLesson();
  const other = otherMember(lesson, userId);
  const { fill } = useBusinessWords();
  return (
    <Dialog open onClose={onClose} title={t.cancelTitle} description={fill(cancelBodyFor(lesson, userId))}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-800">
          {t.lessonOf(other.name ?? arLessons.marketplace.tutors.unnamed, formatDateTime(lesson.start))}
        </p>
        {cancel.isError && <Notice tone="error">{lessonChangeError(cancel.error)}</Notice>}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="danger"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(lesson.id, {
                onSuccess: () => {
                  toasts.show({ id: "lesson-canceled", type: "success", title: t.canceled });
                  onClose();
                },
              })
            }
          >
            {t.cancelConfirm}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t.keep}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The booking flow in a dialog, moving an existing lesson (students only). */
export function RescheduleLessonDialog({ lesson, onClose }: { lesson: LessonView; onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={arLessons.marketplace.booking.rescheduleTitle}
      className="sm:max-w-xl"
    >
      <BookingFlow
        tutorId={lesson.tutor.id}
        tutorName={lesson.tutor.name ?? arLessons.marketplace.tutors.unnamed}
        lesson={lesson}
        onDone={onClose}
      />
    </Dialog>
  );
}
