import type { LessonView } from "@schema/api/lesson";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import type { TutorInfo } from "@schema/api/tutor";
import { Role } from "@schema/enums";
import { StartChat } from "../../features/chat/start-chat";
import { BookedNotice, BookingFlow } from "../../features/lessons/booking-flow";
import { PushOffer } from "../../features/push/push-offer";
import { TutorReviews } from "../../features/ratings/tutor-reviews";
import { RatingText, TopicChips } from "../../features/tutors/tutor-card";
import { TutorPhoto } from "../../features/tutors/tutor-photo";
import { useTutorInfoQuery, useTutorStatsQuery } from "../../features/tutors/use-tutors";
import { TutorVideoInline } from "../../features/tutors/tutor-video";
import { LessonPrices, ShareTutor, WeekFreeTimes } from "../../features/tutors/visitor-panels";
import { BookingBar } from "../../features/tutor-profile/booking-bar";
import { useBookAgainDuration } from "../../features/learning/book-again";
import { FavouriteButton } from "../../features/learning/favourites/favourite-button";
import { ResponseTime } from "../../features/learning/favourites/response-time";
import { EmailVerificationDialog } from "../../features/verification/email-verification-dialog";
import { ar } from "../../i18n/ar-EG";
import { gendered } from "../../i18n/ar-EG-counts";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { formatDate, formatNumber } from "../../lib/format";
import { byGender, formatDurationWords } from "../../lib/plural";
import { useIsSignedIn, useSession } from "../../lib/session";
import { Button, buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { ListSkeleton } from "../../ui/skeleton";
import { Tabs } from "../../ui/tabs";

const t = arLessons.marketplace.profile;
const b = arLessons.marketplace.booking;

/** /t/{id} — a tutor's public profile, reviews and the booking flow. */
export function TutorProfilePage() {
  const { id } = useParams();
  const tutorId = /^\d+$/.test(id ?? "") ? Number(id) : 0;
  const info = useTutorInfoQuery(tutorId);

  if (tutorId > 0 && info.isPending) {
    return (
      // Prerendered at build (schema/prerendered-pages.ts), the Worker puts the tutor's header here (worker/seo/tutor-paint.ts).
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-4" data-paint-slot="tutor-profile">
        <h1 className="sr-only">{arLessons.marketplace.tutors.title}</h1>
        <ListSkeleton rows={2} label={ar.shell.loading.page} />
      </div>
    );
  }
  if (!info.data) {
    return (
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{arLessons.marketplace.tutors.title}</h1>
        <Notice tone="error">{t.notFound}</Notice>
        <Link to="/tutors" className={buttonClasses("secondary", "md", "self-start")}>
          {t.backToTutors}
        </Link>
      </div>
    );
  }
  return <TutorProfile tutor={info.data} />;
}

function TutorProfile({ tutor }: { tutor: TutorInfo }) {
  const name = tutor.name ?? arLessons.marketplace.tutors.unnamed;
  const signedIn = useIsSignedIn();
  const { user } = useSession();
  // Visitors and students can book (visitors after signing in); other roles read the page only.
  const canBook = !signedIn || !user || user.role === Role.Student;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <header className="flex flex-wrap items-center gap-4">
        <TutorPhoto name={tutor.name} image={tutor.image} size="lg" priority />
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
            <bdi>{name}</bdi>
          </h1>
          {tutor.bio && (
            <p className="text-slate-700" dir="auto">
              {tutor.bio}
            </p>
          )}
          <p className="text-sm">
            <RatingText rating={tutor.rating} />
          </p>
          <ResponseTime
            seconds={tutor.responseSeconds}
            gender={tutor.gender}
            className="text-sm text-slate-700"
          />
        </div>
        <div className="flex w-full flex-col gap-2 sm:ms-auto sm:w-auto sm:items-end">
          <FavouriteButton tutorId={tutor.id} gender={tutor.gender} />
          <MessageTutor tutorId={tutor.id} name={name} gender={tutor.gender} />
          <ShareTutor name={name} gender={tutor.gender} />
        </div>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_24rem]">
        <Tabs
          label={t.tabsLabel}
          tabs={[
            { id: "profile", label: t.profileTab, content: <ProfileTab tutor={tutor} /> },
            { id: "reviews", label: t.reviewsTab, content: <TutorReviews tutorId={tutor.id} /> },
          ]}
        />
        <BookingCard tutor={tutor} name={name} />
      </div>
      {canBook && <BookingBar tutorId={tutor.id} name={name} />}
    </div>
  );
}

/** «مراسلة المدرّس» for students and visitors (docs/rules.md, Chat: a student may start a room with a tutor). */
function MessageTutor({
  tutorId,
  name,
  gender,
}: {
  tutorId: number;
  name: string;
  gender: TutorInfo["gender"];
}) {
  const signedIn = useIsSignedIn();
  const { user } = useSession();
  if (signedIn && user?.role !== Role.Student) return null;
  return (
    <div className="w-full sm:w-auto">
      <StartChat
        otherId={tutorId}
        otherName={name}
        label={byGender(gendered.messageTutor, gender)}
        className="w-full sm:w-auto"
      />
    </div>
  );
}

/**
 * How wide the intro video is (measured in Chromium at 360–1280 px): beside the booking card from
 * 1024 px (896 − 384 − 24), the whole page (at most 896 px, less its 32 px padding) below.
 */
const profileThumbnailSizes = "(min-width: 1024px) 488px, (min-width: 928px) 896px, calc(100vw - 32px)";

function ProfileTab({ tutor }: { tutor: TutorInfo }) {
  const name = tutor.name ?? arLessons.marketplace.tutors.unnamed;
  const stats = useTutorStatsQuery(tutor.id);
  return (
    <div className="flex flex-col gap-6">
      {tutor.video && (
        <section className="flex flex-col gap-2">
          <h2 className="text-lg font-bold text-slate-900">{t.video}</h2>
          <TutorVideoInline
            name={name}
            video={tutor.video}
            thumbnail={tutor.thumbnail}
            sizes={profileThumbnailSizes}
          />
        </section>
      )}
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-bold text-slate-900">{t.about}</h2>
        <p className="whitespace-pre-line text-slate-700" dir="auto">
          {tutor.about || byGender(gendered.noAbout, tutor.gender)}
        </p>
      </section>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-bold text-slate-900">{t.topics}</h2>
        {tutor.topics.length > 0 ? (
          <TopicChips topics={tutor.topics} />
        ) : (
          <p className="text-slate-600">{byGender(gendered.noTopics, tutor.gender)}</p>
        )}
      </section>
      {stats.data && (
        <section className="flex flex-col gap-2">
          <h2 className="text-lg font-bold text-slate-900">{t.stats}</h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              [t.lessonsTaught, formatNumber(stats.data.lessonsTaught)],
              [t.minutesTaught, formatNumber(stats.data.minutesTaught)],
              [t.studentsTaught, formatNumber(stats.data.studentsTaught)],
              [byGender(gendered.joinedAtLabel, tutor.gender), formatDate(stats.data.joinedAt)],
            ].map(([label, value]) => (
              <div key={label} className="flex flex-col rounded-xl bg-slate-50 p-3">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="text-lg font-bold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}

/** The booking entry point: who may book, and the flow itself. */
function BookingCard({ tutor, name }: { tutor: TutorInfo; name: string }) {
  const signedIn = useIsSignedIn();
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [verifying, setVerifying] = useState(false);
  /** The lesson just booked (its success screen), or null while booking. */
  const [done, setDone] = useState<LessonView | null>(null);
  const again = useBookAgainDuration();

  useEffect(() => {
    if (location.hash === "#book") document.getElementById("book")?.scrollIntoView({ block: "start" });
  }, [location.hash]);

  let body;
  if (!signedIn || !user) {
    const next = `/t/${tutor.id}#book`;
    // Visitors see what a lesson costs and when the tutor is free; booking itself asks to sign in.
    body = (
      <div className="flex flex-col gap-4">
        <LessonPrices />
        <WeekFreeTimes tutorId={tutor.id} />
        <Link
          to={`/login?next=${encodeURIComponent(next)}`}
          className={buttonClasses("primary", "md", "w-full")}
        >
          {b.signInToBook}
        </Link>
      </div>
    );
  } else if (user.role !== Role.Student) {
    body = (
      <div className="flex flex-col gap-4">
        <Notice tone="info">{b.studentsOnly}</Notice>
        <LessonPrices />
        <WeekFreeTimes tutorId={tutor.id} />
      </div>
    );
  } else if (!user.verifiedEmail) {
    body = (
      <div className="flex flex-col gap-3">
        <Notice tone="warning">{b.verifyEmailFirst}</Notice>
        <Button onClick={() => setVerifying(true)}>{b.verifyEmail}</Button>
        <EmailVerificationDialog user={user} open={verifying} onClose={() => setVerifying(false)} />
      </div>
    );
  } else if (done) {
    body = (
      <div className="flex flex-col gap-3">
        <BookedNotice lesson={done} title={b.booked} />
        <PushOffer />
        <Button onClick={() => void navigate("/upcoming-lessons")}>{b.goToLessons}</Button>
        <Button variant="secondary" onClick={() => setDone(null)}>
          {b.title}
        </Button>
      </div>
    );
  } else {
    body = (
      <BookingFlow tutorId={tutor.id} tutorName={name} soonest={again} onDone={(lesson) => setDone(lesson)} />
    );
  }

  return (
    // Focusable, so the phone's booking bar (web/src/features/tutor-profile/booking-bar.tsx) puts the keyboard here.
    <Card
      id="book"
      title={b.title}
      tabIndex={-1}
      className="scroll-mt-20 self-start outline-none focus-visible:outline-3 focus-visible:outline-brand-600"
    >
      {tutor.notice > 0 && (
        <p className="mb-3 text-sm text-slate-600">
          {byGender(gendered.noticeHint, tutor.gender, formatDurationWords(tutor.notice))}
        </p>
      )}
      {body}
    </Card>
  );
}
