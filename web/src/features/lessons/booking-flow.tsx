import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import type { LessonView } from "@schema/api/lesson";
import { LessonDuration } from "@schema/enums";
import { ar, errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { market } from "../../i18n/ar-EG-marketplace";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { errorCodeOf } from "../../lib/api-error";
import {
  formatDateTime,
  formatDay,
  formatNumber,
  formatTime,
  formatWhen,
  viewerClock,
  weekdayNames,
} from "../../lib/format";
import { Button, buttonClasses } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Notice } from "../../ui/notice";
import { RadioGroup } from "../../ui/radio-group";
import { Spinner } from "../../ui/spinner";
import { toasts } from "../../ui/toast-store";
import { durationChoices, preferredDuration } from "./booking-rules";
import { bookingWindow, startsByDay, upcomingDays, weeksOf } from "./calendar";
import {
  useBookLesson,
  useCurrentSubscriptionQuery,
  useFreeTimesQuery,
  useRescheduleLesson,
} from "./use-lessons";
import { useBusinessNumbers } from "../config/use-app-config";
import type { BusinessSettings } from "@schema/pricing";
import { cancelWindowWords, changeWindow } from "./lesson-join";
import { madeOnce } from "../../lib/made-once";
import { useSoonestPick } from "../learning/book-again";
import { arFavourites } from "../../i18n/ar-EG-favourites";
import { rememberBooking } from "../pwa/install-moments";

const t = arLessons.marketplace.booking;
/** docs/product.md §9: the date picker offers the next 14 days. */
export const bookingDays = 14;

type Step = "date" | "duration" | "time" | "confirm";
const stepOrder: Step[] = ["date", "duration", "time", "confirm"];
const stepLabels: Record<Step, string> = {
  date: t.stepDate,
  duration: t.stepDuration,
  time: t.stepTime,
  confirm: t.stepConfirm,
};

type BookingFlowProps = {
  tutorId: number;
  tutorName: string;
  /** Given: move this lesson instead of booking a new one. */
  lesson?: LessonView;
  /** «احجز مرة أخرى» (web/src/features/learning/book-again.tsx): open at the soonest free time of this duration. */
  soonest?: LessonDuration;
  onDone?: (lesson: LessonView) => void;
};

/** The booking steps: date → duration → time → confirmation (also used to reschedule). */
export function BookingFlow({ tutorId, tutorName, lesson, soonest, onDone }: BookingFlowProps) {
  const [now] = useState(() => new Date());
  const range = useMemo(() => bookingWindow(now, bookingDays), [now]);
  const days = useMemo(() => upcomingDays(now, bookingDays), [now]);
  const [step, setStep] = useState<Step>("date");
  const [day, setDay] = useState<string | null>(null);
  const [wanted, setWanted] = useState<LessonDuration>(soonest ?? lesson?.duration ?? LessonDuration.Long);
  const [start, setStart] = useState<string | null>(null);

  // Days with any free time: the shortest lesson fits wherever a longer one does.
  const anyFree = useFreeTimesQuery(tutorId, range, LessonDuration.Short);
  const freeDays = useMemo(() => startsByDay(anyFree.data?.starts ?? []), [anyFree.data]);
  // Only durations the Worker will accept: the trial's 15 minutes, the minutes left in that week.
  const subscription = useCurrentSubscriptionQuery();
  const business = useBusinessNumbers();
  const choices = durationChoices({
    subscription: subscription.data,
    at: (day && freeDays.get(day)?.[0]) ?? null,
    moving: lesson ? { duration: lesson.duration, isTrial: lesson.isTrial, start: lesson.start } : null,
    business,
  });
  const duration = preferredDuration(choices, wanted);
  const forDuration = useFreeTimesQuery(tutorId, range, duration ?? LessonDuration.Short);
  const dayStarts = useMemo(
    () => (day ? (startsByDay(forDuration.data?.starts ?? []).get(day) ?? []) : []),
    [day, forDuration.data],
  );

  const picked = useSoonestPick(
    soonest,
    days,
    forDuration.data && !forDuration.isPlaceholderData ? startsByDay(forDuration.data.starts) : null,
    (pickedDay, pickedStart) => {
      setDay(pickedDay);
      setStart(pickedStart);
      setStep("confirm");
    },
  );

  const book = useBookLesson();
  const reschedule = useRescheduleLesson();
  const mutation = lesson ? reschedule : book;

  function confirm() {
    if (!start || duration === null) return;
    const onSuccess = (saved: LessonView) => {
      toasts.show({ id: "lesson-booked", type: "success", title: lesson ? t.rescheduled : t.booked });
      // A first booking is a moment to offer installing the app (docs/phone.md).
      if (!lesson) rememberBooking();
      onDone?.(saved);
    };
    if (lesson) reschedule.mutate({ id: lesson.id, start, duration }, { onSuccess });
    else book.mutate({ tutorId, start, duration }, { onSuccess });
  }

  const stepIndex = stepOrder.indexOf(step);

  return (
    // data-booking-flow: a new version of the app waits until the booking is over (web/src/features/pwa/start.ts).
    <div data-booking-flow="" className="flex flex-col gap-4">
      {picked === "none" && <Notice tone="warning">{arFavourites.noFreeTime}</Notice>}
      <ol aria-label={t.steps} className="flex flex-wrap gap-2 text-sm">
        {stepOrder.map((item, index) => (
          <li
            key={item}
            aria-current={item === step ? "step" : undefined}
            className={cx(
              "rounded-full px-3 py-1",
              item === step
                ? "bg-brand-700 text-white"
                : index < stepIndex
                  ? "bg-brand-50 text-brand-900"
                  : "bg-slate-100 text-slate-700",
            )}
          >
            {formatNumber(index + 1)}. {stepLabels[item]}
          </li>
        ))}
      </ol>

      {step === "date" && (
        <DateStep
          days={days}
          freeDays={freeDays}
          loading={anyFree.isPending}
          failed={anyFree.isError}
          selected={day}
          onSelect={(key) => {
            setDay(key);
            setStart(null);
            setStep("duration");
          }}
        />
      )}

      {step === "duration" && (
        <div className="flex flex-col gap-4">
          <RadioGroup
            legend={t.chooseDuration}
            name="lesson-duration"
            options={choices.map((choice) => ({
              value: String(choice.duration),
              label: t.minutes(formatNumber(choice.duration)),
              disabled: !choice.ok,
              hint: choice.reason ?? undefined,
            }))}
            value={duration === null ? "" : String(duration)}
            onChange={(value) => setWanted(Number(value) as LessonDuration)}
          />
          {duration === null && <Notice tone="warning">{market.booking.noDurationFits}</Notice>}
          <StepButtons
            onBack={() => setStep("date")}
            onNext={duration === null ? undefined : () => setStep("time")}
          />
        </div>
      )}

      {step === "time" && (
        <div className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-800">
              {t.chooseTime(viewerClock())} — {day && formatDay(`${day}T12:00:00Z`)}
            </legend>
            {forDuration.isPending || forDuration.isPlaceholderData ? (
              <Spinner />
            ) : dayStarts.length === 0 ? (
              <Notice tone="warning">{t.noFreeTimes}</Notice>
            ) : (
              <div className="grid grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] gap-2">
                {dayStarts.map((item) => (
                  <Button
                    key={item}
                    variant={item === start ? "primary" : "secondary"}
                    aria-pressed={item === start}
                    onClick={() => {
                      setStart(item);
                      setStep("confirm");
                    }}
                  >
                    <span className="whitespace-nowrap">{formatTime(item)}</span>
                  </Button>
                ))}
              </div>
            )}
          </fieldset>
          <StepButtons onBack={() => setStep("duration")} />
        </div>
      )}

      {step === "confirm" && start && duration !== null && (
        <div className="flex flex-col gap-4">
          <h3 className="font-bold text-slate-900">{t.confirmTitle}</h3>
          {picked === "picked" && <p className="text-sm text-slate-700">{arFavourites.soonestChosen}</p>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">{t.tutor}</dt>
            <dd className="font-medium">
              <bdi>{tutorName}</bdi>
            </dd>
            <dt className="text-slate-600">{t.time}</dt>
            <dd className="font-medium">
              {formatDateTime(start)}
              <span className="block text-xs font-normal text-slate-600">{viewerClock()}</span>
            </dd>
            <dt className="text-slate-600">{t.duration}</dt>
            <dd className="font-medium">{t.minutes(formatNumber(duration))}</dd>
            {!lesson?.isTrial && (
              <MinutesLeft duration={duration} returning={lesson && !lesson.isTrial ? lesson.duration : 0} />
            )}
          </dl>
          <LockedWarning start={start} business={business} />
          {mutation.isError && (
            <Notice tone="error">{bookingErrorMessage(errorCodeOf(mutation.error))}</Notice>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={confirm} loading={mutation.isPending}>
              {lesson ? t.confirmReschedule : t.confirm}
            </Button>
            <Button variant="secondary" onClick={() => setStep("time")}>
              {ar.ui.back}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * Before confirming: a lesson that starts inside the cancel window is locked the moment it is
 * booked (or moved), so the student is told plainly, with the time until which it could have been
 * changed (docs/rules.md, cancel window). Nothing when the lesson can still be changed.
 */
function LockedWarning({ start, business }: { start: string; business: BusinessSettings }) {
  const now = Date.now();
  const window = changeWindow({ start }, now, business);
  if (window.open) return null;
  return (
    <Notice tone="warning">
      <strong className="block font-bold">{market.changes.lockedTitle}</strong>
      {market.changes.lockedOnBooking(
        formatWhen(window.closesAt, now),
        cancelWindowWords(business.cancelWindowHours),
      )}
    </Notice>
  );
}

/**
 * After booking: «تم حجز الحصة», and when the lesson was booked inside the cancel window, that it
 * is locked (the confirm step said so before; the success screen repeats it).
 */
export function BookedNotice({ lesson, title }: { lesson: Pick<LessonView, "start">; title: string }) {
  const business = useBusinessNumbers();
  const now = Date.now();
  const window = changeWindow(lesson, now, business);
  return (
    <div className="flex flex-col gap-2" data-booked-notice="">
      <Notice tone="success">{title}</Notice>
      {!window.open && (
        <Notice tone="warning">{market.changes.lockedBooked(formatWhen(window.closesAt, now))}</Notice>
      )}
    </div>
  );
}

/**
 * The Arabic message of a booking or rescheduling code: the catalogue's, with a fuller sentence
 * for an unverified email (lesson-cancel-window-passed is the 6-hour rule when moving a lesson).
 */
export function bookingErrorMessage(code: string): string {
  if (code === "email-not-verified") return t.verifyEmailFirst;
  return errorMessage(code);
}

function StepButtons({ onBack, onNext }: { onBack: () => void; onNext?: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      {onNext && <Button onClick={onNext}>{ar.ui.next}</Button>}
      <Button variant="secondary" onClick={onBack}>
        {ar.ui.back}
      </Button>
    </div>
  );
}

/** The weekly minutes left (and after this booking), or the free trial note without a subscription. */
function MinutesLeft({ duration, returning }: { duration: number; returning: number }) {
  const subscription = useCurrentSubscriptionQuery();
  if (!subscription.data) return null;
  if (!subscription.data.info) {
    return (
      <dd className="col-span-2">
        <Notice tone="info">
          {t.trialNote}{" "}
          <Link to="/plans" className="font-medium underline">
            {t.seePlans}
          </Link>
        </Notice>
      </dd>
    );
  }
  const left = subscription.data.remainingWeeklyMinutes + returning;
  return (
    <>
      <dt className="text-slate-600">{t.minutesLeft}</dt>
      <dd className="font-medium">
        {t.minutesAfter(formatNumber(left), formatNumber(Math.max(0, left - duration)))}
      </dd>
    </>
  );
}

type DateStepProps = {
  days: string[];
  freeDays: Map<string, string[]>;
  loading: boolean;
  failed: boolean;
  selected: string | null;
  onSelect: (day: string) => void;
};

/** The next 14 days in Saturday-first weeks; only days with free time can be chosen. */
function DateStep({ days, freeDays, loading, failed, selected, onSelect }: DateStepProps) {
  const weeks = useMemo(() => weeksOf(days), [days]);
  const names = weekdayNames();
  if (loading) return <Spinner />;
  if (failed) return <Notice tone="error">{t.loadFailed}</Notice>;
  if (!days.some((key) => freeDays.has(key))) return <Notice tone="warning">{t.noFreeDays}</Notice>;
  return (
    <div className="flex flex-col gap-2">
      <p id="booking-days-label" className="text-sm font-medium text-slate-800">
        {t.chooseDay}
      </p>
      <table
        className="w-full table-fixed border-separate border-spacing-1 text-center"
        aria-labelledby="booking-days-label"
      >
        <thead>
          <tr>
            {names.map((name, index) => (
              <th key={name} scope="col" className="text-xs font-medium text-slate-600">
                <abbr title={name} className="no-underline">
                  {narrowNames()[index]}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, index) => (
            <tr key={index}>
              {week.map((key, column) =>
                key === null ? (
                  <td key={`empty-${column}`} />
                ) : (
                  <td key={key}>
                    <DayButton
                      dayKey={key}
                      free={freeDays.has(key)}
                      selected={key === selected}
                      onSelect={onSelect}
                    />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// 2024-01-06 was a Saturday: the narrow weekday names in Saturday-first order.
const narrowNames = madeOnce(() => {
  const narrowFormat = new Intl.DateTimeFormat("ar-EG", { weekday: "narrow", timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, offset) => narrowFormat.format(Date.UTC(2024, 0, 6 + offset)));
});
const dayNumber = madeOnce(() => new Intl.DateTimeFormat("ar-EG", { day: "numeric", timeZone: "UTC" }));

function DayButton({
  dayKey,
  free,
  selected,
  onSelect,
}: {
  dayKey: string;
  free: boolean;
  selected: boolean;
  onSelect: (day: string) => void;
}) {
  const noon = `${dayKey}T12:00:00Z`;
  return (
    <button
      type="button"
      disabled={!free}
      aria-pressed={selected}
      aria-label={free ? formatDay(noon) : `${formatDay(noon)} — ${t.dayUnavailable}`}
      data-day={dayKey}
      onClick={() => onSelect(dayKey)}
      className={cx(
        buttonClasses(selected ? "primary" : free ? "secondary" : "ghost", "sm", "w-full px-0"),
        !free && "text-slate-400 line-through",
      )}
    >
      {dayNumber().format(new Date(noon))}
    </button>
  );
}
