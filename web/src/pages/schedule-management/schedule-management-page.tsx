import { ScheduleBoard } from "../../features/availability/schedule-board";
import { ar } from "../../i18n/ar-EG";
import { viewerClock } from "../../lib/format";
import { PageFrame } from "../../ui/page-frame";

/** /schedule-management */
export function ScheduleManagementPage() {
  return (
    <PageFrame title={ar.schedule.title} subtitle={ar.schedule.subtitle(viewerClock())} width="wide">
      <ScheduleBoard />
    </PageFrame>
  );
}
