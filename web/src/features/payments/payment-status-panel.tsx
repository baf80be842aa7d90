import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import type { TransactionView } from "@schema/api/transaction";
import { TransactionStatus } from "@schema/enums";
import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { arPayments } from "../../i18n/ar-EG-payments";
import { errorCodeOf } from "../../lib/api-error";
import { track } from "../../lib/track";
import { formatDateTime, formatMoney } from "../../lib/format";
import { Button, buttonClasses } from "../../ui/button";
import { Badge, Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { failureNotice, isFinalStatus, transactionStatuses } from "./payment-logic";
import { useCancelOrder, usePaymentStatusQuery, useRefreshAfterPayment } from "./use-payments";

const t = arPayments.payments;

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  const { label, tone } = transactionStatuses[status];
  return <Badge tone={tone}>{label}</Badge>;
}

type PaymentStatusPanelProps = {
  transaction: TransactionView;
  /** What the payer needs while waiting: the reference number, the wallet QR… */
  children?: ReactNode;
  /** Start again (another method, or the same one). */
  onRetry?: () => void;
};

/** Live status of an order: polled every 3 s (and on the socket event) until final; cancel and retry. */
export function PaymentStatusPanel({ transaction, children, onRetry }: PaymentStatusPanelProps) {
  const status = usePaymentStatusQuery(transaction.id, transaction);
  const cancel = useCancelOrder();
  const refresh = useRefreshAfterPayment();
  const tx = status.data ?? transaction;
  const final = isFinalStatus(tx.status);
  const [announced, setAnnounced] = useState(false);

  useEffect(() => {
    if (final && !announced) {
      setAnnounced(true);
      refresh();
    }
  }, [final, announced, refresh]);

  const paid = tx.status === TransactionStatus.Paid;
  useEffect(() => {
    if (paid) trackPurchaseOnce(tx);
  }, [paid, tx]);

  if (paid) return <PaidState />;

  return (
    <section
      aria-labelledby="payment-status-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-transaction={tx.id}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payment-status-title" className="text-lg font-bold text-slate-900">
          {final ? t.waiting.closedTitle : t.waiting.title}
        </h2>
        <span role="status" aria-live="polite" data-status={tx.status}>
          <TransactionStatusBadge status={tx.status} />
        </span>
      </header>
      <p className="text-slate-700">
        {t.waiting.amount}: <strong className="text-slate-900">{formatMoney(tx.amount)}</strong>
      </p>
      {final ? (
        <Notice tone={tx.status === TransactionStatus.Failed ? "error" : "warning"}>
          {tx.status === TransactionStatus.Failed ? (
            <FailureMessage failure={tx.failure} />
          ) : tx.status === TransactionStatus.Canceled || tx.status === TransactionStatus.Expired ? (
            t.closed[tx.status]
          ) : (
            t.closed.other
          )}
        </Notice>
      ) : (
        <>
          {children}
          {tx.expiresAt && (
            <p className="text-sm text-slate-700">{t.waiting.expiresAt(formatDateTime(tx.expiresAt))}</p>
          )}
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner size="sm" label={t.waiting.live} />
            <span aria-hidden="true">{t.waiting.live}</span>
          </p>
        </>
      )}
      {status.isError && <Notice tone="error">{errorMessage(errorCodeOf(status.error))}</Notice>}
      {cancel.isError && <Notice tone="error">{errorMessage(errorCodeOf(cancel.error))}</Notice>}
      <div className="flex flex-wrap gap-2">
        {!final && (
          <Button variant="secondary" loading={cancel.isPending} onClick={() => cancel.mutate(tx.id)}>
            {t.waiting.cancel}
          </Button>
        )}
        {final && onRetry && <Button onClick={onRetry}>{t.waiting.retry}</Button>}
      </div>
    </section>
  );
}

/** Why the payment failed (as Fawry said it), then what to do: one message. */
function FailureMessage({ failure }: { failure: TransactionView["failure"] }) {
  const { what, whatToDo } = failureNotice(failure);
  return (
    <span data-failure={failure ?? "other"}>
      <span className="block font-medium">{what}</span>
      <span className="block">{whatToDo}</span>
    </span>
  );
}

export function PaidState() {
  return (
    <section
      aria-labelledby="paid-title"
      className="flex flex-col gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 sm:p-6"
      data-status="paid"
    >
      <h2 id="paid-title" className="text-xl font-bold text-emerald-900">
        {t.paid.title}
      </h2>
      <p role="status" className="text-emerald-900">
        {t.paid.body}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to="/s/dashboard" className={buttonClasses("primary")}>
          {t.paid.dashboard}
        </Link>
        <Link to="/tutors" className={buttonClasses("secondary")}>
          {t.paid.tutors}
        </Link>
      </div>
    </section>
  );
}

/** The funnel's "paid", once per order on this browser (the panel may show a paid order again). */
function trackPurchaseOnce(tx: TransactionView): void {
  const key = `dars.analytics.paid.${tx.id}`;
  try {
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, "1");
  } catch {
    return;
  }
  track("purchase", { transaction_id: String(tx.id), value: tx.amount / 100, currency: "EGP" });
}
