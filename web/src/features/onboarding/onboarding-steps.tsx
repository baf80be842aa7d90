import { Link } from "react-router-dom";
import type { Onboarding } from "@schema/api/onboarding";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { formatNumber } from "../../lib/format";
import { buttonClasses } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Badge, Notice } from "../../ui/notice";
import { PhotoSessionStep } from "../studio/photo-session-step";
import { BookingStep } from "./booking-step";
import { IntroVideoStep } from "./intro-video-step";
import { isOnboarded, stepRows, type StepRow, type StepStatus } from "./logic";
import { SupportGroupStep } from "./support-group-step";

const badgeTone: Record<StepStatus, "success" | "info" | "warning" | "error" | "neutral"> = {
  done: "success",
  current: "info",
  pending: "warning",
  rejected: "error",
  locked: "neutral",
  studio: "neutral",
};

/** The five onboarding steps in order, each with its state and next action, then activation. */
export function OnboardingSteps({ onboarding }: { onboarding: Onboarding }) {
  const rows = stepRows(onboarding);
  return (
    <div className="flex flex-col gap-4">
      {isOnboarded(onboarding) ? (
        <ActivatedCard
          activated={onboarding.activated}
          photographed={onboarding.photoSession.state === "passed"}
        />
      ) : (
        onboarding.current === "activation" && (
          <Notice tone="info">{arTutorJourney.onboarding.waitingActivation}</Notice>
        )
      )}
      <ol aria-label={arTutorJourney.onboarding.stepsLabel} className="flex flex-col gap-4">
        {rows.map((row, index) => (
          <StepCard
            key={row.key}
            row={row}
            index={index}
            onboarding={onboarding}
            isCurrent={onboarding.current === row.key}
          />
        ))}
      </ol>
    </div>
  );
}

function ActivatedCard({ activated, photographed }: { activated: boolean; photographed: boolean }) {
  if (!activated) return <Notice tone="info">{arTutorJourney.onboarding.waitingActivation}</Notice>;
  return (
    <section className="flex flex-col items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 sm:p-6">
      <h2 className="text-lg font-bold text-emerald-900">{arTutorJourney.onboarding.activatedTitle}</h2>
      {/* Listed only with the studio's photo, video and thumbnail (docs/rules.md). */}
      <p className="text-emerald-900">
        {photographed ? arTutorJourney.onboarding.activatedBody : arTutorJourney.studio.activatedNeedsPhoto}
      </p>
      <Link to="/schedule-management" className={buttonClasses("primary")}>
        {arTutorJourney.onboarding.openSchedule}
      </Link>
    </section>
  );
}

function StepCard({
  row,
  index,
  onboarding,
  isCurrent,
}: {
  row: StepRow;
  index: number;
  onboarding: Onboarding;
  isCurrent: boolean;
}) {
  const title = arTutorJourney.onboarding.steps[row.key];
  return (
    <li
      aria-current={isCurrent ? "step" : undefined}
      className={cx(
        "rounded-2xl border bg-white p-4 shadow-sm sm:p-6",
        isCurrent ? "border-brand-300 ring-2 ring-brand-100" : "border-slate-200",
      )}
    >
      <header className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className={cx(
              "flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold",
              row.status === "done"
                ? "bg-emerald-600 text-white"
                : isCurrent
                  ? "bg-brand-700 text-white"
                  : "bg-slate-200 text-slate-700",
            )}
          >
            {row.status === "done" ? "✓" : formatNumber(index + 1)}
          </span>
          <h2 className="text-lg font-bold text-slate-900">
            <span className="sr-only">{arTutorJourney.onboarding.stepNumber(formatNumber(index + 1))}: </span>
            {title}
          </h2>
        </div>
        <Badge tone={badgeTone[row.status]}>{arTutorJourney.onboarding.statuses[row.status]}</Badge>
      </header>
      <StepBody row={row} onboarding={onboarding} />
    </li>
  );
}

function StepBody({ row, onboarding }: { row: StepRow; onboarding: Onboarding }) {
  switch (row.key) {
    case "supportGroup":
      return <SupportGroupStep supportGroup={onboarding.supportGroup} />;
    case "introVideo":
      return <IntroVideoStep step={onboarding.introVideo} />;
    case "interview":
      return <BookingStep kind="interview" step={onboarding.interview} />;
    case "demoSession":
      return <BookingStep kind="demo" step={onboarding.demoSession} />;
    case "photoSession":
      return <PhotoSessionStep step={onboarding.photoSession} />;
  }
}
