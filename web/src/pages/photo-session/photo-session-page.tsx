import { Link, useParams } from "react-router-dom";
import type { StudioTutorView } from "@schema/api/photo-session";
import { isAdmin } from "@schema/enums";
import { PhotoSessionPanel } from "../../features/studio/photo-session-panel";
import { isOpen } from "../../features/studio/session-rules";
import { TutorAssetUpload } from "../../features/studio/tutor-asset-upload";
import { useStudioTutorQuery } from "../../features/studio/use-studio";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arAuth } from "../../i18n/ar-EG-auth";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf, isApiError } from "../../lib/api-error";
import { useSession } from "../../lib/session";
import { buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { LoadingScreen } from "../../ui/spinner";

const t = arTutorJourney.studio;

/** /photo-session/{tutorId} — the studio's page for one tutor: contact, appointment, and the three media. */
export function PhotoSessionPage() {
  const { tutorId: param } = useParams();
  const tutorId = /^\d+$/.test(param ?? "") ? Number(param) : 0;
  const query = useStudioTutorQuery(tutorId);

  if (tutorId > 0 && query.isPending) return <LoadingScreen />;
  if (!query.data) {
    const notFound = tutorId === 0 || (isApiError(query.error) && query.error.status === 404);
    return (
      <PageFrame title={t.tutorPageTitle}>
        <Notice tone="error">{notFound ? t.tutorNotFound : errorMessage(errorCodeOf(query.error))}</Notice>
        <Link to="/photo-sessions" className={buttonClasses("secondary", "md", "self-start")}>
          {t.backToList}
        </Link>
      </PageFrame>
    );
  }
  return <TutorSession tutor={query.data} />;
}

function TutorSession({ tutor }: { tutor: StudioTutorView }) {
  const name = tutor.name ?? arTutorJourney.onboarding.noName;
  const { user } = useSession();
  // The studio uploads during an open session; an admin may replace the media at any time.
  const open = isOpen(tutor.photoSession?.status) || (user !== null && isAdmin(user.role));
  return (
    <PageFrame
      title={
        <>
          {t.tutorPageTitle}: <bdi>{name}</bdi>
        </>
      }
      subtitle={t.tutorPageSubtitle}
      width="wide"
    >
      <Link
        to="/photo-sessions"
        className="self-start font-medium text-brand-800 underline underline-offset-4"
      >
        {t.backToList}
      </Link>
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <Card title={t.contactTitle} className="self-start">
          <dl className="flex flex-col gap-3">
            <div>
              <dt className="text-sm text-slate-600">{ar.fields.email}</dt>
              <dd>
                <a
                  href={`mailto:${tutor.email}`}
                  dir="ltr"
                  className="break-all font-medium text-brand-800 underline"
                >
                  {tutor.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{ar.fields.phone}</dt>
              <dd>
                {tutor.phone ? (
                  <a href={`tel:${tutor.phone}`} dir="ltr" className="font-medium text-brand-800 underline">
                    {tutor.phone}
                  </a>
                ) : (
                  <span className="text-slate-600">{arAuth.verification.noPhone}</span>
                )}
              </dd>
            </div>
          </dl>
        </Card>
        <Card title={t.sessionTitle}>
          <PhotoSessionPanel tutor={tutor} />
        </Card>
      </div>
      <Card title={t.mediaTitle}>
        {!open && (
          <Notice tone="info" className="mb-4">
            {t.mediaClosed}
          </Notice>
        )}
        <div className="grid gap-4 md:grid-cols-3">
          <TutorAssetUpload tutorId={tutor.id} kind="image" current={tutor.image} disabled={!open} />
          <TutorAssetUpload tutorId={tutor.id} kind="video" current={tutor.video} disabled={!open} />
          <TutorAssetUpload tutorId={tutor.id} kind="thumbnail" current={tutor.thumbnail} disabled={!open} />
        </div>
      </Card>
    </PageFrame>
  );
}
