import { ScheduleBoard } from "../../features/availability/schedule-board";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { viewerClock } from "../../lib/format";
import { PageFrame } from "../../ui/page-frame";

/** /schedule-management */
export function ScheduleManagementPage() {
  return (
    <PageFrame
      title={arLessons.schedule.title}
      subtitle={arLessons.schedule.subtitle(viewerClock())}
      width="wide"
    >
      <ScheduleBoard />
    </PageFrame>
  );
}
