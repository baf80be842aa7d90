import { LessonsCalendar } from "../../features/lessons/lessons-calendar";
import { ar } from "../../i18n/ar-EG";
import { viewerClock } from "../../lib/format";
import { PageFrame } from "../../ui/page-frame";

/** /lessons-schedule — the week's lessons of a student or a tutor, in a Saturday-first calendar. */
export function LessonsSchedulePage() {
  return (
    <PageFrame title={ar.lessonsSchedule.title} subtitle={ar.lessonsSchedule.subtitle(viewerClock())} width="wide">
      <LessonsCalendar />
    </PageFrame>
  );
}
