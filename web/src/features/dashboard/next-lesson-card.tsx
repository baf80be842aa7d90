import { Link } from "react-router-dom";
import type { NextLesson } from "@schema/api/stats";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { formatWhen } from "../../lib/format";
import { buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { useNow } from "../live-session/use-now";
import { formatCountdown, joinState } from "../stats/countdown";
import { TutorPhoto } from "../tutors/tutor-photo";

/** The dashboards refresh the countdown and the join button every 30 seconds. */
export const countdownRefreshMs = 30_000;

type NextLessonCardProps = { lesson: NextLesson | null; isTutor: boolean; now?: number };

/** The next lesson with a countdown and «انضم للحصة», open from 10 minutes before the start until the end. */
export function NextLessonCard({ lesson, isTutor, now }: NextLessonCardProps) {
  const ticking = useNow(countdownRefreshMs);
  const at = now ?? ticking;
  if (!lesson) {
    return (
      <Card title={arLessons.stats.nextLessonTitle}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-700">{arLessons.stats.noNextLesson}</p>
          {!isTutor && (
            <Link to="/tutors" className={buttonClasses("primary")}>
              {arLessons.stats.bookLesson}
            </Link>
          )}
        </div>
      </Card>
    );
  }
  const state = joinState(lesson, at);
  const noteId = `next-lesson-${lesson.id}-note`;
  return (
    <Card title={arLessons.stats.nextLessonTitle} className="border-brand-200">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <TutorPhoto name={lesson.otherMember.name} image={lesson.otherMember.image} />
          <div className="flex flex-col gap-1">
            <p className="font-semibold text-slate-900">
              {arLessons.stats.withMember} <bdi>{lesson.otherMember.name ?? "—"}</bdi>
            </p>
            <p className="text-sm text-slate-600">
              <time dateTime={lesson.start}>{formatWhen(lesson.start, at)}</time> ·{" "}
              {arLessons.stats.minutesLong(lesson.duration)}
            </p>
            {state.kind !== "ended" && (
              <p className="text-sm font-medium text-brand-800" role="timer" aria-live="off">
                {state.kind === "open" && state.started
                  ? `${arLessons.stats.endsIn}: ${formatCountdown(state.endsInMs)}`
                  : `${arLessons.stats.startsIn}: ${formatCountdown(state.startsInMs)}`}
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-col items-stretch gap-1 sm:items-end">
          {state.kind === "open" ? (
            <Link to={`/lesson/${lesson.id}`} className={buttonClasses("primary")}>
              {arLessons.stats.join}
            </Link>
          ) : (
            <>
              <button type="button" disabled aria-describedby={noteId} className={buttonClasses("primary")}>
                {arLessons.stats.join}
              </button>
              <p id={noteId} className="text-xs text-slate-600">
                {arLessons.stats.roomOpensNote}
              </p>
            </>
          )}
        </div>
      </div>
    </Card>
  );
}
