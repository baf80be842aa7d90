import type { InvoiceStats } from "@schema/api/invoice";
import { arPayments } from "../../i18n/ar-EG-payments";
import { formatMoney } from "../../lib/format";
import { Card } from "../../ui/card";
import { cx } from "../../ui/class-names";

const t = arPayments.invoices;

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cx("flex flex-col gap-1 rounded-xl p-3", strong ? "bg-brand-50" : "bg-slate-50")}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={cx("text-xl font-bold", strong ? "text-brand-900" : "text-slate-900")}>{value}</dd>
    </div>
  );
}

/** Earnings (total and this month), what waits, what was paid, and what can be withdrawn now. */
export function EarningsSummary({ stats }: { stats: InvoiceStats }) {
  return (
    <Card title={t.summary}>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="earnings-summary">
        <Figure label={t.withdrawable} value={formatMoney(stats.withdrawable)} strong />
        <Figure label={t.earnings} value={formatMoney(stats.earnings)} />
        <Figure label={t.earningsThisMonth} value={formatMoney(stats.earningsThisMonth)} />
        <Figure label={t.pending} value={formatMoney(stats.pending)} />
        <Figure label={t.withdrawn} value={formatMoney(stats.withdrawn)} />
      </dl>
    </Card>
  );
}
