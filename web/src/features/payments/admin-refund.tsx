// A SuperAdmin's refund: the amount starts at what the cancellation rule gives (GET
// /fawry/refund/quote) and may be lowered; the server cancels a live plan bought with it. Each
// opening of the dialog makes one idempotency key, so a request sent twice (a double click, a
// retry after a lost answer) refunds once; a transaction already refunded asks for an explicit
// second confirmation (refund-already-made → confirmAnotherRefund), docs/rules.md, Payments.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { paymentContracts, type RefundBody, type RefundQuote } from "@schema/api/payment";
import type { TransactionView } from "@schema/api/transaction";
import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { money } from "../../i18n/ar-EG-money";
import { errorCodeOf } from "../../lib/api-error";
import { formatMoney, formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { call } from "../../lib/client";

const t = money.admin;

/** EGP typed by a person ("120.5", "١٢٠٫٥") → piasters, or null. */
export function parseEgp(text: string): number | null {
  const western = text
    .trim()
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace("٫", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(western)) return null;
  return Math.round(Number(western) * 100);
}

export function AdminRefundDialog({
  transactionId,
  onClose,
  onDone,
}: {
  transactionId: number;
  onClose: () => void;
  onDone?: (tx: TransactionView) => void;
}) {
  // One key per opening (the parent mounts the dialog each time it opens).
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const quote = useQuery({
    queryKey: ["admin", "refund-quote", transactionId] as const,
    queryFn: ({ signal }) => call(paymentContracts.refundQuote, { query: { transactionId }, signal }),
  });
  return (
    <Dialog open onClose={onClose} title={t.refundTitle(formatNumber(transactionId))}>
      {quote.isPending ? (
        <Spinner />
      ) : quote.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(quote.error))}</Notice>
      ) : (
        <RefundForm
          transactionId={transactionId}
          idempotencyKey={idempotencyKey}
          quote={quote.data}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Dialog>
  );
}

function RefundForm({
  transactionId,
  idempotencyKey,
  quote,
  onClose,
  onDone,
}: {
  transactionId: number;
  idempotencyKey: string;
  quote: RefundQuote;
  onClose: () => void;
  onDone?: (tx: TransactionView) => void;
}) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState((quote.computed / 100).toFixed(2));
  const [reason, setReason] = useState("");
  const [invalid, setInvalid] = useState<string | undefined>();
  const refund = useMutation({
    mutationFn: (body: RefundBody) => call(paymentContracts.refund, { body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
  // The server said this transaction was already refunded: a second refund needs its own yes.
  const confirming = refund.isError && errorCodeOf(refund.error) === "refund-already-made";
  function send(confirmAnotherRefund?: true) {
    const piasters = parseEgp(amount);
    if (piasters === null || piasters <= 0 || piasters > quote.remaining)
      return setInvalid(errorMessage("refund-exceeds-paid"));
    setInvalid(undefined);
    refund.mutate(
      {
        transactionId,
        amount: piasters,
        reason: reason.trim() || undefined,
        idempotencyKey,
        confirmAnotherRefund,
      },
      { onSuccess: (tx) => (onDone?.(tx), onClose()) },
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    send();
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <TextField
        label={t.refundAmount}
        hint={t.refundHint(formatMoney(quote.computed), formatMoney(quote.remaining))}
        inputMode="decimal"
        ltr
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={invalid}
        required
      />
      <TextField
        label={t.refundReason}
        value={reason}
        maxLength={200}
        onChange={(event) => setReason(event.target.value)}
      />
      {confirming ? (
        <div className="flex flex-col gap-3" data-testid="refund-another">
          <Notice tone="warning">{t.refundAlreadyMade}</Notice>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" loading={refund.isPending} onClick={() => send(true)}>
              {t.refundConfirmAnother}
            </Button>
            <Button variant="ghost" onClick={onClose}>
              {t.refundKeepOne}
            </Button>
          </div>
        </div>
      ) : (
        <>
          {refund.isError && <Notice tone="error">{errorMessage(errorCodeOf(refund.error))}</Notice>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" loading={refund.isPending}>
              {t.refundSubmit}
            </Button>
            <Button variant="ghost" onClick={onClose}>
              {money.receipts.close}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
