import type { ServerStats } from "@schema/events";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { formatMoney, formatNumber, zonedFormat } from "../../lib/format";
import type { ChannelStatus } from "../../lib/realtime";
import { cx } from "../../ui/class-names";

const t = arAdmin.admin.serverStats;
/** "Last updated" with seconds: the figures change every few seconds. */

export const formatUpdatedAt = (at: string) => zonedFormat({ timeStyle: "medium" }).format(new Date(at));

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="flex flex-col">
        <span className="text-2xl font-bold text-slate-900 tabular-nums">{value}</span>
        {detail && <span className="text-sm text-slate-600">{detail}</span>}
      </dd>
    </div>
  );
}

const statusText: Record<ChannelStatus, string> = {
  open: t.live,
  connecting: t.connecting,
  closed: t.disconnected,
};

/**
 * The live figures. Only the connection status is a live region: figures that change every
 * second would keep a screen reader talking, so they are read on demand (a <dl>), and the visible
 * "last updated" time says how fresh they are.
 */
export function ServerStatsView({ stats, status }: { stats: ServerStats | null; status: ChannelStatus }) {
  // A dropped socket shows "reconnecting" only once figures exist; before that it is still connecting.
  const shown: ChannelStatus = status === "connecting" && stats ? "closed" : status;
  return (
    <div className="flex flex-col gap-4">
      <p
        role="status"
        className={cx(
          "flex items-center gap-2 text-sm",
          shown === "open" ? "text-emerald-800" : "text-amber-800",
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            "inline-block size-2.5 rounded-full",
            shown === "open" ? "bg-emerald-600" : "bg-amber-500",
          )}
        />
        {statusText[shown]}
      </p>
      {stats ? (
        <>
          <dl aria-label={t.figuresLabel} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Figure label={t.usersOnline} value={formatNumber(stats.usersOnline)} />
            <Figure label={t.lessonsHappeningNow} value={formatNumber(stats.lessonsHappeningNow)} />
            <Figure label={t.requestsPerMinute} value={formatNumber(stats.requestsPerMinute)} />
            <Figure label={t.pendingWithdrawals} value={formatNumber(stats.pendingWithdrawals)} />
            <Figure
              label={t.paymentsToday}
              value={formatMoney(stats.paymentsTodayAmount)}
              detail={t.paymentsTodayCount(stats.paymentsTodayCount)}
            />
          </dl>
          <p className="text-sm text-slate-600">
            {t.lastUpdated}{" "}
            <time dateTime={stats.at} data-testid="stats-updated-at">
              {formatUpdatedAt(stats.at)}
            </time>
          </p>
        </>
      ) : (
        <p className="text-slate-600">{t.waiting}</p>
      )}
    </div>
  );
}
