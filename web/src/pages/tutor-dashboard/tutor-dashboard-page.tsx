import { Role } from "@schema/enums";
import { DashboardOverview } from "../../features/dashboard/dashboard-overview";
import { ManagerHome } from "../../features/onboarding/manager-home";
import { MyReviews } from "../../features/ratings/my-reviews";
import { UserGate } from "../../features/user/user-gate";
import { useSession } from "../../lib/session";

/**
 * /t/dashboard — where the tutor side lands after signing in (web/src/features/session/home-path.ts):
 * a tutor's lessons and earnings; a tutor manager's interviews and demo sessions to decide and today's.
 */
export function TutorDashboardPage() {
  const { tutorMeta, user } = useSession();
  if (user?.role === Role.TutorManager) return <ManagerHome />;
  return (
    <div className="mx-auto w-full max-w-4xl">
      <UserGate>
        {(user) => (
          <>
            <DashboardOverview user={user} tutorMeta={tutorMeta} />
            <div className="mt-6">
              <MyReviews tutorId={user.id} />
            </div>
          </>
        )}
      </UserGate>
    </div>
  );
}
