import { useState } from "react";
import type { LessonView } from "@schema/api/lesson";
import { Role } from "@schema/enums";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { market } from "../../i18n/ar-EG-marketplace";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { errorCodeOf } from "../../lib/api-error";
import { formatTime, formatWhen } from "../../lib/format";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Notice } from "../../ui/notice";
import { ListSkeleton } from "../../ui/skeleton";
import { WeekCalendar, type CalendarBlock } from "../../ui/week-calendar";
import { dateLabel, dayLabel, shortDayLabel, timeOfDayLabel } from "../availability/labels";
import { addDays, weekDays, weekStartOf } from "@schema/calendar";
import { localDay, rowMinute, ROWS_PER_DAY, weekRange, type PlainDay } from "../availability/week";
import { useNow } from "../live-session/use-now";
import { CalendarFeedButton } from "./calendar-feed-dialog";
import { CancelLessonDialog, otherMember, RescheduleLessonDialog } from "./lesson-actions";
import { LessonDetailsDialog } from "./lesson-details-dialog";
import { LessonJoin } from "./lesson-join";
import { LessonStateChip, LessonStateLegend, lessonStateStyles } from "./lesson-state";
import { lessonState } from "@schema/lesson-state";
import { firstRowInView, joinSoonMs, lessonsByDay, placeLessons, soonWindow } from "./lesson-week";
import { useWeekLessonsQuery } from "./use-lessons";

const t = arLessons.lessonsSchedule;

type Open = { kind: "details" | "cancel" | "reschedule"; lesson: LessonView } | null;

/**
 * /lessons-schedule: the user's lessons in a Saturday-first week (Cairo time), each placed by its
 * time with its state; a week grid from 768 px, a list of the days on phones. A lesson opens its
 * details (join, cancel, reschedule). The lesson events and the user's own changes refetch it.
 */
export function LessonsCalendar() {
  // The states move on by themselves (pending → happening → fulfilled): re-render every 30 s.
  const now = useNow(30_000);
  const { user } = useSession();
  const userId = user?.id ?? 0;
  const isStudent = user?.role === Role.Student;
  const today = localDay(now);
  const [weekStart, setWeekStart] = useState(() => weekStartOf(today));
  const [open, setOpen] = useState<Open>(null);
  const days = weekDays(weekStart);
  const range = weekRange(weekStart);
  const lessons = useWeekLessonsQuery(range);
  const list = lessons.data?.list ?? [];
  const soon = useSoonLessons(list, range, now);
  const placed = placeLessons(list, days);
  const thisWeek = weekStartOf(today);

  const blocks: CalendarBlock[] = placed.map(({ lesson, column, startRow, endRow }) => {
    const state = lessonState(lesson, now);
    const name = otherMember(lesson, userId).name ?? arLessons.marketplace.tutors.unnamed;
    return {
      key: `${lesson.id}-${column}`,
      column,
      startRow,
      endRow,
      // A 15-minute lesson has one line: its state and the name; a longer one adds a line each.
      label:
        endRow - startRow > 1 ? (
          <span className="flex flex-col" data-lesson={lesson.id} data-state={state}>
            <span className="truncate font-bold">
              <span aria-hidden="true">{lessonStateStyles[state].mark}</span>{" "}
              {arLessons.marketplace.lessons.states[state]}
            </span>
            <bdi className={cx("truncate", state === "canceled" && "line-through")}>{name}</bdi>
            <span className={cx("truncate", state === "canceled" && "line-through")}>
              {formatTime(lesson.start)} – {formatTime(lesson.end)}
            </span>
          </span>
        ) : (
          <span className="block truncate" data-lesson={lesson.id} data-state={state}>
            <span aria-hidden="true">{lessonStateStyles[state].mark}</span>{" "}
            <span className="font-bold">{arLessons.marketplace.lessons.states[state]}</span> ·{" "}
            <bdi className={cx(state === "canceled" && "line-through")}>{name}</bdi>
          </span>
        ),
      srText: `${dayLabel(days[column] ?? weekStart)}، ${formatTime(lesson.start)} – ${formatTime(lesson.end)}`,
      className: cx("border", lessonStateStyles[state].block),
      onSelect: () => setOpen({ kind: "details", lesson }),
    };
  });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <nav aria-label={t.weekNavigation} className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => setWeekStart(addDays(weekStart, -7))}>
            <span aria-hidden="true">→</span> {arLessons.schedule.previousWeek}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setWeekStart(thisWeek)}
            disabled={weekStart === thisWeek}
          >
            {arLessons.schedule.thisWeek}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setWeekStart(addDays(weekStart, 7))}>
            {arLessons.schedule.nextWeek} <span aria-hidden="true">←</span>
          </Button>
        </nav>
        <p className="font-medium text-slate-800" aria-live="polite">
          {arLessons.schedule.weekOf(dateLabel(weekStart), dateLabel(addDays(weekStart, 6)))}
        </p>
        <div className="ms-auto">
          <CalendarFeedButton />
        </div>
      </div>
      <LessonStateLegend />

      {lessons.isPending ? (
        <ListSkeleton rows={3} />
      ) : lessons.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Notice tone="error">
            {ar.errors.loadFailed}: {errorMessage(errorCodeOf(lessons.error))}
          </Notice>
          <Button variant="secondary" onClick={() => void lessons.refetch()}>
            {ar.ui.retry}
          </Button>
        </div>
      ) : (
        <>
          {list.length === 0 && <p className="text-slate-700">{t.empty}</p>}
          <JoinSoon lessons={soon} inWeek={list} now={now} userId={userId} />
          <div className="hidden md:block">
            <WeekCalendar
              label={t.calendarLabel}
              timeColumnLabel={t.timeColumn}
              instructions={t.instructions}
              columns={days.map((day) => ({
                key: day,
                ariaLabel: day === today ? `${dayLabel(day)}، ${t.today}` : dayLabel(day),
                label: (
                  <span className={cx(day === today && "rounded-md bg-brand-50 px-1 text-brand-800")}>
                    {shortDayLabel(day)}
                  </span>
                ),
              }))}
              rowCount={ROWS_PER_DAY}
              rowLabel={(row) => (row % 4 === 0 ? timeOfDayLabel(rowMinute(row)) : null)}
              rowName={(row) => timeOfDayLabel(rowMinute(row))}
              cellLabel={({ column, row }) =>
                t.cellLabel(dayLabel(days[column] ?? weekStart), timeOfDayLabel(rowMinute(row)))
              }
              blocks={blocks}
              readOnly
              initialRow={firstRowInView(placed)}
              rowHeightRem={1.5}
            />
          </div>
          <DayList
            days={days}
            today={today}
            lessons={list}
            onOpen={(lesson) => setOpen({ kind: "details", lesson })}
            now={now}
            userId={userId}
          />
        </>
      )}

      {open?.kind === "details" && (
        <LessonDetailsDialog
          lesson={open.lesson}
          userId={userId}
          isStudent={isStudent}
          now={now}
          onClose={() => setOpen(null)}
          onCancel={() => setOpen({ kind: "cancel", lesson: open.lesson })}
          onReschedule={() => setOpen({ kind: "reschedule", lesson: open.lesson })}
        />
      )}
      {open?.kind === "cancel" && (
        <CancelLessonDialog lesson={open.lesson} userId={userId} onClose={() => setOpen(null)} />
      )}
      {open?.kind === "reschedule" && (
        <RescheduleLessonDialog lesson={open.lesson} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}

type DayListProps = {
  days: PlainDay[];
  today: PlainDay;
  lessons: LessonView[];
  now: number;
  userId: number;
  onOpen: (lesson: LessonView) => void;
};

/** Phones: the week as a list of days, each with its lessons in time order. */
function DayList({ days, today, lessons, now, userId, onOpen }: DayListProps) {
  const byDay = lessonsByDay(lessons, days);
  return (
    <section aria-label={t.dayList} className="flex flex-col gap-3 md:hidden">
      {days.map((day) => {
        const dayLessons = byDay.get(day) ?? [];
        return (
          <div
            key={day}
            className={cx(
              "rounded-xl border bg-white p-3",
              day === today ? "border-brand-500" : "border-slate-200",
            )}
          >
            <h2 className="mb-2 text-base font-bold text-slate-900">
              {dayLabel(day)}
              {day === today && (
                <span className="ms-2 rounded-md bg-brand-50 px-1.5 text-sm font-medium text-brand-800">
                  {t.today}
                </span>
              )}
            </h2>
            {dayLessons.length === 0 ? (
              <p className="text-sm text-slate-600">{t.noLessonsThatDay}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {dayLessons.map((lesson) => {
                  const state = lessonState(lesson, now);
                  const name = otherMember(lesson, userId).name ?? arLessons.marketplace.tutors.unnamed;
                  return (
                    <li key={lesson.id} className="flex flex-col gap-1">
                      <button
                        type="button"
                        onClick={() => onOpen(lesson)}
                        data-lesson={lesson.id}
                        className={cx(
                          "flex min-h-11 w-full flex-wrap items-center gap-2 rounded-lg border px-3 py-2 text-start text-sm",
                          "focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
                          state === "canceled"
                            ? "border-dashed border-red-300 bg-white"
                            : "border-slate-200 bg-white hover:bg-slate-50",
                        )}
                      >
                        <span className="font-medium text-slate-900">
                          {formatTime(lesson.start)} – {formatTime(lesson.end)}
                        </span>
                        <span className="sr-only">{arLessons.marketplace.lessons.with}</span>
                        <bdi
                          className={cx(
                            "min-w-0 flex-1 truncate text-slate-800",
                            state === "canceled" && "line-through",
                          )}
                        >
                          {otherMember(lesson, userId).name ?? arLessons.marketplace.tutors.unnamed}
                        </bdi>
                        <LessonStateChip state={state} />
                      </button>
                      {(state === "pending" || state === "happening") && (
                        <LessonJoin
                          lesson={lesson}
                          now={now}
                          about={arLessons.marketplace.lessons.lessonOf(name, formatWhen(lesson.start, now))}
                        />
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}

/**
 * The hour before a lesson and the lesson itself, shown above the week so the grid's small block is
 * not the only way in: by the clock, not by the week on screen (at 23:50 on a Friday, the lesson at
 * midnight is on next week's page). The week's own list has them when its range holds the window;
 * otherwise (the week's last hour, or another week on screen) the window's few lessons are asked
 * for, under a key that moves once a quarter hour.
 */
function useSoonLessons(weekList: LessonView[], week: { after: string; before: string }, now: number) {
  const window = soonWindow(now);
  const weekHoldsIt =
    Date.parse(week.after) <= Date.parse(window.after) &&
    Date.parse(window.before) <= Date.parse(week.before);
  const windowQuery = useWeekLessonsQuery(window, !weekHoldsIt);
  return weekHoldsIt ? weekList : (windowQuery.data?.list ?? []);
}

/**
 * Laptops show every lesson about to start here; phones only those the day list below does not
 * show (in another week than the one on screen), since the day list has its own «انضم للحصة».
 */
function JoinSoon({
  lessons,
  inWeek,
  now,
  userId,
}: {
  lessons: LessonView[];
  inWeek: LessonView[];
  now: number;
  userId: number;
}) {
  const soon = lessons.filter(
    (lesson) =>
      !lesson.canceledAt && Date.parse(lesson.end) > now && Date.parse(lesson.start) - now <= joinSoonMs,
  );
  if (soon.length === 0) return null;
  const listed = new Set(inWeek.map((lesson) => lesson.id));
  const onPhones = soon.some((lesson) => !listed.has(lesson.id));
  return (
    <section
      aria-labelledby="join-soon-title"
      className={cx(
        "flex-col gap-2 rounded-2xl border border-emerald-200 bg-emerald-50 p-4",
        onPhones ? "flex" : "hidden md:flex",
      )}
    >
      <h2 id="join-soon-title" className="text-base font-bold text-emerald-950">
        {market.join.soonTitle}
      </h2>
      <ul className="flex flex-col gap-3">
        {soon.map((lesson) => {
          const name = otherMember(lesson, userId).name ?? arLessons.marketplace.tutors.unnamed;
          const when = formatWhen(lesson.start, now);
          return (
            <li
              key={lesson.id}
              className={cx(
                "flex-wrap items-center gap-3",
                listed.has(lesson.id) ? "hidden md:flex" : "flex",
              )}
            >
              <p className="min-w-48 flex-1 text-sm text-slate-900">
                {arLessons.marketplace.lessons.lessonOf(name, when)}
              </p>
              <LessonJoin
                lesson={lesson}
                now={now}
                about={arLessons.marketplace.lessons.lessonOf(name, when)}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
