import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { isTutorSide } from "@schema/enums";
import { homePathFor, safeNextPath } from "../../features/session/home-path";
import { ProfileForm } from "../../features/user/profile-form";
import { UserGate } from "../../features/user/user-gate";
import { arProfile } from "../../i18n/ar-EG-profile";
import { Card } from "../../ui/card";
import { PageFrame } from "../../ui/page-frame";
import { toasts } from "../../ui/toast-store";

/** /complete-profile — name, birth year, gender, governorate and notification app. */
export function CompleteProfilePage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <PageFrame title={arProfile.profile.completeTitle} subtitle={arProfile.profile.completeIntro}>
      <Card>
        <UserGate>
          {(user) =>
            isTutorSide(user.role) ? (
              // Tutors have their own screen with the Arabic bio, about and phone.
              <Navigate to="/t/complete-profile" replace />
            ) : (
              <ProfileForm
                user={user}
                submitLabel={arProfile.profile.completeSubmit}
                onSaved={(saved) => {
                  toasts.show({ id: "profile-saved", type: "success", title: arProfile.profile.saved });
                  void navigate(safeNextPath(searchParams.get("next")) ?? homePathFor(saved.role));
                }}
              />
            )
          }
        </UserGate>
      </Card>
    </PageFrame>
  );
}
