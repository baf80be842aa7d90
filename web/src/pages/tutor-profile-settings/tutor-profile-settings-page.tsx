import { TopicPicker } from "../../features/topics/topic-picker";
import { TutorProfileForm } from "../../features/tutor-profile/tutor-profile-form";
import { useTutorMetaQuery } from "../../features/user/use-current-user";
import { UserGate } from "../../features/user/user-gate";
import { ar } from "../../i18n/ar-EG";
import { useSession } from "../../lib/session";
import { Card } from "../../ui/card";
import { PageFrame } from "../../ui/page-frame";
import { LoadingScreen } from "../../ui/spinner";

/** /t/profile-settings */
export function TutorProfileSettingsPage() {
  const meta = useTutorMetaQuery();
  const { tutorMeta } = useSession();
  return (
    <PageFrame title={ar.tutorProfile.title} subtitle={ar.tutorProfile.subtitle} width="wide">
      <UserGate>
        {(user) =>
          meta.isPending && !tutorMeta ? (
            <LoadingScreen />
          ) : (
            <div className="grid gap-6 lg:grid-cols-2">
              <Card title={ar.tutorProfile.detailsTitle}>
                <TutorProfileForm key={`${user.id}-${tutorMeta ? "meta" : "none"}`} user={user} meta={tutorMeta ?? meta.data ?? null} />
              </Card>
              <Card title={ar.tutorProfile.topicsTitle}>
                <TopicPicker />
              </Card>
            </div>
          )
        }
      </UserGate>
    </PageFrame>
  );
}
