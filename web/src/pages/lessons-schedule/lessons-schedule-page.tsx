import { LessonsCalendar } from "../../features/lessons/lessons-calendar";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { viewerClock } from "../../lib/format";
import { PageFrame } from "../../ui/page-frame";

/** /lessons-schedule — the week's lessons of a student or a tutor, in a Saturday-first calendar. */
export function LessonsSchedulePage() {
  return (
    <PageFrame
      title={arLessons.lessonsSchedule.title}
      subtitle={arLessons.lessonsSchedule.subtitle(viewerClock())}
      width="wide"
    >
      <LessonsCalendar />
    </PageFrame>
  );
}
