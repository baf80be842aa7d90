import { useState } from "react";
import type { Onboarding, OnboardingStep } from "@schema/api/onboarding";
import type { Gender } from "@schema/enums";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { formatDateTime, formatNumber } from "../../lib/format";
import { byGender } from "../../lib/plural";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Badge } from "../../ui/notice";
import { toasts } from "../../ui/toast-store";
import { ConfirmDialog, Figure, QueryState } from "./admin-ui";
import { useOnboardingQuery, useSetTutorActivation } from "./onboarding";
import { useTutoringMinutesQuery } from "./tutors";

const t = arAdmin.adminArea.tutor;
const stepNames = arTutorJourney.onboarding.steps;
const steps = ["introVideo", "interview", "demoSession", "photoSession"] as const;

type TutorGender = Gender | null | undefined;

const stepTone = { todo: "neutral", pending: "info", rejected: "error", passed: "success" } as const;

function StepLine({ name, step, gender }: { name: string; step: OnboardingStep; gender: TutorGender }) {
  return (
    <li className="flex flex-col gap-1 py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">{name}</span>
        <Badge tone={stepTone[step.state]}>{t.stepStates[step.state]}</Badge>
      </div>
      {step.start && (
        <span className="text-sm text-slate-700">{t.scheduledAt(formatDateTime(step.start))}</span>
      )}
      {step.retryAt && (
        <span className="text-sm text-slate-700">
          {byGender(t.retryAt, gender, formatDateTime(step.retryAt))}
        </span>
      )}
      {step.feedback && (
        <span className="text-sm text-slate-700">
          {t.feedback} <bdi>{step.feedback}</bdi>
        </span>
      )}
    </li>
  );
}

function ActivationActions({ onboarding, gender }: { onboarding: Onboarding; gender: TutorGender }) {
  const change = useSetTutorActivation(onboarding.tutorId);
  const [confirming, setConfirming] = useState(false);
  const run = (body: { activated?: boolean; bypassOnboarding?: boolean }) =>
    change.mutate(body, {
      onSuccess: () => {
        setConfirming(false);
        toasts.show({ id: "tutor-activation", type: "success", title: t.changed });
      },
    });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-800">
        {onboarding.activated ? byGender(t.activated, gender) : t.notActivated}
      </p>
      {onboarding.bypassOnboarding && <p className="text-sm text-slate-700">{t.bypassOn}</p>}
      <div className="flex flex-wrap gap-2">
        {onboarding.activated ? (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t.deactivate}
          </Button>
        ) : (
          <Button loading={change.isPending && !confirming} onClick={() => run({ activated: true })}>
            {t.activate}
          </Button>
        )}
        {onboarding.bypassOnboarding ? (
          <Button variant="secondary" onClick={() => run({ bypassOnboarding: false })}>
            {t.unbypass}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => run({ bypassOnboarding: true })}>
            {t.bypass}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t.deactivateTitle}
        body={byGender(t.deactivateBody, gender)}
        confirmLabel={t.confirmDeactivate}
        pending={change.isPending}
        error={change.error}
        onConfirm={() => run({ activated: false })}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

/**
 * A tutor's onboarding steps, activation actions and minutes taught (admin user and tutor pages);
 * the lines about the tutor follow `gender` («انضم/انضمت», docs/glossary.md).
 */
export function TutorAdminPanel({ tutorId, gender }: { tutorId: number; gender?: TutorGender }) {
  const onboarding = useOnboardingQuery(tutorId);
  const minutes = useTutoringMinutesQuery(tutorId);
  return (
    <>
      <Card title={t.activation}>
        <QueryState query={onboarding}>
          {(data) => <ActivationActions onboarding={data} gender={gender} />}
        </QueryState>
      </Card>
      <Card title={t.onboarding}>
        <QueryState query={onboarding}>
          {(data) => (
            <ul className="flex flex-col divide-y divide-slate-200">
              <li className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-medium text-slate-900">{stepNames.supportGroup}</span>
                <Badge tone={data.supportGroup.joined ? "success" : "neutral"}>
                  {byGender(data.supportGroup.joined ? t.joined : t.notJoined, gender)}
                </Badge>
              </li>
              {steps.map((step) => (
                <StepLine key={step} name={stepNames[step]} step={data[step]} gender={gender} />
              ))}
            </ul>
          )}
        </QueryState>
      </Card>
      <Card title={t.minutes}>
        <QueryState query={minutes}>
          {(data) => (
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <Figure label={t.taught} value={formatNumber(data.taught)} />
              <Figure label={t.taughtThisMonth} value={formatNumber(data.taughtThisMonth)} />
              <Figure label={t.upcoming} value={formatNumber(data.upcoming)} />
            </dl>
          )}
        </QueryState>
      </Card>
    </>
  );
}
