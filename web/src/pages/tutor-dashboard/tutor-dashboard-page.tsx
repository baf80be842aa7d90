import { DashboardOverview } from "../../features/dashboard/dashboard-overview";
import { UserGate } from "../../features/user/user-gate";
import { useSession } from "../../lib/session";

/** /t/dashboard */
export function TutorDashboardPage() {
  const { tutorMeta } = useSession();
  return (
    <div className="mx-auto w-full max-w-4xl">
      <UserGate>{(user) => <DashboardOverview user={user} tutorMeta={tutorMeta} />}</UserGate>
    </div>
  );
}
