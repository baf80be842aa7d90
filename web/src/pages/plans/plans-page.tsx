import { Link } from "react-router-dom";
import type { PlanView } from "@schema/api/plan";
import { periodOffers, usePlansQuery } from "../../features/plans/use-plans";
import { errorMessage } from "../../i18n/ar-EG";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { errorCodeOf } from "../../lib/api-error";
import { formatMoney, formatPercent } from "../../lib/format";
import { buttonClasses } from "../../ui/button";
import { Badge, Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { LoadingScreen } from "../../ui/spinner";

const t = arLessons.marketplace.plans;

/** /plans — the plans with their month, quarter and year prices and discounts. */
export function PlansPage() {
  const plans = usePlansQuery();
  return (
    <PageFrame title={t.title} subtitle={t.subtitle} width="wide">
      {plans.isPending ? (
        <LoadingScreen />
      ) : plans.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(plans.error))}</Notice>
      ) : plans.data.length === 0 ? (
        <Notice tone="info">{t.empty}</Notice>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {plans.data.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
      )}
    </PageFrame>
  );
}

function PlanCard({ plan }: { plan: PlanView }) {
  const minutes = plan.weeklyMinutes;
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-bold text-slate-900">{t.weeklyMinutes(minutes)}</h2>
        {plan.inviteOnly && <Badge tone="info">{t.inviteOnly}</Badge>}
      </div>
      <ul className="flex flex-col gap-3">
        {periodOffers(plan).map((offer) => (
          <li
            key={offer.period}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-3"
          >
            <div className="flex flex-col gap-0.5">
              <span className="font-medium text-slate-900">{t.periods[offer.period]}</span>
              <span className="text-lg font-bold text-brand-800">{formatMoney(offer.price)}</span>
              {offer.discount > 0 && (
                <span className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge tone="success">{t.discount(formatPercent(offer.discount))}</Badge>
                  <span className="text-slate-600">
                    {t.fullPrice}: <s>{formatMoney(offer.fullPrice)}</s>
                  </span>
                </span>
              )}
              {offer.period !== 0 && (
                <span className="text-xs text-slate-600">{t.perMonth(formatMoney(offer.monthly))}</span>
              )}
            </div>
            <Link
              to={`/checkout/${plan.id}/${offer.period}`}
              className={buttonClasses(offer.period === 0 ? "secondary" : "primary", "sm")}
              aria-label={t.subscribeTo(minutes, t.periods[offer.period])}
            >
              {t.subscribe}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
