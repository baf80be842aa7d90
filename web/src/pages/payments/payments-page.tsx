import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import type { TransactionView } from "@schema/api/transaction";
import { TransactionStatus } from "@schema/enums";
import { useCurrentSubscriptionQuery } from "../../features/lessons/use-lessons";
import { methodLabel } from "../../features/payments/payment-logic";
import { PaymentStatusPanel, TransactionStatusBadge } from "../../features/payments/payment-status-panel";
import {
  CancelOutcome,
  CancelSubscription,
  ReceiptsButton,
  RefundState,
  useCancelPlan,
  type CancelPlan,
} from "../../features/payments/refunds";
import {
  useLiveTransactions,
  usePaymentStatusQuery,
  useTransactionsQuery,
} from "../../features/payments/use-payments";
import { errorMessage } from "../../i18n/ar-EG";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { arPayments } from "../../i18n/ar-EG-payments";
import { errorCodeOf } from "../../lib/api-error";
import { formatDate, formatDateTime, formatMoney } from "../../lib/format";
import { pageSizeOptions, usePageSize } from "../../lib/page-size";
import { buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { PageSizeSelect } from "../../ui/page-size-select";
import { Pagination } from "../../ui/pagination";
import { LoadingScreen, Spinner } from "../../ui/spinner";

const t = arPayments.payments.history;

/** /payments — the current subscription and the student's transactions; ?tx= follows a returning card payment. */
export function PaymentsPage() {
  const [search] = useSearchParams();
  const returned = Number(search.get("tx"));
  // The cancellation lives here, not in the subscription's card, so its confirmation outlives the card.
  const plan = useCancelPlan();
  return (
    <PageFrame title={t.title} subtitle={t.subtitle} width="wide">
      {Number.isInteger(returned) && returned > 0 && <ReturnedPayment transactionId={returned} />}
      <CancelOutcome plan={plan} />
      <SubscriptionCard plan={plan} />
      <TransactionsCard />
    </PageFrame>
  );
}

/** Back from 3-D Secure: the status as Fawry reports it (the redirect itself changes nothing). */
function ReturnedPayment({ transactionId }: { transactionId: number }) {
  const status = usePaymentStatusQuery(transactionId);
  if (status.isPending) return <Spinner />;
  if (status.isError) return <Notice tone="error">{errorMessage(errorCodeOf(status.error))}</Notice>;
  return <PaymentStatusPanel transaction={status.data} />;
}

function SubscriptionCard({ plan }: { plan: CancelPlan }) {
  const current = useCurrentSubscriptionQuery();
  return (
    <Card title={t.subscription}>
      {current.isPending ? (
        <Spinner />
      ) : current.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(current.error))}</Notice>
      ) : current.data.info && current.data.info.status === "active" ? (
        <div className="flex flex-col gap-1 text-slate-800" data-testid="current-subscription">
          <p className="font-bold">
            {arLessons.marketplace.plans.weeklyMinutes(current.data.info.weeklyMinutes)} —{" "}
            {arLessons.marketplace.plans.periods[current.data.info.period]}
          </p>
          <p className="text-sm">
            {t.minutesLeft(current.data.remainingWeeklyMinutes, current.data.info.weeklyMinutes)}
          </p>
          <p className="text-sm text-slate-600">{t.endsOn(formatDate(current.data.info.end))}</p>
          <CancelSubscription current={current.data} plan={plan} />
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-700">{t.noSubscription}</p>
          <Link to="/plans" className={buttonClasses("primary", "sm")}>
            {t.browsePlans}
          </Link>
        </div>
      )}
    </Card>
  );
}

function TransactionsCard() {
  const [page, setPage] = useState(1);
  const [size] = usePageSize();
  const list = useTransactionsQuery(page, size);
  useLiveTransactions(list.data?.list.some((tx) => tx.status === TransactionStatus.Refunding) ?? false);
  return (
    <Card title={t.transactions}>
      {list.isPending ? (
        <LoadingScreen />
      ) : list.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(list.error))}</Notice>
      ) : list.data.list.length === 0 ? (
        <p className="text-slate-700">{t.empty}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col divide-y divide-slate-200">
            {list.data.list.map((tx) => (
              <TransactionItem key={tx.id} tx={tx} />
            ))}
          </ul>
          {list.data.total > pageSizeOptions[0] && <PageSizeSelect onChange={() => setPage(1)} />}
          <Pagination
            label={t.transactions}
            page={page}
            total={list.data.total}
            totalIsLowerBound={list.data.totalIsLowerBound}
            size={size}
            onPage={setPage}
          />
        </div>
      )}
    </Card>
  );
}

function TransactionItem({ tx }: { tx: TransactionView }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-transaction={tx.id}>
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="text-lg font-bold text-slate-900">{formatMoney(tx.amount)}</span>
        <span className="text-sm text-slate-700">
          {methodLabel(tx.method)} · {formatDateTime(tx.createdAt)}
        </span>
        {tx.fawryRefNumber && (
          <span className="text-xs text-slate-600">
            {t.reference}: <bdi dir="ltr">{tx.fawryRefNumber}</bdi>
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span role="status" data-status={tx.status}>
          <TransactionStatusBadge status={tx.status} />
        </span>
        <ReceiptsButton tx={tx} />
      </div>
      <div className="basis-full">
        <RefundState tx={tx} />
      </div>
    </li>
  );
}
