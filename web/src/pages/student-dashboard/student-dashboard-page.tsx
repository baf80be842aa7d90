import { DashboardOverview } from "../../features/dashboard/dashboard-overview";
import { UserGate } from "../../features/user/user-gate";

/** /s/dashboard */
export function StudentDashboardPage() {
  return (
    <div className="mx-auto w-full max-w-4xl">
      <UserGate>{(user) => <DashboardOverview user={user} tutorMeta={null} />}</UserGate>
    </div>
  );
}
