// Cancelling a plan with its refund shown first (the server's own rule, schema/refund.ts), the
// refund's progress on a transaction, and its receipts (print or download).
import { useState } from "react";
import type { CurrentSubscription } from "@schema/api/subscription";
import type { TransactionView } from "@schema/api/transaction";
import { TransactionStatus } from "@schema/enums";
import { refundAmount } from "@schema/refund";
import { errorMessage } from "../../i18n/ar-EG";
import { money } from "../../i18n/ar-EG-money";
import { errorCodeOf } from "../../lib/api-error";
import { formatMoney, formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { printReceipt, receiptRows, receiptTitle } from "./receipt";
import { useCancelSubscription, useReceiptsQuery } from "./use-payments";

/** What cancelling now would refund (null without a plan). */
export const previewRefund = (current: CurrentSubscription | undefined): number | null =>
  current?.refundInputs ? refundAmount(current.refundInputs) : null;

/**
 * The plan's cancellation and what it said, held by the page rather than by the plan's card: a live
 * update (the refund's TransactionStatusUpdate) can refetch /sub/user and remove the card before the
 * cancel's own answer arrives, and the confirmation with the refund amount must still be shown.
 */
export function useCancelPlan() {
  const t = money.cancel;
  const cancel = useCancelSubscription();
  const [outcome, setOutcome] = useState<string | null>(null);
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (done) =>
        setOutcome(done.transaction ? t.done(formatMoney(done.refundAmount)) : t.doneNoPayment),
    });
  return { cancel, outcome, confirm };
}

export type CancelPlan = ReturnType<typeof useCancelPlan>;

/** «ألغينا اشتراكك…»: the page's polite live region, present before the answer so it is announced. */
export function CancelOutcome({ plan }: { plan: CancelPlan }) {
  return (
    <div aria-live="polite" className="contents">
      {plan.outcome && <Notice tone="success">{plan.outcome}</Notice>}
    </div>
  );
}

/** «إلغاء الاشتراك» with the refund shown first; gone once the cancellation went through. */
export function CancelSubscription({ current, plan }: { current: CurrentSubscription; plan: CancelPlan }) {
  const t = money.cancel;
  const [open, setOpen] = useState(false);
  const { cancel } = plan;
  const refund = previewRefund(current) ?? 0;
  if (plan.outcome) return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} className="self-start">
        {t.open}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t.title} description={t.description}>
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-2 gap-2 text-slate-800">
            <dt className="text-slate-600">{t.paid}</dt>
            <dd className="font-bold">{formatMoney(current.refundInputs?.amount ?? 0)}</dd>
            <dt className="text-slate-600">{t.refund}</dt>
            <dd className="text-lg font-bold text-emerald-800" data-testid="refund-preview">
              {formatMoney(refund)}
            </dd>
          </dl>
          <p className="text-sm text-slate-600">{t.rule}</p>
          {refund <= 0 && <Notice tone="warning">{t.nothing}</Notice>}
          {cancel.isError && <Notice tone="error">{errorMessage(errorCodeOf(cancel.error))}</Notice>}
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" disabled={refund <= 0} loading={cancel.isPending} onClick={plan.confirm}>
              {t.confirm}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t.keep}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}

/** The refund's progress on a transaction, said in words (null when there is none). */
export function RefundState({ tx }: { tx: TransactionView }) {
  const t = money.refundState;
  if (tx.status === TransactionStatus.Refunding)
    return (
      <p className="text-sm text-amber-800">{t.refunding(formatMoney(tx.amount - tx.refundedAmount))}</p>
    );
  if (tx.status === TransactionStatus.RefundFailed) return <p className="text-sm text-red-800">{t.failed}</p>;
  if (tx.status === TransactionStatus.Refunded || tx.status === TransactionStatus.PartialRefunded)
    return <p className="text-sm text-emerald-800">{t.refunded(formatMoney(tx.refundedAmount))}</p>;
  return null;
}

const hasReceipts = (tx: Pick<TransactionView, "paidAt">) => tx.paidAt !== null;

/** «الإيصالات»: the transaction's receipts, each printable and downloadable. */
export function ReceiptsButton({ tx }: { tx: Pick<TransactionView, "id" | "paidAt"> }) {
  const [open, setOpen] = useState(false);
  if (!hasReceipts(tx)) return null;
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {money.receipts.open}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={money.receipts.title(formatNumber(tx.id))}>
        {open && <ReceiptsList transactionId={tx.id} />}
      </Dialog>
    </>
  );
}

function ReceiptsList({ transactionId }: { transactionId: number }) {
  const t = money.receipts;
  const receipts = useReceiptsQuery(transactionId, true);
  if (receipts.isPending) return <Spinner />;
  if (receipts.isError) return <Notice tone="error">{errorMessage(errorCodeOf(receipts.error))}</Notice>;
  if (receipts.data.length === 0) return <p className="text-slate-700">{t.none}</p>;
  return (
    <ul className="flex flex-col gap-4">
      {receipts.data.map((receipt) => (
        <li
          key={receipt.number}
          className="rounded-xl border border-slate-200 p-3"
          data-receipt={receipt.number}
        >
          <h3 className="font-bold text-slate-900">{receiptTitle(receipt)}</h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {receiptRows(receipt).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-600">{label}</dt>
                <dd className="text-slate-900">
                  <bdi>{value}</bdi>
                </dd>
              </div>
            ))}
          </dl>
          <div className="mt-3 flex flex-col gap-1">
            <Button
              size="sm"
              className="self-start"
              onClick={() => printReceipt(receipt)}
              aria-label={`${t.download}: ${receiptTitle(receipt)}`}
            >
              {t.download}
            </Button>
            <p className="text-xs text-slate-600">{t.pdfHint}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
