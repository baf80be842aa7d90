import { useEffect, useState, useSyncExternalStore } from "react";
import { SlotPurpose } from "@schema/enums";
import { ar, errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { market } from "../../i18n/ar-EG-marketplace";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { errorCodeOf } from "../../lib/api-error";
import { formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Notice } from "../../ui/notice";
import { ListSkeleton } from "../../ui/skeleton";
import { toasts } from "../../ui/toast-store";
import { WeekCalendar, type CalendarBlock, type CellPosition, type CellRange } from "../../ui/week-calendar";
import {
  addCreate,
  addMove,
  addRemove,
  buildBatch,
  changeOf,
  draftSlots,
  mapBatchError,
  rangeProblem,
  undoChange,
  type DraftSlot,
  type PendingChange,
} from "./changes";
import {
  dateLabel,
  dayLabel,
  purposeHint,
  purposeLabel,
  shortDayLabel,
  slotDescription,
  timeOfDayLabel,
} from "./labels";
import { createDefaults } from "./slot-options";
import { RemoveSlotDialog, SlotDialog, type SlotDraftValues } from "./slot-dialog";
import { useSaveSlotsMutation, useWeekSlotsQuery } from "./use-availability";
import { useNavigate } from "react-router-dom";
import { useSession } from "../../lib/session";
import { otherMember } from "../lessons/lesson-actions";
import { useWeekLessonsQuery } from "../lessons/use-lessons";
import { addDays, weekDays, weekStartOf } from "@schema/calendar";
import {
  localDay,
  rowMinute,
  rowsOnDay,
  ROWS_PER_DAY,
  SLOT_MINUTES,
  weekRange,
  zonedInstant,
  zonedParts,
  type PlainDay,
} from "./week";

const wideQuery = "(min-width: 768px)";
function useIsWide(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(wideQuery);
      media.addEventListener("change", listener);
      return () => media.removeEventListener("change", listener);
    },
    () => window.matchMedia(wideQuery).matches,
    () => true,
  );
}

/** Refreshes "now" every minute, so time that passes becomes locked. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const purposeTones: Record<SlotPurpose, string> = {
  [SlotPurpose.General]: "border-sky-300 bg-sky-100 text-sky-900",
  [SlotPurpose.Lesson]: "border-emerald-300 bg-emerald-100 text-emerald-900",
  [SlotPurpose.Interview]: "border-amber-300 bg-amber-100 text-amber-900",
  [SlotPurpose.DemoSession]: "border-violet-300 bg-violet-100 text-violet-900",
};

type DialogState =
  | { type: "create"; initial: SlotDraftValues }
  | { type: "edit"; slot: DraftSlot }
  | { type: "remove"; slot: DraftSlot }
  | null;

/** /schedule-management: the tutor's week of slots; changes are kept and saved as one batch. */
export function ScheduleBoard() {
  const now = useNow();
  const wide = useIsWide();
  const today = localDay(now);
  const [weekStart, setWeekStart] = useState(() => weekStartOf(today));
  const [selectedDay, setSelectedDay] = useState(today);
  const [pending, setPending] = useState<PendingChange[]>([]);
  const [failures, setFailures] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
  const slotsQuery = useWeekSlotsQuery(weekStart);
  const save = useSaveSlotsMutation();
  const days = weekDays(weekStart);
  const shownDays = wide ? days : [days.includes(selectedDay) ? selectedDay : (days[0] ?? weekStart)];
  const drafts = draftSlots(slotsQuery.data ?? [], pending);
  // The week's booked lessons, drawn inside the free time they fill.
  const lessonsQuery = useWeekLessonsQuery(weekRange(weekStart));
  const { user } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (pending.length === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [pending.length]);

  function goToWeek(start: PlainDay) {
    setWeekStart(start);
    setSelectedDay(start === weekStartOf(today) ? today : start);
  }

  function change(next: PendingChange[]) {
    setPending(next);
    setFormError(null);
    setDialog(null);
  }

  const cellInstant = (day: PlainDay, row: number) => zonedInstant(day, rowMinute(row));
  const isCellDisabled = ({ column, row }: CellPosition) => {
    const day = shownDays[column];
    const instant = day ? cellInstant(day, row) : null;
    return instant === null || instant.getTime() <= now.getTime();
  };

  function onSelectRange(range: CellRange) {
    const day = shownDays[range.column];
    if (!day) return;
    const single = range.endRow - range.startRow === 1;
    const endRow = single ? Math.min(range.startRow + 60 / SLOT_MINUTES, ROWS_PER_DAY) : range.endRow;
    setDialog({
      type: "create",
      initial: {
        day,
        startMinute: rowMinute(range.startRow),
        endMinute: rowMinute(endRow),
        purpose: SlotPurpose.General,
      },
    });
  }

  function openCreate() {
    // Today from the next grid step after now, or a later day of the week shown (slot-options.ts).
    setDialog({
      type: "create",
      initial: { ...createDefaults(shownDays, now), purpose: SlotPurpose.General },
    });
  }

  async function saveAll() {
    const { actions, keys } = buildBatch(pending);
    setFormError(null);
    try {
      const result = await save.mutateAsync(actions);
      setPending([]);
      setFailures({});
      const canceled =
        result.canceled.lessons.length +
        result.canceled.interviews.length +
        result.canceled.demoSessions.length;
      toasts.show({
        type: "success",
        title: arLessons.schedule.saved,
        description: canceled > 0 ? arLessons.schedule.canceledBookings(canceled) : undefined,
      });
    } catch (error) {
      const mapped = mapBatchError(error, keys);
      setFailures(mapped.byKey);
      setFormError(mapped.formError ?? (Object.keys(mapped.byKey).length === 0 ? errorCodeOf(error) : null));
    }
  }

  const blocks: CalendarBlock[] = [];
  for (const slot of drafts) {
    shownDays.forEach((day, column) => {
      const rows = rowsOnDay(day, slot.start, slot.end);
      if (!rows) return;
      const change = changeOf(pending, slot);
      const failed = change ? failures[change.key] : undefined;
      const stateText = arLessons.schedule.states[slot.state];
      blocks.push({
        key: `${slot.key}-${day}`,
        column,
        startRow: rows.startRow,
        endRow: rows.endRow,
        srText: [dayLabel(day), stateText, failed && errorMessage(failed)].filter(Boolean).join("، "),
        label: (
          <>
            <span className="block font-bold">{purposeLabel(slot.purpose)}</span>
            {rows.endRow - rows.startRow > 1 ? (
              <span className="block">
                {timeOfDayLabel(zonedParts(new Date(slot.start)).minute)} –{" "}
                {timeOfDayLabel(zonedParts(new Date(slot.end)).minute)}
              </span>
            ) : (
              <span className="sr-only">{slotDescription(slot)}</span>
            )}
          </>
        ),
        className: cx(
          purposeTones[slot.purpose],
          slot.state === "new" || slot.state === "moved" ? "border-2 border-dashed" : "",
          slot.state === "deleted" && "line-through opacity-60",
          failed && "ring-2 ring-red-600",
        ),
        onSelect: () => setDialog({ type: "edit", slot }),
      });
    });
  }

  const lessonRows: number[] = [];
  for (const lesson of lessonsQuery.data?.list ?? []) {
    if (lesson.canceledAt) continue;
    shownDays.forEach((day, column) => {
      const rows = rowsOnDay(day, lesson.start, lesson.end);
      if (!rows) return;
      lessonRows.push(rows.startRow);
      const name = otherMember(lesson, user?.id ?? 0).name ?? arLessons.marketplace.tutors.unnamed;
      const time = `${timeOfDayLabel(zonedParts(new Date(lesson.start)).minute)} – ${timeOfDayLabel(zonedParts(new Date(lesson.end)).minute)}`;
      blocks.push({
        key: `lesson-${lesson.id}-${day}`,
        column,
        // A lesson starting with its slot shares the slot's first row: it is drawn just below it.
        startRow: rows.startRow,
        endRow: rows.endRow,
        label: (
          <span className="flex flex-col" data-booked-lesson={lesson.id}>
            <span className="truncate font-bold">{market.schedule.booked}</span>
            {rows.endRow - rows.startRow > 1 && <bdi className="truncate">{name}</bdi>}
          </span>
        ),
        srText: `${dayLabel(day)}، ${time}، ${name}`,
        className: "start-[20%] border-2 border-brand-800 bg-brand-700 text-white z-20",
        onSelect: () => void navigate("/lessons-schedule"),
      });
    });
  }

  // Opens at the week's first free time (or booked lesson), an hour before it; 6 AM on an empty week.
  const slotRows = drafts.flatMap((slot) =>
    shownDays
      .map((day) => rowsOnDay(day, slot.start, slot.end)?.startRow)
      .filter((row): row is number => row !== undefined),
  );
  const firstRows = [...slotRows, ...lessonRows];
  const hourRows = 60 / SLOT_MINUTES;
  const initialRow =
    firstRows.length > 0
      ? Math.max(0, (Math.floor(Math.min(...firstRows) / hourRows) - 1) * hourRows)
      : 6 * hourRows;

  const failedChanges = pending.filter((c) => failures[c.key]);
  const describeChange = (c: PendingChange) => {
    const slot = drafts.find((d) => (c.kind === "create" ? d.key === c.key : d.id === c.id));
    return slot ? `${dayLabel(localDay(slot.start))} — ${slotDescription(slot)}` : "";
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => goToWeek(addDays(weekStart, -7))}>
          <span aria-hidden="true">→</span> {arLessons.schedule.previousWeek}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => goToWeek(weekStartOf(today))}
          disabled={weekStart === weekStartOf(today)}
        >
          {arLessons.schedule.thisWeek}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => goToWeek(addDays(weekStart, 7))}>
          {arLessons.schedule.nextWeek} <span aria-hidden="true">←</span>
        </Button>
        <p className="font-medium text-slate-800" aria-live="polite">
          {arLessons.schedule.weekOf(dateLabel(weekStart), dateLabel(addDays(weekStart, 6)))}
        </p>
        <Button size="sm" className="ms-auto" onClick={openCreate}>
          {arLessons.schedule.addSlot}
        </Button>
      </div>

      {!wide && (
        <div role="group" aria-label={arLessons.schedule.dayPicker} className="grid grid-cols-7 gap-1">
          {days.map((day) => (
            <button
              key={day}
              type="button"
              aria-pressed={day === shownDays[0]}
              aria-label={dayLabel(day)}
              onClick={() => setSelectedDay(day)}
              className={cx(
                "min-h-11 rounded-lg border px-0.5 text-xs font-medium focus-visible:outline-3 focus-visible:outline-brand-600",
                day === shownDays[0]
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-slate-800",
              )}
            >
              {shortDayLabel(day)}
            </button>
          ))}
        </div>
      )}

      <PurposeLegend />

      {pending.length > 0 && (
        // Sticks just under the site header (h-16 and its 1px border, web/src/app/site-header.tsx)
        // and below it in the stacking order (the header is z-20).
        <div
          className="sticky top-[calc(4rem+1px)] z-10 flex flex-wrap items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3"
          role="region"
          aria-label={arLessons.schedule.saveChanges}
        >
          <p className="text-sm font-medium text-amber-900">
            {arLessons.schedule.pendingCount(formatNumber(pending.length))}
          </p>
          <div className="ms-auto flex gap-2">
            <Button size="sm" loading={save.isPending} onClick={() => void saveAll()}>
              {arLessons.schedule.saveChanges}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setPending([]);
                setFailures({});
                setFormError(null);
              }}
            >
              {arLessons.schedule.discardChanges}
            </Button>
          </div>
        </div>
      )}
      {formError && <Notice tone="error">{errorMessage(formError)}</Notice>}
      {failedChanges.length > 0 && (
        <Notice tone="error">
          <ul className="flex flex-col gap-1">
            {failedChanges.map((c) => (
              <li key={c.key}>
                {arLessons.schedule.failedChange}: <bdi>{describeChange(c)}</bdi> —{" "}
                {errorMessage(failures[c.key])}
              </li>
            ))}
          </ul>
        </Notice>
      )}

      {slotsQuery.isPending ? (
        <ListSkeleton rows={3} />
      ) : slotsQuery.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Notice tone="error">
            {ar.errors.loadFailed}: {errorMessage(errorCodeOf(slotsQuery.error))}
          </Notice>
          <Button variant="secondary" onClick={() => void slotsQuery.refetch()}>
            {ar.ui.retry}
          </Button>
        </div>
      ) : (
        <>
          {drafts.every((slot) => shownDays.every((day) => !rowsOnDay(day, slot.start, slot.end))) && (
            <p className="text-slate-600">{arLessons.schedule.empty}</p>
          )}
          <WeekCalendar
            // Its own stacking context: the sticky day row (z-20), the lesson chips (z-20) and a
            // focused cell (z-30) stay inside the calendar and never paint over the site header.
            className="isolate"
            // A 15-minute block is a row less 2 px: 28 px rows on a phone keep it a 26 px target
            // (WCAG 2.5.8, 24 px), the same scale for every hour; 20 px rows on wider screens.
            rowHeightRem={wide ? 1.25 : 1.75}
            label={arLessons.schedule.calendarLabel}
            timeColumnLabel={arLessons.schedule.timeColumn}
            instructions={arLessons.schedule.instructions}
            columns={shownDays.map((day) => ({
              key: day,
              ariaLabel: dayLabel(day),
              label: (
                <span className={cx(day === today && "text-brand-800")}>
                  {wide ? shortDayLabel(day) : dayLabel(day)}
                </span>
              ),
            }))}
            rowCount={ROWS_PER_DAY}
            rowLabel={(row) => (row % 4 === 0 ? timeOfDayLabel(rowMinute(row)) : null)}
            rowName={(row) => timeOfDayLabel(rowMinute(row))}
            cellLabel={({ column, row }) =>
              arLessons.schedule.cellLabel(
                dayLabel(shownDays[column] ?? weekStart),
                timeOfDayLabel(rowMinute(row)),
              )
            }
            isCellDisabled={isCellDisabled}
            blocks={blocks}
            onSelectRange={onSelectRange}
            initialRow={initialRow}
          />
        </>
      )}

      {dialog?.type === "create" && (
        <SlotDialog
          mode="create"
          initial={dialog.initial}
          days={days}
          now={now}
          check={(range) => rangeProblem(drafts, range, now)}
          onApply={(range, purpose) => change(addCreate(pending, { ...range, purpose }))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === "edit" && (
        <SlotDialog
          mode="edit"
          initial={{
            day: localDay(dialog.slot.start),
            startMinute: zonedParts(new Date(dialog.slot.start)).minute,
            endMinute:
              localDay(dialog.slot.end) === localDay(dialog.slot.start)
                ? zonedParts(new Date(dialog.slot.end)).minute
                : 24 * 60,
            purpose: dialog.slot.purpose,
          }}
          days={days}
          now={now}
          locked={Date.parse(dialog.slot.start) <= now.getTime()}
          check={(range) => rangeProblem(drafts, range, now, dialog.slot.key)}
          onApply={(range) => change(addMove(pending, dialog.slot, range))}
          onRemove={() => setDialog({ type: "remove", slot: dialog.slot })}
          onUndo={changeOf(pending, dialog.slot) ? () => change(undoChange(pending, dialog.slot)) : undefined}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === "remove" && (
        <RemoveSlotDialog
          description={`${dayLabel(localDay(dialog.slot.start))} — ${slotDescription(dialog.slot)}`}
          onConfirm={() => change(addRemove(pending, dialog.slot))}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

/** What each purpose's colour means: who can book a slot of that purpose. */
function PurposeLegend() {
  return (
    <section aria-labelledby="purpose-legend-title" className="flex flex-col gap-2 text-sm">
      <h2 id="purpose-legend-title" className="font-bold text-slate-900">
        {arLessons.schedule.legendTitle}
      </h2>
      <p className="text-slate-700">{arLessons.schedule.legendHint}</p>
      <dl className="grid gap-x-4 gap-y-1.5 sm:grid-cols-2" data-purpose-legend="">
        {Object.values(SlotPurpose).map((purpose) => (
          <div key={purpose} className="flex items-start gap-2">
            <dt className="flex shrink-0 items-center gap-1.5 font-medium text-slate-900">
              <span
                aria-hidden="true"
                className={cx("inline-block size-3.5 rounded border", purposeTones[purpose])}
              />
              {purposeLabel(purpose)}:
            </dt>
            <dd className="text-slate-700">{purposeHint(purpose)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
