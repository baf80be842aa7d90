import { ar } from "../../i18n/ar-EG";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { Notice } from "../../ui/notice";
import { CardsSkeleton, ListSkeleton } from "../../ui/skeleton";
import { useStudentStatsQuery, useTutorStatsQuery } from "../stats/use-stats";
import { NextLessonCard } from "./next-lesson-card";
import { StudentStatsSummary, TutorStatsSummary } from "./stats-summary";

/** The next lesson's card and the figures, in outline, while they load. */
function Loading() {
  return (
    <div className="flex flex-col gap-4">
      <ListSkeleton rows={1} label={ar.shell.loading.page} />
      <CardsSkeleton cards={3} />
    </div>
  );
}

function Failed() {
  return <Notice tone="error">{arLessons.stats.loadFailed}</Notice>;
}

/** The student dashboard's lesson part: next lesson and join button, this week's minutes, this month. */
export function StudentDashboardStats() {
  const stats = useStudentStatsQuery(true);
  if (stats.isPending) return <Loading />;
  if (stats.isError) return <Failed />;
  return (
    <>
      <NextLessonCard lesson={stats.data.nextLesson} isTutor={false} />
      <StudentStatsSummary stats={stats.data} />
    </>
  );
}

/** The tutor dashboard's lesson part: next lesson and join button, this month, earnings. */
export function TutorDashboardStats() {
  const stats = useTutorStatsQuery(true);
  if (stats.isPending) return <Loading />;
  if (stats.isError) return <Failed />;
  return (
    <>
      <NextLessonCard lesson={stats.data.nextLesson} isTutor />
      <TutorStatsSummary stats={stats.data} />
    </>
  );
}
