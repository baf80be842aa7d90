import { Link } from "react-router-dom";
import { OnboardingSteps } from "../../features/onboarding/onboarding-steps";
import { useOnboardingQuery } from "../../features/onboarding/use-onboarding";
import { isTutorProfileComplete } from "../../features/tutor-profile/complete-profile-rules";
import { useTutorMetaQuery } from "../../features/user/use-current-user";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf } from "../../lib/api-error";
import { useSession } from "../../lib/session";
import { Button, buttonClasses } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Spinner } from "../../ui/spinner";

/** /t/onboarding */
export function TutorOnboardingPage() {
  const onboarding = useOnboardingQuery();
  const meta = useTutorMetaQuery();
  const { user, tutorMeta } = useSession();
  const profileMissing =
    user !== null &&
    (tutorMeta ?? meta.data) !== undefined &&
    !isTutorProfileComplete(user, tutorMeta ?? meta.data ?? null);
  return (
    <PageFrame
      title={arTutorJourney.onboarding.title}
      subtitle={arTutorJourney.onboarding.subtitle}
      width="wide"
    >
      {profileMissing && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4">
          <p className="text-amber-950">{arTutorJourney.tutorComplete.onboardingNotice}</p>
          <Link to="/t/complete-profile" className={buttonClasses("primary")}>
            {arTutorJourney.tutorComplete.openCompleteProfile}
          </Link>
        </div>
      )}
      {onboarding.isPending && <Spinner size="lg" />}
      {onboarding.isError && (
        <div className="flex flex-col items-start gap-3">
          <Notice tone="error">{errorMessage(errorCodeOf(onboarding.error))}</Notice>
          <Button variant="secondary" onClick={() => void onboarding.refetch()}>
            {ar.ui.retry}
          </Button>
        </div>
      )}
      {onboarding.data && <OnboardingSteps onboarding={onboarding.data} />}
    </PageFrame>
  );
}
