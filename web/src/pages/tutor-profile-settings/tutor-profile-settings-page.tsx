import { TopicPicker } from "../../features/topics/topic-picker";
import { TutorProfileForm } from "../../features/tutor-profile/tutor-profile-form";
import { useTutorMetaQuery } from "../../features/user/use-current-user";
import { UserGate } from "../../features/user/user-gate";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { useSession } from "../../lib/session";
import { Card } from "../../ui/card";
import { PageFrame } from "../../ui/page-frame";
import { LoadingScreen } from "../../ui/spinner";

/** /t/profile-settings */
export function TutorProfileSettingsPage() {
  const meta = useTutorMetaQuery();
  const { tutorMeta } = useSession();
  return (
    <PageFrame
      title={arTutorJourney.tutorProfile.title}
      subtitle={arTutorJourney.tutorProfile.subtitle}
      width="wide"
    >
      <UserGate>
        {(user) =>
          meta.isPending && !tutorMeta ? (
            <LoadingScreen />
          ) : (
            <div className="grid gap-6 lg:grid-cols-2">
              <Card title={arTutorJourney.tutorProfile.detailsTitle}>
                <TutorProfileForm
                  key={`${user.id}-${tutorMeta ? "meta" : "none"}`}
                  user={user}
                  meta={tutorMeta ?? meta.data ?? null}
                />
              </Card>
              <Card title={arTutorJourney.tutorProfile.topicsTitle}>
                <TopicPicker />
              </Card>
            </div>
          )
        }
      </UserGate>
    </PageFrame>
  );
}
