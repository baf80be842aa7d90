import { useId, useState, type FormEvent } from "react";
import { SlotPurpose } from "@schema/enums";
import { ar, errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { Select } from "../../ui/select";
import { dayLabel, purposeHint, purposeOptions, timeOfDayLabel } from "./labels";
import { dialogDays, startMinutes } from "./slot-options";
import { minuteLabel, ROWS_PER_DAY, SLOT_MINUTES, zonedInstant, type PlainDay } from "./week";

export type SlotDraftValues = { day: PlainDay; startMinute: number; endMinute: number; purpose: SlotPurpose };

type SlotDialogProps = {
  mode: "create" | "edit";
  initial: SlotDraftValues;
  days: PlainDay[];
  /** Only today (from the next 15-minute step after it) and later days are offered (slot-options.ts). */
  now: Date;
  /** The slot has started: shown, not editable. */
  locked?: boolean;
  /** Why the range cannot be used (an error code), or null. */
  check: (range: { start: string; end: string }) => string | null;
  onApply: (range: { start: string; end: string }, purpose: SlotPurpose) => void;
  onRemove?: () => void;
  onUndo?: () => void;
  onClose: () => void;
};

const minutesOfDay = Array.from({ length: ROWS_PER_DAY + 1 }, (_, row) => row * SLOT_MINUTES);

/** The first values moved onto an open day and start when they name a time that has gone by. */
function openValues(initial: SlotDraftValues, days: PlainDay[], now: Date): SlotDraftValues {
  const open = dialogDays(days, now);
  const day = open.includes(initial.day) ? initial.day : (open[0] ?? initial.day);
  const first = startMinutes(day, now, SLOT_MINUTES)[0] ?? 0;
  const startMinute = Math.max(initial.startMinute, first);
  const endMinute = initial.endMinute > startMinute ? initial.endMinute : Math.min(startMinute + 60, 24 * 60);
  return { ...initial, day, startMinute, endMinute };
}

/** Add or edit a slot with selects: day, start, end (15-minute steps, Cairo time) and purpose. */
export function SlotDialog({
  mode,
  initial,
  days,
  now,
  locked = false,
  check,
  onApply,
  onRemove,
  onUndo,
  onClose,
}: SlotDialogProps) {
  const [values, setValues] = useState(() => (locked ? initial : openValues(initial, days, now)));
  const [error, setError] = useState<string | null>(null);
  const purposeHintId = useId();
  // A started slot shows its own day and times; otherwise nothing that has gone by is offered.
  const openDays = locked ? [initial.day] : dialogDays(days, now);
  const dayOptions = openDays.map((day) => ({ value: day, label: dayLabel(day) }));
  const starts = locked ? minutesOfDay.slice(0, -1) : startMinutes(values.day, now, SLOT_MINUTES);
  const startOptions = [...new Set([...(locked ? [values.startMinute] : []), ...starts])]
    .sort((a, b) => a - b)
    .map((minute) => ({ value: String(minute), label: timeOfDayLabel(minute) }));
  const endOptions = minutesOfDay
    .filter((minute) => minute > values.startMinute)
    .map((minute) => ({ value: String(minute), label: timeOfDayLabel(minute) }));

  function update(patch: Partial<SlotDraftValues>) {
    setError(null);
    setValues((current) => {
      const next = { ...current, ...patch };
      // A day whose earlier hours have gone by starts at its first open step.
      const first = startMinutes(next.day, now, SLOT_MINUTES)[0];
      if (first !== undefined && next.startMinute < first) next.startMinute = first;
      if (next.endMinute <= next.startMinute) next.endMinute = Math.min(next.startMinute + 60, 24 * 60);
      return next;
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const start = zonedInstant(values.day, values.startMinute);
    const end = zonedInstant(values.day, values.endMinute);
    if (!start || !end) {
      setError("bad-request");
      return;
    }
    const range = { start: start.toISOString(), end: end.toISOString() };
    const problem = check(range);
    if (problem) {
      setError(problem);
      return;
    }
    onApply(range, values.purpose);
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={mode === "create" ? arLessons.schedule.addSlot : arLessons.schedule.editSlot}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {locked && <Notice tone="info">{arLessons.schedule.pastLocked}</Notice>}
        {error && <Notice tone="error">{errorMessage(error)}</Notice>}
        <Select
          label={arLessons.schedule.day}
          name="day"
          disabled={locked}
          options={dayOptions}
          value={values.day}
          onChange={(event) => update({ day: event.target.value })}
        />
        <div className="grid grid-cols-2 gap-3">
          <Select
            label={arLessons.schedule.start}
            name="start"
            disabled={locked}
            options={startOptions}
            value={String(values.startMinute)}
            onChange={(event) => update({ startMinute: Number(event.target.value) })}
            data-value={minuteLabel(values.startMinute)}
          />
          <Select
            label={arLessons.schedule.end}
            name="end"
            disabled={locked}
            options={endOptions}
            value={String(values.endMinute)}
            onChange={(event) => update({ endMinute: Number(event.target.value) })}
            data-value={minuteLabel(values.endMinute)}
          />
        </div>
        <Select
          label={arLessons.schedule.purpose}
          name="purpose"
          disabled={locked || mode === "edit"}
          options={purposeOptions}
          value={String(values.purpose)}
          onChange={(event) => update({ purpose: Number(event.target.value) as SlotPurpose })}
          aria-describedby={purposeHintId}
        />
        <p id={purposeHintId} className="-mt-2 text-sm text-slate-700" data-purpose-hint="">
          {purposeHint(values.purpose)}
        </p>
        {mode === "edit" && !locked && (
          <p className="text-sm text-slate-600">{arLessons.schedule.shrinkWarning}</p>
        )}
        <div className="flex flex-wrap gap-2">
          {!locked && <Button type="submit">{arLessons.schedule.apply}</Button>}
          {onUndo && !locked && (
            <Button variant="secondary" onClick={onUndo}>
              {arLessons.schedule.undo}
            </Button>
          )}
          {onRemove && !locked && (
            <Button variant="danger" onClick={onRemove} className="sm:ms-auto">
              {arLessons.schedule.removeSlot}
            </Button>
          )}
          {locked && (
            <Button variant="secondary" onClick={onClose}>
              {ar.ui.close}
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}

type RemoveDialogProps = { description: string; onConfirm: () => void; onClose: () => void };

/** Confirms removing a slot: booked lessons in it are cancelled and the students told. */
export function RemoveSlotDialog({ description, onConfirm, onClose }: RemoveDialogProps) {
  return (
    <Dialog open onClose={onClose} title={arLessons.schedule.removeTitle} description={description}>
      <div className="flex flex-col gap-4">
        <Notice tone="warning">{arLessons.schedule.removeWarning}</Notice>
        <div className="flex flex-wrap gap-2">
          <Button variant="danger" onClick={onConfirm}>
            {arLessons.schedule.removeConfirm}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {ar.ui.cancel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
