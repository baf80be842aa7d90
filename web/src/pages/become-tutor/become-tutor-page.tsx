import { Link } from "react-router-dom";
import { MarketingPage, StepList } from "../../features/marketing/marketing-page";
import { homePathFor } from "../../features/session/home-path";
import { useBusinessNumbers } from "../../features/config/use-app-config";
import { durationCounts } from "../../i18n/ar-EG-durations";
import { market } from "../../i18n/ar-EG-marketplace";
import { marketingBecomeTutor } from "../../i18n/ar-EG-marketing-become-tutor";
import { marketingShared } from "../../i18n/ar-EG-marketing-shared";
import { formatMoney } from "../../lib/format";
import { countOf } from "../../lib/plural";
import { useSession } from "../../lib/session";
import { buttonClasses } from "../../ui/button";

const t = marketingBecomeTutor;

function Bullets({ items }: { items: readonly string[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <li
          key={item}
          className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 leading-7 text-slate-800"
        >
          <svg
            viewBox="0 0 24 24"
            className="mt-1 size-5 shrink-0 text-brand-600"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="m5 12 5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** /tutor — become a tutor: why, the onboarding steps, and what happens after. */
export function BecomeTutorPage() {
  const { user } = useSession();
  return (
    <MarketingPage title={t.title} documentTitle={t.documentTitle} lead={t.lead} wide>
      <Cta signedInPath={user ? homePathFor(user.role) : null} />
      <TutorRate />
      <section className="flex flex-col gap-4">
        <h2 className="text-2xl font-bold text-slate-900">{t.whyTitle}</h2>
        <Bullets items={t.why} />
      </section>
      <section className="flex flex-col gap-4">
        <h2 className="text-2xl font-bold text-slate-900">{t.stepsTitle}</h2>
        <StepList steps={t.steps} />
      </section>
      <section className="flex flex-col gap-4">
        <h2 className="text-2xl font-bold text-slate-900">{t.afterTitle}</h2>
        <Bullets items={t.after} />
      </section>
      <Cta signedInPath={user ? homePathFor(user.role) : null} />
    </MarketingPage>
  );
}

/** Signed out: register as a tutor or sign in. Signed in: back to one's dashboard. */
function Cta({ signedInPath }: { signedInPath: string | null }) {
  if (signedInPath)
    return (
      <Link to={signedInPath} className={buttonClasses("primary", "lg", "self-start")}>
        {marketingShared.goToDashboard}
      </Link>
    );
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <Link to="/register/tutor" className={buttonClasses("primary", "lg")}>
        {t.cta}
      </Link>
      <Link to="/login" className="font-medium text-brand-800 underline underline-offset-4">
        {t.haveAccount}
      </Link>
    </div>
  );
}

/** What a tutor earns: the tutor hourly rate in force (GET /config), and what one 30-minute lesson brings. */
function TutorRate() {
  const v = market.visitor;
  const hourly = useBusinessNumbers().tutorHourlyRate;
  return (
    <section
      aria-labelledby="tutor-rate"
      className="flex flex-col gap-2 rounded-2xl border border-brand-200 bg-brand-50 p-5"
    >
      <h2 id="tutor-rate" className="text-2xl font-bold text-slate-900">
        {v.tutorRateTitle}
      </h2>
      <p className="text-lg font-bold text-brand-900" data-tutor-rate="">
        {v.tutorRate(formatMoney(hourly))}
      </p>
      <p className="text-slate-800">
        {v.tutorRateExample(countOf(durationCounts.minutes, 30), formatMoney(Math.round(hourly / 2)))}
      </p>
    </section>
  );
}
