import { useId, useState } from "react";
import { Link } from "react-router-dom";
import type { OnboardingStep } from "@schema/api/onboarding";
import { InterviewStatus, ReviewStatus } from "@schema/enums";
import { errorMessage } from "../../i18n/ar-EG";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf } from "../../lib/api-error";
import { formatDate, formatDateTime, formatTime, viewerClock } from "../../lib/format";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { toasts } from "../../ui/toast-store";
import { canCancelBefore, groupStarts } from "./logic";
import { StepFeedback } from "./step-feedback";
import {
  useBook,
  usePatchDemo,
  usePatchInterview,
  useProposalQuery,
  type BookingKind,
} from "./use-onboarding";
import { madeOnce } from "../../lib/made-once";

const dayFormat = madeOnce(
  () => new Intl.DateTimeFormat("ar-EG", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }),
);
const dayLabel = (day: string) => dayFormat().format(new Date(`${day}T12:00:00Z`));

/** Steps 3 and 4: book a 30-minute time with a tutor manager, cancel before it starts, see the result. */
export function BookingStep({ kind, step }: { kind: BookingKind; step: OnboardingStep }) {
  const text = arTutorJourney.onboarding;
  if (step.state === "passed")
    return (
      <div className="flex flex-col gap-2">
        <Notice tone="success">{kind === "interview" ? text.interviewPassed : text.demoPassed}</Notice>
        <StepFeedback feedback={step.feedback} />
      </div>
    );
  if (step.state === "pending" && step.id !== null && step.start)
    return <BookedTime kind={kind} id={step.id} start={step.start} waiting={step.next === "wait"} />;
  if (kind === "demo" && step.state === "todo" && step.next === "wait")
    return <p className="text-slate-700">{text.demoLocked}</p>;
  return (
    <div className="flex flex-col gap-3">
      {step.state === "rejected" && (
        <>
          <Notice tone="error">{kind === "interview" ? text.interviewRejected : text.demoRejected}</Notice>
          <StepFeedback feedback={step.feedback} />
          <p className="text-sm text-slate-700">
            {step.retryAt ? text.retryAt(formatDate(step.retryAt)) : text.retryNow}
          </p>
        </>
      )}
      {step.next === "book" && <SlotPicker kind={kind} />}
    </div>
  );
}

function BookedTime({
  kind,
  id,
  start,
  waiting,
}: {
  kind: BookingKind;
  id: number;
  start: string;
  waiting: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const patchInterview = usePatchInterview();
  const patchDemo = usePatchDemo();
  const cancel = kind === "interview" ? patchInterview : patchDemo;
  const cancellable = !waiting && canCancelBefore(start, new Date());

  function onCancel() {
    const done = {
      onSuccess: () => {
        setConfirming(false);
        toasts.show({ id: `cancel-${kind}`, type: "success", title: arTutorJourney.onboarding.canceled });
      },
    };
    if (kind === "interview")
      patchInterview.mutate({ id, status: InterviewStatus.CanceledByInterviewee }, done);
    else patchDemo.mutate({ id, status: ReviewStatus.CanceledByTutor }, done);
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium text-slate-900">
        {arTutorJourney.onboarding.bookedAt(formatDateTime(start))}
      </p>
      {waiting && <Notice tone="info">{arTutorJourney.onboarding.waitDecision}</Notice>}
      <div className="flex flex-wrap gap-2">
        <Link
          to={kind === "interview" ? `/interview/${id}` : `/demo-session/${id}`}
          className="inline-flex min-h-11 items-center rounded-lg px-2 font-medium text-brand-800 underline"
        >
          {arTutorJourney.onboarding.openDetails}
        </Link>
        {cancellable && (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {arTutorJourney.onboarding.cancelBooking}
          </Button>
        )}
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={arTutorJourney.onboarding.cancelTitle}
        description={arTutorJourney.onboarding.cancelBody}
      >
        {cancel.isError && <Notice tone="error">{errorMessage(errorCodeOf(cancel.error))}</Notice>}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {arTutorJourney.onboarding.keep}
          </Button>
          <Button variant="danger" loading={cancel.isPending} onClick={onCancel}>
            {arTutorJourney.onboarding.cancelConfirm}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function SlotPicker({ kind }: { kind: BookingKind }) {
  const name = useId();
  const proposal = useProposalQuery(kind, true);
  const book = useBook(kind);
  const [chosen, setChosen] = useState<string | null>(null);
  const text = arTutorJourney.onboarding;

  if (proposal.isPending) return <Spinner />;
  if (proposal.isError) return <Notice tone="error">{errorMessage(errorCodeOf(proposal.error))}</Notice>;
  const { manager, starts } = proposal.data;
  if (!manager) return <Notice tone="warning">{text.noManager}</Notice>;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">
        {kind === "interview" ? text.interviewBody : text.demoBody} {text.withManager}{" "}
        <bdi>{manager.name ?? text.noName}</bdi>.
      </p>
      {starts.length === 0 ? (
        <Notice tone="warning">{text.noStarts}</Notice>
      ) : (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-slate-800">{text.pickTime(viewerClock())}</legend>
          {groupStarts(starts).map((week) => (
            <div key={week.weekStart} className="flex flex-col gap-3">
              <p className="text-xs font-medium text-slate-500">{text.weekOf(dayLabel(week.weekStart))}</p>
              {week.days.map((day) => (
                <div
                  key={day.day}
                  role="group"
                  aria-label={dayLabel(day.day)}
                  className="flex flex-col gap-1.5"
                >
                  <p className="text-sm font-bold text-slate-800">{dayLabel(day.day)}</p>
                  <div className="flex flex-wrap gap-2">
                    {day.starts.map((start) => (
                      <label
                        key={start}
                        className="inline-flex min-h-10 cursor-pointer items-center rounded-lg border border-slate-300 px-3 text-sm text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600"
                      >
                        <input
                          type="radio"
                          name={name}
                          value={start}
                          checked={chosen === start}
                          onChange={() => setChosen(start)}
                          className="sr-only"
                        />
                        {formatTime(start)}
                      </label>
                    ))}
                  </div>
                </div>
              ))}
            </div>
          ))}
        </fieldset>
      )}
      {book.isError && <Notice tone="error">{errorMessage(errorCodeOf(book.error))}</Notice>}
      {starts.length > 0 && (
        <div>
          <Button
            disabled={!chosen}
            loading={book.isPending}
            onClick={() =>
              chosen &&
              book.mutate(
                { managerId: manager.id, start: chosen },
                { onSuccess: () => toasts.show({ id: `book-${kind}`, type: "success", title: text.booked }) },
              )
            }
          >
            {text.book}
          </Button>
        </div>
      )}
    </div>
  );
}
