import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { StudentPersonalStats, TutorPersonalStats } from "@schema/api/stats";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { formatMoney, formatNumber } from "../../lib/format";
import { Card } from "../../ui/card";
import { useCurrentSubscriptionQuery } from "../lessons/use-lessons";

function Figure({ label, value, extra }: { label: string; value: string; extra?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl bg-slate-50 p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      {/* A <div> in a <dl> may hold only <dt> and <dd>: the extra link lives inside the <dd>. */}
      <dd className="flex flex-col gap-1">
        <span className="text-xl font-bold text-slate-900">{value}</span>
        {extra}
      </dd>
    </div>
  );
}

/** Minutes left this week (GET /sub/user), lessons and minutes this month. */
export function StudentStatsSummary({ stats }: { stats: StudentPersonalStats }) {
  const subscription = useCurrentSubscriptionQuery();
  const hasSubscription = Boolean(subscription.data?.info);
  return (
    <Card title={arLessons.stats.numbersTitle}>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure
          label={arLessons.stats.minutesLeftThisWeek}
          value={
            subscription.data
              ? hasSubscription
                ? formatNumber(subscription.data.remainingWeeklyMinutes)
                : arLessons.stats.noSubscription
              : "…"
          }
          extra={
            subscription.data && !hasSubscription ? (
              <Link to="/plans" className="text-sm font-medium text-brand-700 underline">
                {arLessons.stats.viewPlans}
              </Link>
            ) : null
          }
        />
        <Figure label={arLessons.stats.lessonsThisMonth} value={formatNumber(stats.lessonsThisMonth)} />
        <Figure label={arLessons.stats.minutesThisMonth} value={formatNumber(stats.minutesThisMonth)} />
      </dl>
    </Card>
  );
}

/** Lessons and minutes this month and the earnings summary (piasters → EGP). */
export function TutorStatsSummary({ stats }: { stats: TutorPersonalStats }) {
  return (
    <Card title={arLessons.stats.numbersTitle}>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Figure label={arLessons.stats.lessonsThisMonth} value={formatNumber(stats.lessonsThisMonth)} />
        <Figure label={arLessons.stats.minutesThisMonth} value={formatNumber(stats.minutesThisMonth)} />
        <Figure label={arLessons.stats.earningsThisMonth} value={formatMoney(stats.earningsThisMonth)} />
        <Figure label={arLessons.stats.totalEarnings} value={formatMoney(stats.totalEarnings)} />
      </dl>
      <p className="mt-3 text-xs text-slate-600">{arLessons.stats.earningsNote}</p>
    </Card>
  );
}
