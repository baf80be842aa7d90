import { ScheduleBoard } from "../../features/availability/schedule-board";
import { Role } from "@schema/enums";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { arManager } from "../../i18n/ar-EG-manager";
import { useSession } from "../../lib/session";
import { viewerClock } from "../../lib/format";
import { PageFrame } from "../../ui/page-frame";

/** /schedule-management — a tutor's free time for students; a tutor manager's, first of all, for interviews and demo sessions. */
export function ScheduleManagementPage() {
  const manager = useSession().user?.role === Role.TutorManager;
  const copy = manager ? arManager.schedule : arLessons.schedule;
  return (
    <PageFrame title={copy.title} subtitle={copy.subtitle(viewerClock())} width="wide">
      <ScheduleBoard />
    </PageFrame>
  );
}
