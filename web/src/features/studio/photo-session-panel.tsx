import { useState, type FormEvent } from "react";
import type { StudioTutorView } from "@schema/api/photo-session";
import { PhotoSessionStatus } from "@schema/enums";
import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime, formatTime, viewerClock } from "../../lib/format";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Badge, Notice } from "../../ui/notice";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { zonedInstant } from "../availability/week";
import {
  appointmentInstant,
  appointmentMinutes,
  appointmentParts,
  isOpen,
  missingMedia,
} from "./session-rules";
import { usePatchPhotoSession } from "./use-studio";

const t = arTutorJourney.studio;

export const statusTone = {
  [PhotoSessionStatus.Pending]: "warning",
  [PhotoSessionStatus.Scheduled]: "info",
  [PhotoSessionStatus.Done]: "success",
  [PhotoSessionStatus.Canceled]: "neutral",
} as const;

/** The studio's side of the session: its state, the appointment, finishing and cancelling. */
export function PhotoSessionPanel({ tutor }: { tutor: StudioTutorView }) {
  const session = tutor.photoSession;
  if (!session) return <Notice tone="info">{t.noSession}</Notice>;
  const open = isOpen(session.status);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-slate-600">{t.status}</dt>
          <dd>
            <Badge tone={statusTone[session.status]}>{t.statuses[session.status]}</Badge>
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-slate-600">{t.appointment}</dt>
          <dd className="font-medium text-slate-900">
            {session.scheduledAt ? formatDateTime(session.scheduledAt) : t.noAppointment}
          </dd>
        </div>
      </dl>
      {open && <ScheduleForm sessionId={session.id} scheduledAt={session.scheduledAt} />}
      {open && <FinishActions sessionId={session.id} tutor={tutor} />}
      {session.status === PhotoSessionStatus.Done && <Notice tone="success">{t.doneNotice}</Notice>}
      {session.status === PhotoSessionStatus.Canceled && <Notice tone="info">{t.canceledNotice}</Notice>}
    </div>
  );
}

const timeOptions = appointmentMinutes.map((minute) => ({
  value: String(minute),
  // Any day works for the label: only the wall-clock time is shown.
  label: formatTime(zonedInstant("2026-01-10", minute) ?? new Date()),
}));

function ScheduleForm({ sessionId, scheduledAt }: { sessionId: number; scheduledAt: string | null }) {
  const initial = appointmentParts(scheduledAt, new Date());
  const [day, setDay] = useState(initial.day);
  const [minute, setMinute] = useState(initial.minute);
  const [problem, setProblem] = useState<string | null>(null);
  const patch = usePatchPhotoSession();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = appointmentInstant(day, minute, new Date());
    if (!checked.ok) return setProblem(checked.problem);
    setProblem(null);
    patch.mutate(
      { id: sessionId, scheduledAt: checked.at },
      {
        onSuccess: () =>
          toasts.show({ id: "photo-session-time", type: "success", title: t.appointmentSaved }),
        onError: (error) => setProblem(errorCodeOf(error)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-bold text-slate-900">
          {scheduledAt ? t.changeAppointment : t.setAppointment}
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t.day}
            type="date"
            ltr
            required
            value={day}
            onChange={(event) => setDay(event.target.value)}
          />
          <Select
            label={t.time}
            required
            placeholder={t.chooseTime}
            options={timeOptions}
            value={minute}
            onChange={(event) => setMinute(event.target.value)}
          />
        </div>
        <p className="text-sm text-slate-600">{t.onClock(viewerClock())}</p>
      </fieldset>
      {problem && <Notice tone="error">{errorMessage(problem)}</Notice>}
      <div>
        <Button type="submit" variant="secondary" loading={patch.isPending}>
          {t.saveAppointment}
        </Button>
      </div>
    </form>
  );
}

function FinishActions({ sessionId, tutor }: { sessionId: number; tutor: StudioTutorView }) {
  const patch = usePatchPhotoSession();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const missing = missingMedia(tutor);

  function finish() {
    patch.mutate(
      { id: sessionId, status: PhotoSessionStatus.Done },
      { onSuccess: () => toasts.show({ id: "photo-session", type: "success", title: t.finished }) },
    );
  }
  function cancel() {
    patch.mutate(
      { id: sessionId, status: PhotoSessionStatus.Canceled },
      {
        onSuccess: () => {
          setConfirmCancel(false);
          toasts.show({ id: "photo-session", type: "success", title: t.canceled });
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-3">
      {missing.length > 0 && (
        <p className="text-sm text-slate-700">
          {t.finishNeeds(missing.map((kind) => t.assetTitles[kind]).join("، "))}
        </p>
      )}
      {patch.isError && !confirmCancel && (
        <Notice tone="error">{errorMessage(errorCodeOf(patch.error))}</Notice>
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={missing.length > 0} loading={patch.isPending && !confirmCancel} onClick={finish}>
          {t.finish}
        </Button>
        <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
          {t.cancelSession}
        </Button>
      </div>
      <Dialog
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title={t.cancelTitle}
        description={t.cancelBody}
      >
        {patch.isError && <Notice tone="error">{errorMessage(errorCodeOf(patch.error))}</Notice>}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
            {arTutorJourney.onboarding.keep}
          </Button>
          <Button variant="danger" loading={patch.isPending} onClick={cancel}>
            {t.cancelConfirm}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
