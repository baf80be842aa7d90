import { useState } from "react";
import { Link } from "react-router-dom";
import type { PlanView } from "@schema/api/plan";
import type { CurrentSubscription, SubscriptionView } from "@schema/api/subscription";
import { useCurrentSubscriptionQuery } from "../../features/lessons/use-lessons";
import { previewRefund } from "../../features/payments/refunds";
import { periodOffers, usePlansQuery } from "../../features/plans/use-plans";
import { errorMessage } from "../../i18n/ar-EG";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { errorCodeOf } from "../../lib/api-error";
import { formatDate, formatMoney, formatPercent } from "../../lib/format";
import { Button, buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { Dialog } from "../../ui/dialog";
import { Badge, Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { LoadingScreen } from "../../ui/spinner";

const t = arLessons.marketplace.plans;

/** The student's live plan, when they have one (one at a time: docs/rules.md, Plans and subscriptions). */
function useLivePlan() {
  const current = useCurrentSubscriptionQuery();
  const info = current.data?.info;
  return info && info.status === "active" ? { info, current: current.data! } : null;
}

/**
 * /plans — the plans with their month, quarter and year prices and discounts. A subscribed student
 * sees their plan first, and «اشترك» explains what changing it means instead of leading to a
 * checkout that would refuse them.
 */
export function PlansPage() {
  const plans = usePlansQuery();
  const live = useLivePlan();
  const [explaining, setExplaining] = useState(false);
  return (
    <PageFrame title={t.title} subtitle={t.subtitle} width="wide">
      {live && <CurrentPlan info={live.info} current={live.current} />}
      {live && (
        <Dialog open={explaining} onClose={() => setExplaining(false)} title={t.current.dialogTitle}>
          <ChangeExplanation info={live.info} current={live.current} onClose={() => setExplaining(false)} />
        </Dialog>
      )}
      {plans.isPending ? (
        <LoadingScreen />
      ) : plans.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(plans.error))}</Notice>
      ) : plans.data.length === 0 ? (
        <Notice tone="info">{t.empty}</Notice>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              subscribed={live ? { planId: live.info.planId, explain: () => setExplaining(true) } : null}
            />
          ))}
        </ul>
      )}
    </PageFrame>
  );
}

function CurrentPlan({ info, current }: { info: SubscriptionView; current: CurrentSubscription }) {
  return (
    <Card title={t.current.title} className="mb-4" data-testid="current-plan">
      <div className="flex flex-col gap-2 text-slate-700">
        <p className="font-medium text-slate-900">
          {t.current.summary(info.weeklyMinutes, formatDate(info.end))}
        </p>
        <p>{t.current.oneAtATime}</p>
        <RefundLine current={current} />
        <Link to="/payments" className={buttonClasses("secondary", "sm", "self-start")}>
          {t.current.manage}
        </Link>
      </div>
    </Card>
  );
}

function RefundLine({ current }: { current: CurrentSubscription }) {
  const refund = previewRefund(current);
  if (refund === null) return null;
  return <p>{refund > 0 ? t.current.refundNow(formatMoney(refund)) : t.current.noRefund}</p>;
}

/** What «اشترك» says to a subscribed student: their plan, and how a change goes (cancel with a refund, then subscribe). */
function ChangeExplanation({
  info,
  current,
  onClose,
}: {
  info: SubscriptionView;
  current: CurrentSubscription;
  onClose: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 text-slate-700" data-testid="change-plan-explanation">
      <p className="font-medium text-slate-900">
        {t.current.summary(info.weeklyMinutes, formatDate(info.end))}
      </p>
      <p>{t.current.oneAtATime}</p>
      <p>{t.current.howToChange}</p>
      <RefundLine current={current} />
      <div className="flex flex-wrap gap-2">
        <Link to="/payments" className={buttonClasses("primary", "md")}>
          {t.current.manage}
        </Link>
        <Button variant="secondary" onClick={onClose}>
          {t.current.close}
        </Button>
      </div>
    </div>
  );
}

function PlanCard({
  plan,
  subscribed,
}: {
  plan: PlanView;
  /** The student has a live plan: «اشترك» explains instead of opening a checkout. */
  subscribed: { planId: number; explain: () => void } | null;
}) {
  const minutes = plan.weeklyMinutes;
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-bold text-slate-900">{t.weeklyMinutes(minutes)}</h2>
        {plan.inviteOnly && <Badge tone="info">{t.inviteOnly}</Badge>}
        {subscribed?.planId === plan.id && <Badge tone="success">{t.current.yours}</Badge>}
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
            {subscribed ? (
              <Button
                variant={offer.period === 0 ? "secondary" : "primary"}
                size="sm"
                aria-haspopup="dialog"
                aria-label={t.subscribeTo(minutes, t.periods[offer.period])}
                onClick={subscribed.explain}
              >
                {t.subscribe}
              </Button>
            ) : (
              <Link
                to={`/checkout/${plan.id}/${offer.period}`}
                className={buttonClasses(offer.period === 0 ? "secondary" : "primary", "sm")}
                aria-label={t.subscribeTo(minutes, t.periods[offer.period])}
              >
                {t.subscribe}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}
