import { Link } from "react-router-dom";
import { StepList } from "../../features/marketing/marketing-page";
import { homePathFor } from "../../features/session/home-path";
import { ar } from "../../i18n/ar-EG";
import { marketingHome } from "../../i18n/ar-EG-marketing-home";
import { marketingShared } from "../../i18n/ar-EG-marketing-shared";
import { useIsSignedIn, useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";
import { buttonClasses } from "../../ui/button";

/** The public home: what Dars is, and the way in for students and tutors. */
export function HomePage() {
  const signedIn = useIsSignedIn();
  const { user } = useSession();
  useDocumentTitle(marketingHome.documentTitle, marketingHome.hero.intro);
  return (
    <div className="flex flex-col gap-10">
      <section className="flex flex-col gap-5 rounded-3xl bg-gradient-to-bl from-brand-50 to-white px-5 py-10 sm:px-10 sm:py-16">
        <p className="text-sm font-bold text-brand-700">
          {ar.appName} · {ar.appTagline}
        </p>
        <h1 className="max-w-2xl text-3xl leading-tight font-bold text-slate-900 sm:text-5xl sm:leading-tight">
          {marketingHome.hero.title}
        </h1>
        <p className="max-w-2xl text-lg leading-8 text-slate-700">{marketingHome.hero.intro}</p>
        {signedIn && user ? (
          <Link to={homePathFor(user.role)} className={buttonClasses("primary", "lg", "self-start")}>
            {marketingShared.goToDashboard}
          </Link>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/register/student" className={buttonClasses("primary", "lg")}>
              {marketingHome.hero.studentCta}
            </Link>
            <Link to="/register/tutor" className={buttonClasses("secondary", "lg")}>
              {marketingHome.hero.tutorCta}
            </Link>
          </div>
        )}
        {!signedIn && (
          <p className="text-slate-700">
            {marketingHome.hero.haveAccount}{" "}
            <Link to="/login" className="font-medium text-brand-800 underline underline-offset-4">
              {ar.nav.login}
            </Link>
          </p>
        )}
      </section>
      <ul className="grid gap-4 sm:grid-cols-3">
        {marketingHome.hero.points.map((point) => (
          <li key={point} className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-5">
            <svg
              viewBox="0 0 24 24"
              className="mt-0.5 size-6 shrink-0 text-brand-600"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="m5 12 5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span className="text-slate-800">{point}</span>
          </li>
        ))}
      </ul>
      <section aria-labelledby="home-how" className="flex flex-col gap-4">
        <h2 id="home-how" className="text-2xl font-bold text-slate-900">
          {marketingHome.howTitle}
        </h2>
        <StepList steps={marketingHome.steps} />
      </section>
      <section aria-labelledby="home-more" className="flex flex-col gap-4">
        <h2 id="home-more" className="text-2xl font-bold text-slate-900">
          {marketingHome.moreTitle}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {marketingHome.more.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="flex h-full flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-5 hover:border-brand-300 hover:bg-brand-50"
              >
                <span className="font-bold text-brand-800">{item.title}</span>
                <span className="text-sm leading-6 text-slate-700">{item.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
