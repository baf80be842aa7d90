import { OnboardingSteps } from "../../features/onboarding/onboarding-steps";
import { useOnboardingQuery } from "../../features/onboarding/use-onboarding";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { errorCodeOf } from "../../lib/api-error";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Spinner } from "../../ui/spinner";

/** /t/onboarding */
export function TutorOnboardingPage() {
  const onboarding = useOnboardingQuery();
  return (
    <PageFrame title={ar.onboarding.title} subtitle={ar.onboarding.subtitle} width="wide">
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
