import { Link, useParams } from "react-router-dom";
import { Fact, Figure, QueryState } from "../../features/admin-area/admin-ui";
import { TutorAdminPanel } from "../../features/admin-area/tutor-admin-panel";
import { useAdminTutorInfoQuery, useAdminTutorStatsQuery } from "../../features/admin-area/tutors";
import { useUserQuery } from "../../features/admin-area/users";
import { TutorPhoto } from "../../features/tutors/tutor-photo";
import { TutorVideoButton } from "../../features/tutors/tutor-video";
import { ar } from "../../i18n/ar-EG";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { formatNumber } from "../../lib/format";
import { Card } from "../../ui/card";
import { PageFrame } from "../../ui/page-frame";

const t = arAdmin.adminArea.tutor;

/** /admin/tutor/{id} — a tutor's media and profile, onboarding steps, activation actions and minutes taught. */
export function AdminTutorPage() {
  const id = Number(useParams().id);
  const user = useUserQuery(id);
  const info = useAdminTutorInfoQuery(id);
  const stats = useAdminTutorStatsQuery(id);
  return (
    <PageFrame
      title={user.data?.name ?? t.title}
      subtitle={user.data ? ar.roles[user.data.role] : undefined}
      width="wide"
    >
      <div className="flex flex-wrap gap-4">
        <Link to="/admin/tutors" className="text-sm font-medium text-brand-800 underline underline-offset-2">
          {t.back}
        </Link>
        <Link
          to={`/admin/user/${id}`}
          className="text-sm font-medium text-brand-800 underline underline-offset-2"
        >
          {t.userAccount}
        </Link>
      </div>
      <Card title={t.media}>
        <QueryState query={info}>
          {(tutor) => (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-3">
                {tutor.image ? (
                  <TutorPhoto name={tutor.name} image={tutor.image} size="lg" />
                ) : (
                  <p className="text-slate-700">{t.noImage}</p>
                )}
                <dl className="flex flex-col gap-3">
                  <Fact label={t.bio}>
                    <bdi>{tutor.bio ?? "—"}</bdi>
                  </Fact>
                  <Fact label={t.noticeLabel}>{t.notice(tutor.notice)}</Fact>
                </dl>
              </div>
              <div className="flex flex-col gap-2">
                <span className="text-sm font-medium text-slate-800">{t.video}</span>
                {tutor.video ? (
                  <TutorVideoButton name={tutor.name ?? ""} video={tutor.video} thumbnail={tutor.thumbnail} />
                ) : (
                  <p className="text-slate-700">{t.noVideo}</p>
                )}
              </div>
            </div>
          )}
        </QueryState>
      </Card>
      <Card title={t.stats}>
        <QueryState query={stats}>
          {(data) => (
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Figure label={t.lessonsTaught} value={formatNumber(data.lessonsTaught)} />
              <Figure label={t.studentsTaught} value={formatNumber(data.studentsTaught)} />
              <Figure label={t.upcomingLessons} value={formatNumber(data.upcomingLessons)} />
              <Figure
                label={t.rating}
                value={
                  data.rating.average === null
                    ? t.noRating
                    : t.ratingValue(formatNumber(data.rating.average), data.rating.count)
                }
              />
            </dl>
          )}
        </QueryState>
      </Card>
      <TutorAdminPanel tutorId={id} gender={user.data?.gender} />
    </PageFrame>
  );
}
