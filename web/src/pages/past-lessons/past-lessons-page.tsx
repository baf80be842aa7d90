import { useState } from "react";
import { Link } from "react-router-dom";
import type { PastLessonView } from "@schema/api/lesson-note";
import { Role } from "@schema/enums";
import { BookAgainLink } from "../../features/learning/book-again";
import { pastPageSize, useNoteEventsRefresh, usePastLessons } from "../../features/learning/notes/use-notes";
import { TutorPhoto } from "../../features/tutors/tutor-photo";
import { errorMessage } from "../../i18n/ar-EG";
import { durationCounts } from "../../i18n/ar-EG-durations";
import { arNotes } from "../../i18n/ar-EG-notes";
import { errorCodeOf } from "../../lib/api-error";
import { formatWhen } from "../../lib/format";
import { countOf } from "../../lib/plural";
import { useSession } from "../../lib/session";
import { useNow } from "../../features/live-session/use-now";
import { buttonClasses } from "../../ui/button";
import { Badge, Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Pagination } from "../../ui/pagination";
import { ListSkeleton } from "../../ui/skeleton";

const t = arNotes.past;

/**
 * /past-lessons — «دروسي السابقة»: the user's ended lessons, newest first, with their tutor (or,
 * for a tutor, their student), whether the tutor wrote a note and whether homework waits, a link to
 * the lesson page (the note is there) and, for a student, «احجز مرة أخرى».
 */
export function PastLessonsPage() {
  const [page, setPage] = useState(1);
  const lessons = usePastLessons(page);
  const { user } = useSession();
  const now = useNow(60_000);
  useNoteEventsRefresh();
  const isStudent = user?.role === Role.Student;

  let body;
  if (lessons.isPending) body = <ListSkeleton rows={3} />;
  else if (lessons.isError) body = <Notice tone="error">{errorMessage(errorCodeOf(lessons.error))}</Notice>;
  else if (lessons.data.list.length === 0)
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate-700">{t.empty}</p>
        {isStudent && (
          <Link to="/tutors" className={buttonClasses("primary", "md")}>
            {t.findTutor}
          </Link>
        )}
      </div>
    );
  else
    body = (
      <div className="flex flex-col gap-4">
        <ul className="flex flex-col gap-3">
          {lessons.data.list.map((lesson) => (
            <PastLessonItem
              key={lesson.id}
              lesson={lesson}
              userId={user?.id ?? 0}
              now={now}
              isStudent={isStudent}
            />
          ))}
        </ul>
        <Pagination
          label={t.pagination}
          page={page}
          total={lessons.data.total}
          size={pastPageSize}
          onPage={setPage}
          buttonSize="md"
        />
      </div>
    );

  return (
    <PageFrame title={t.title} width="wide">
      <p className="mb-4 text-slate-700">{t.intro}</p>
      {body}
    </PageFrame>
  );
}

function PastLessonItem({
  lesson,
  userId,
  now,
  isStudent,
}: {
  lesson: PastLessonView;
  userId: number;
  now: number;
  isStudent: boolean;
}) {
  const other = lesson.tutor.id === userId ? lesson.student : lesson.tutor;
  const name = other.name ?? t.unnamed;
  const when = formatWhen(lesson.start, now);
  const about = t.lessonOf(name, when);
  return (
    <li
      className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-past-lesson={lesson.id}
    >
      <TutorPhoto name={other.name} image={other.image} />
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <p className="font-bold text-slate-900">
          {t.with} <bdi>{name}</bdi>
        </p>
        <p className="text-sm text-slate-700">
          <time dateTime={lesson.start}>{when}</time> — {countOf(durationCounts.minutes, lesson.duration)}
        </p>
        <p className="flex flex-wrap gap-2">
          {lesson.hasNote ? <Badge tone="info">{t.hasNote}</Badge> : <Badge tone="neutral">{t.noNote}</Badge>}
          {lesson.homeworkPending && <Badge tone="warning">{t.homeworkPending}</Badge>}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link
          to={`/lesson/${lesson.id}`}
          className={buttonClasses("primary", "sm")}
          aria-label={t.openLabel(about)}
        >
          {t.open}
        </Link>
        {isStudent && <BookAgainLink tutorId={lesson.tutor.id} duration={lesson.duration} />}
      </div>
    </li>
  );
}
