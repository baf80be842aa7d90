import { lazy, Suspense, useState } from "react";
import { Link } from "react-router-dom";
import type { LessonView } from "@schema/api/lesson";
import { Role } from "@schema/enums";
import { useMyRatingsQuery } from "../../features/ratings/use-ratings";
import { lessonsPageSize } from "../../features/lessons/lesson-list-requests";
import type { LessonTab } from "../../features/lessons/lesson-keys";
import { lessonListQuery, useLessonListQuery } from "../../features/lessons/use-lesson-list";
import { TutorPhoto } from "../../features/tutors/tutor-photo";
import { LevelBadge } from "../../features/learning/level/level-badge";
import { BookAgainLink } from "../../features/learning/book-again";
import { OfflineStamp } from "../../features/pwa/offline-stamp";
import { errorMessage } from "../../i18n/ar-EG";
import { durationCounts } from "../../i18n/ar-EG-durations";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { errorCodeOf } from "../../lib/api-error";
import { formatWhen } from "../../lib/format";
import { countOf } from "../../lib/plural";
import { AddToGoogleCalendar, changeWindow, LessonJoin } from "../../features/lessons/lesson-join";
import { useNow } from "../../features/live-session/use-now";
import { session, useSession } from "../../lib/session";
import type { PrefetchScreenData } from "../../routes";
import { Button, buttonClasses } from "../../ui/button";
import { Badge, Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Pagination } from "../../ui/pagination";
import { ListSkeleton } from "../../ui/skeleton";
import { Tabs } from "../../ui/tabs";
import { useBusinessNumbers } from "../../features/config/use-app-config";

// The rating form (and zod with its rules) loads when a lesson is rated, not with the list (docs/performance.md).
const RatingDialog = lazy(async () => ({
  default: (await import("../../features/ratings/rating-dialog")).RatingDialog,
}));
// So do cancelling and moving a lesson (moving brings the whole booking flow with its calendar).
const CancelLessonDialog = lazy(async () => ({
  default: (await import("../../features/lessons/lesson-actions")).CancelLessonDialog,
}));
const RescheduleLessonDialog = lazy(async () => ({
  default: (await import("../../features/lessons/lesson-actions")).RescheduleLessonDialog,
}));

const t = arLessons.marketplace.lessons;
const stateTones = {
  pending: "info",
  happening: "success",
  fulfilled: "neutral",
  canceled: "error",
} as const;

/** On a first load: the upcoming list (the tab shown first) is asked for as soon as this code is here (web/src/routes.tsx). */
export const prefetchScreenData: PrefetchScreenData = (queryClient) => {
  if (session.getState().token !== null) void queryClient.prefetchQuery(lessonListQuery("upcoming", 1));
};

/** /upcoming-lessons — the user's upcoming lessons, and a past-lessons tab. */
export function UpcomingLessonsPage() {
  return (
    <PageFrame title={t.title} width="wide">
      <OfflineStamp />
      <Tabs
        label={t.tabsLabel}
        tabs={[
          { id: "upcoming", label: t.upcomingTab, content: <LessonList tab="upcoming" /> },
          { id: "past", label: t.pastTab, content: <LessonList tab="past" /> },
        ]}
      />
    </PageFrame>
  );
}

function LessonList({ tab }: { tab: LessonTab }) {
  const [page, setPage] = useState(1);
  const lessons = useLessonListQuery(tab, page);
  const { user } = useSession();
  const [canceling, setCanceling] = useState<LessonView | null>(null);
  const [moving, setMoving] = useState<LessonView | null>(null);
  const [rating, setRating] = useState<LessonView | null>(null);
  const myRatings = useMyRatingsQuery();
  const isStudent = user?.role === Role.Student;

  // The join buttons open and the change window closes by themselves: re-render every 30 s.
  const now = useNow(30_000);

  if (lessons.isPending) return <ListSkeleton rows={3} />;
  if (lessons.isError) return <Notice tone="error">{errorMessage(errorCodeOf(lessons.error))}</Notice>;
  if (lessons.data.list.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate-700">{tab === "upcoming" ? t.emptyUpcoming : t.emptyPast}</p>
        {user?.role === Role.Student && (
          <Link to="/tutors" className={buttonClasses("primary", "md")}>
            {t.findTutor}
          </Link>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {lessons.data.list.map((lesson) => (
          <LessonItem
            key={lesson.id}
            lesson={lesson}
            userId={user?.id ?? 0}
            now={now}
            canReschedule={isStudent && lesson.state === "pending"}
            rateAction={
              isStudent && lesson.state === "fulfilled" && myRatings.isSuccess
                ? myRatings.data.has(lesson.tutor.id)
                  ? "edit"
                  : "rate"
                : null
            }
            onCancel={() => setCanceling(lesson)}
            onReschedule={() => setMoving(lesson)}
            onRate={() => setRating(lesson)}
          />
        ))}
      </ul>
      <Pagination
        label={arLessons.marketplace.tutors.pagination}
        page={page}
        total={lessons.data.total}
        size={lessonsPageSize}
        onPage={setPage}
        buttonSize="md"
      />
      {rating && (
        <Suspense fallback={null}>
          <RatingDialog
            tutorId={rating.tutor.id}
            tutorName={rating.tutor.name ?? arLessons.marketplace.tutors.unnamed}
            existing={myRatings.data?.get(rating.tutor.id) ?? null}
            onClose={() => setRating(null)}
          />
        </Suspense>
      )}
      {canceling && (
        <Suspense fallback={null}>
          <CancelLessonDialog lesson={canceling} userId={user?.id ?? 0} onClose={() => setCanceling(null)} />
        </Suspense>
      )}
      {moving && (
        <Suspense fallback={null}>
          <RescheduleLessonDialog lesson={moving} onClose={() => setMoving(null)} />
        </Suspense>
      )}
    </div>
  );
}

type LessonItemProps = {
  lesson: LessonView;
  userId: number;
  now: number;
  canReschedule: boolean;
  /** A fulfilled lesson of a student: rate its tutor, or edit the rating already given. */
  rateAction: "rate" | "edit" | null;
  onCancel: () => void;
  onReschedule: () => void;
  onRate: () => void;
};

function LessonItem({
  lesson,
  userId,
  now,
  canReschedule,
  rateAction,
  onCancel,
  onReschedule,
  onRate,
}: LessonItemProps) {
  const other = lesson.tutor.id === userId ? lesson.student : lesson.tutor;
  const name = other.name ?? arLessons.marketplace.tutors.unnamed;
  const when = formatWhen(lesson.start, now);
  const about = t.lessonOf(name, when);
  // The list's state comes from the server; the clock moves it on (pending → happening → fulfilled).
  const state =
    lesson.state === "canceled"
      ? "canceled"
      : now >= Date.parse(lesson.end)
        ? "fulfilled"
        : now >= Date.parse(lesson.start)
          ? "happening"
          : "pending";
  const window = changeWindow(lesson, now, useBusinessNumbers());
  const windowNoteId = `lesson-${lesson.id}-window`;
  return (
    <li
      className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-lesson={lesson.id}
    >
      <TutorPhoto name={other.name} image={other.image} />
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <p className="font-bold text-slate-900">
          {t.with} <bdi>{name}</bdi>
          {lesson.tutor.id === userId && lesson.studentLevel && (
            <span className="ms-2 align-middle">
              <LevelBadge level={lesson.studentLevel} />
            </span>
          )}
        </p>
        <p className="text-sm text-slate-700">
          <time dateTime={lesson.start}>{when}</time> — {countOf(durationCounts.minutes, lesson.duration)}
        </p>
        <p className="flex flex-wrap gap-2">
          <Badge tone={stateTones[state]}>{t.states[state]}</Badge>
          {lesson.isTrial && <Badge tone="warning">{t.trial}</Badge>}
        </p>
        {state === "pending" && (
          <p id={windowNoteId} className="text-xs text-slate-600">
            {window.words}
          </p>
        )}
      </div>
      {(state === "pending" || state === "happening") && (
        <LessonJoin lesson={lesson} now={now} about={about} />
      )}
      {state === "fulfilled" && lesson.student.id === userId && (
        <BookAgainLink tutorId={lesson.tutor.id} duration={lesson.duration} />
      )}
      {rateAction && (
        <Button
          variant={rateAction === "rate" ? "primary" : "secondary"}
          size="sm"
          onClick={onRate}
          aria-label={`${rateAction === "rate" ? arLessons.ratings.rateTutor : arLessons.ratings.editRating} — ${about}`}
        >
          {rateAction === "rate" ? arLessons.ratings.rateTutor : arLessons.ratings.editRating}
        </Button>
      )}
      {state === "pending" && (
        <div className="flex flex-wrap gap-2">
          <AddToGoogleCalendar lesson={lesson} otherName={name} about={about} />
          {canReschedule && (
            <Button
              variant="secondary"
              size="sm"
              onClick={onReschedule}
              disabled={!window.open}
              aria-describedby={windowNoteId}
              aria-label={`${t.reschedule} — ${about}`}
            >
              {t.reschedule}
            </Button>
          )}
          <Button
            variant="danger"
            size="sm"
            onClick={onCancel}
            disabled={!window.open}
            aria-describedby={windowNoteId}
            aria-label={`${t.cancel} — ${about}`}
          >
            {t.cancel}
          </Button>
        </div>
      )}
    </li>
  );
}
