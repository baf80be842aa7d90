import { useState } from "react";
import type { OnboardingStep } from "@schema/api/onboarding";
import { PhotoSessionStatus } from "@schema/enums";
import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { Select } from "../../ui/select";
import { Spinner } from "../../ui/spinner";
import { RateStudio } from "../ratings/rate-studio";
import { toasts } from "../../ui/toast-store";
import {
  usePatchPhotoSession,
  usePhotoSessionQuery,
  useRequestPhotoSession,
  useStudiosQuery,
} from "./use-studio";

const t = arTutorJourney.studio;

/** Step 5 on /t/onboarding: ask a studio for a session, then wait for its appointment and its uploads. */
export function PhotoSessionStep({ step }: { step: OnboardingStep }) {
  if (step.state === "passed")
    return (
      <div className="flex flex-col gap-3">
        <Notice tone="success">{arTutorJourney.onboarding.photoDone}</Notice>
        {step.id !== null && <RateStudio sessionId={step.id} />}
      </div>
    );
  if (step.state === "pending" && step.id !== null) return <RequestedSession id={step.id} />;
  return <StudioPicker />;
}

function StudioPicker() {
  const studios = useStudiosQuery(true);
  const request = useRequestPhotoSession();
  const [studioId, setStudioId] = useState("");
  const [missing, setMissing] = useState(false);

  if (studios.isPending) return <Spinner />;
  if (studios.isError) return <Notice tone="error">{errorMessage(errorCodeOf(studios.error))}</Notice>;
  if (studios.data.list.length === 0) return <Notice tone="warning">{t.noStudios}</Notice>;
  const options = studios.data.list.map((studio) => ({
    value: String(studio.id),
    label: studio.name ?? arTutorJourney.onboarding.noName,
  }));

  function submit() {
    if (!studioId) return setMissing(true);
    request.mutate(
      { studioId: Number(studioId) },
      { onSuccess: () => toasts.show({ id: "photo-session", type: "success", title: t.requested }) },
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">{t.stepIntro}</p>
      <Select
        label={t.chooseStudio}
        required
        placeholder={t.chooseStudioPlaceholder}
        options={options}
        value={studioId}
        onChange={(event) => {
          setStudioId(event.target.value);
          setMissing(false);
        }}
        error={missing ? errorMessage("required") : undefined}
        className="sm:max-w-xs"
      />
      {request.isError && <Notice tone="error">{errorMessage(errorCodeOf(request.error))}</Notice>}
      <div>
        <Button loading={request.isPending} onClick={submit}>
          {t.request}
        </Button>
      </div>
    </div>
  );
}

function RequestedSession({ id }: { id: number }) {
  const session = usePhotoSessionQuery(id);
  const patch = usePatchPhotoSession();
  const [confirming, setConfirming] = useState(false);
  if (session.isPending) return <Spinner />;
  if (session.isError) return <Notice tone="error">{errorMessage(errorCodeOf(session.error))}</Notice>;
  const view = session.data;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">
        {t.statuses[view.status]} {t.withStudio}{" "}
        <bdi className="font-medium text-slate-900">
          {view.studioName ?? arTutorJourney.onboarding.noName}
        </bdi>
      </p>
      {view.status === PhotoSessionStatus.Scheduled && view.scheduledAt ? (
        <p className="font-medium text-slate-900">
          {arTutorJourney.onboarding.photoScheduled(formatDateTime(view.scheduledAt))}
        </p>
      ) : (
        <p className="text-slate-700">{t.waitingStudio}</p>
      )}
      <div>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t.cancelRequest}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t.cancelRequestTitle}
        description={t.cancelRequestBody}
      >
        {patch.isError && <Notice tone="error">{errorMessage(errorCodeOf(patch.error))}</Notice>}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {arTutorJourney.onboarding.keep}
          </Button>
          <Button
            variant="danger"
            loading={patch.isPending}
            onClick={() =>
              patch.mutate(
                { id, status: PhotoSessionStatus.Canceled },
                {
                  onSuccess: () => {
                    setConfirming(false);
                    toasts.show({ id: "photo-session", type: "success", title: t.canceled });
                  },
                },
              )
            }
          >
            {t.cancelConfirm}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
