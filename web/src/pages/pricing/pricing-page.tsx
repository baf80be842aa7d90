import { Link } from "react-router-dom";
import { useBusinessWords } from "../../features/marketing/business-words";
import { MarketingPage } from "../../features/marketing/marketing-page";
import { pricingRows, type PricingRow } from "../../features/marketing/pricing-rows";
import { usePlansQuery } from "../../features/plans/use-plans";
import { errorMessage } from "../../i18n/ar-EG";
import { marketingPricing } from "../../i18n/ar-EG-marketing-pricing";
import { errorCodeOf } from "../../lib/api-error";
import { formatMoney, formatNumber, formatPercent } from "../../lib/format";
import { useIsSignedIn } from "../../lib/session";
import { buttonClasses } from "../../ui/button";
import { Badge, Notice } from "../../ui/notice";
import { LoadingScreen } from "../../ui/spinner";

const t = marketingPricing;

/** /pricing — the public plans (GET /plan/list) priced by schema/pricing.ts, and how plans work. */
export function PricingPage() {
  const plans = usePlansQuery();
  const signedIn = useIsSignedIn();
  const { fill, business } = useBusinessWords();
  return (
    <MarketingPage title={t.title} documentTitle={t.documentTitle} lead={t.lead} wide>
      {!signedIn && business.trialMinutes > 0 && <Notice tone="info">{fill(t.trial)}</Notice>}
      {plans.isPending ? (
        <LoadingScreen />
      ) : plans.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(plans.error))}</Notice>
      ) : (
        <PlanGrid rows={pricingRows(plans.data)} signedIn={signedIn} />
      )}
      <section className="flex flex-col gap-3">
        <h2 className="text-2xl font-bold text-slate-900">{t.notesTitle}</h2>
        <ul className="flex list-disc flex-col gap-2 ps-6 leading-7 text-slate-800 marker:text-brand-600">
          {t.notes.map((note) => (
            <li key={note}>{fill(note)}</li>
          ))}
        </ul>
      </section>
    </MarketingPage>
  );
}

function PlanGrid({ rows, signedIn }: { rows: PricingRow[]; signedIn: boolean }) {
  if (rows.length === 0) return <Notice tone="info">{t.empty}</Notice>;
  return (
    <ul aria-label={t.plansLabel} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {rows.map((row) => {
        const minutes = row.weeklyMinutes;
        return (
          <li
            key={row.planId}
            className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 className="text-xl font-bold text-slate-900">{t.perWeek(minutes)}</h2>
            {row.longLessonsPerWeek > 0 && (
              <p className="text-sm text-slate-700">
                {t.lessonsPerWeek(row.longLessonsPerWeek, formatNumber(row.longLessonsPerWeek))}
              </p>
            )}
            <p className="flex flex-col">
              <span className="text-sm text-slate-600">{t.monthPrice}</span>
              <span className="text-2xl font-bold text-brand-800">{formatMoney(row.monthPrice)}</span>
            </p>
            {row.yearMonthly !== null && (
              <p className="text-sm text-slate-700">{t.yearFrom(formatMoney(row.yearMonthly))}</p>
            )}
            {row.bestDiscount > 0 && (
              <span className="self-start">
                <Badge tone="success">{t.saveUpTo(formatPercent(row.bestDiscount))}</Badge>
              </span>
            )}
            <Link
              to={signedIn ? "/plans" : "/register/student"}
              className={buttonClasses("primary", "md", "mt-auto")}
              aria-label={t.choosePlan(minutes)}
            >
              {t.choose}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
