import { ScheduleBoard } from "../../features/availability/schedule-board";
import { ar } from "../../i18n/ar-EG";
import { PageFrame } from "../../ui/page-frame";

/** /schedule-management */
export function ScheduleManagementPage() {
  return (
    <PageFrame title={ar.schedule.title} subtitle={ar.schedule.subtitle} width="wide">
      <ScheduleBoard />
    </PageFrame>
  );
}
