import { LessonsCalendar } from "../../features/lessons/lessons-calendar";
import { ar } from "../../i18n/ar-EG";
import { PageFrame } from "../../ui/page-frame";

/** /lessons-schedule — the week's lessons of a student or a tutor, in a Saturday-first calendar. */
export function LessonsSchedulePage() {
  return (
    <PageFrame title={ar.lessonsSchedule.title} subtitle={ar.lessonsSchedule.subtitle} width="wide">
      <LessonsCalendar />
    </PageFrame>
  );
}
