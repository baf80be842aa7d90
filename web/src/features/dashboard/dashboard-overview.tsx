import { useState } from "react";
import { Link } from "react-router-dom";
import type { TutorMeta, UserView } from "@schema/api/user";
import { isTutorSide } from "@schema/enums";
import { ar } from "../../i18n/ar-EG";
import { arAuth } from "../../i18n/ar-EG-auth";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { arLive } from "../../i18n/ar-EG-live";
import { arPayments } from "../../i18n/ar-EG-payments";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { Button, buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { EmailVerificationDialog } from "../verification/email-verification-dialog";
import { PhoneVerificationDialog } from "../verification/phone-verification-dialog";
import { TimeZoneSuggestion } from "../user/time-zone-suggestion";
import { VerificationStatus } from "../verification/verification-status";
import { StudentDashboardStats, TutorDashboardStats } from "./dashboard-stats";
import { completeProfilePath, nextStepFor, nextStepPath } from "./next-step";

type DashboardOverviewProps = { user: UserView; tutorMeta: TutorMeta | null };

/** The places a user goes most from the dashboard. */
function shortcutsFor(isTutor: boolean): Array<{ to: string; label: string }> {
  const calendar = { to: "/lessons-schedule", label: arLessons.lessonsSchedule.nav };
  const chat = { to: "/chat", label: arLive.chat.title };
  return isTutor
    ? [
        calendar,
        { to: "/schedule-management", label: ar.nav.schedule },
        { to: "/invoices", label: arPayments.invoices.nav },
        chat,
      ]
    : [
        calendar,
        { to: "/upcoming-lessons", label: arLessons.marketplace.nav.myLessons },
        { to: "/plans", label: arLessons.marketplace.nav.plans },
        chat,
      ];
}

/** The dashboard's real content: greeting, next step, verification state, and what is coming. */
export function DashboardOverview({ user, tutorMeta }: DashboardOverviewProps) {
  const isTutor = isTutorSide(user.role);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {user.name ? (
          <>
            {arLessons.dashboard.greeting} <bdi>{user.name}</bdi>
          </>
        ) : (
          arLessons.dashboard.greetingFallback
        )}
      </h1>
      <TimeZoneSuggestion user={user} />
      {isTutor ? <TutorDashboardStats /> : <StudentDashboardStats />}
      <NextStepCard user={user} tutorMeta={tutorMeta} />
      <Card title={arAuth.verification.title}>
        {/* The hint goes the moment what it asks for is verified (the profile is read again on focus). */}
        {(isTutor ? !(user.verifiedEmail && user.verifiedPhone) : !user.verifiedEmail) && (
          <p className="mb-2 text-sm text-slate-600" data-verify-hint="">
            {isTutor ? arAuth.verification.tutorNeedsBoth : arAuth.verification.studentNeedsEmail}
          </p>
        )}
        <VerificationStatus user={user} />
      </Card>
      <Card title={arLessons.dashboard.shortcutsTitle}>
        <ul className="grid gap-2 sm:grid-cols-2">
          {shortcutsFor(isTutor).map((shortcut) => (
            <li key={shortcut.to}>
              <Link
                to={shortcut.to}
                className="block rounded-lg bg-slate-50 px-3 py-2 font-medium text-brand-800 hover:bg-brand-50"
              >
                {shortcut.label}
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

function NextStepCard({ user, tutorMeta }: DashboardOverviewProps) {
  const [dialog, setDialog] = useState<"email" | "phone" | null>(null);
  const step = nextStepFor(user, tutorMeta);

  return (
    <Card title={arLessons.dashboard.nextStepTitle} className="border-brand-200 bg-brand-50/40">
      {step === "complete-profile" && (
        <div className="flex flex-col items-start gap-3">
          <p className="text-slate-800">{arLessons.dashboard.completeProfile}</p>
          <Link to={completeProfilePath(user.role)} className={buttonClasses("primary")}>
            {arLessons.dashboard.completeProfileAction}
          </Link>
        </div>
      )}
      {step === "verify-email" && (
        <div className="flex flex-col items-start gap-3">
          <p className="text-slate-800">{arLessons.dashboard.verifyEmail}</p>
          <Button onClick={() => setDialog("email")}>{arAuth.verification.verifyEmail}</Button>
        </div>
      )}
      {step === "verify-phone" && (
        <div className="flex flex-col items-start gap-3">
          <p className="text-slate-800">{arLessons.dashboard.verifyPhone}</p>
          <Button onClick={() => setDialog("phone")}>{arAuth.verification.verifyPhone}</Button>
        </div>
      )}
      {step === "student-ready" && <Notice tone="success">{arLessons.dashboard.studentReady}</Notice>}
      {step === "tutor-onboarding" && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-800">{arLessons.dashboard.tutorOnboarding}</p>
          <Link to={nextStepPath["tutor-onboarding"] ?? "/t/onboarding"} className={buttonClasses("primary")}>
            {arTutorJourney.onboarding.openOnboarding}
          </Link>
        </div>
      )}
      {step === "tutor-activated" && <Notice tone="success">{arLessons.dashboard.tutorActivated}</Notice>}
      <EmailVerificationDialog user={user} open={dialog === "email"} onClose={() => setDialog(null)} />
      <PhoneVerificationDialog user={user} open={dialog === "phone"} onClose={() => setDialog(null)} />
    </Card>
  );
}
