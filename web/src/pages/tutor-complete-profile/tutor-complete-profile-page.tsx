import { useNavigate } from "react-router-dom";
import { TutorCompleteProfileForm } from "../../features/tutor-profile/tutor-complete-profile-form";
import { AvatarUpload } from "../../features/user/avatar-upload";
import { useTutorMetaQuery } from "../../features/user/use-current-user";
import { UserGate } from "../../features/user/user-gate";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { useSession } from "../../lib/session";
import { Card } from "../../ui/card";
import { PageFrame } from "../../ui/page-frame";
import { LoadingScreen } from "../../ui/spinner";

/** /t/complete-profile — the tutor's Arabic name, bio, about, account fields, phone and photo; then onboarding. */
export function TutorCompleteProfilePage() {
  const navigate = useNavigate();
  const meta = useTutorMetaQuery();
  const { tutorMeta } = useSession();
  return (
    <PageFrame title={arTutorJourney.tutorComplete.title} subtitle={arTutorJourney.tutorComplete.intro}>
      <UserGate>
        {(user) =>
          meta.isPending && !tutorMeta ? (
            <LoadingScreen />
          ) : (
            <>
              <Card>
                <AvatarUpload user={user} />
              </Card>
              <Card>
                <TutorCompleteProfileForm
                  key={`${user.id}-${tutorMeta ? "meta" : "none"}`}
                  user={user}
                  meta={tutorMeta ?? meta.data ?? null}
                  onDone={() => void navigate("/t/onboarding")}
                />
              </Card>
            </>
          )
        }
      </UserGate>
    </PageFrame>
  );
}
