import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import type { InvoiceAction, InvoiceView } from "@schema/api/invoice";
import { InvoiceStatus } from "@schema/enums";
import { invoiceNoteRule } from "@schema/rules";
import { errorMessage } from "../../i18n/ar-EG";
import { arPayments } from "../../i18n/ar-EG-payments";
import { errorCodeOf } from "../../lib/api-error";
import { validateForm } from "../../lib/form";
import { formatMoney, formatPercent } from "../../lib/format";
import { Button } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { toasts } from "../../ui/toast-store";
import { TextArea } from "../onboarding/text-area";
import { checkReceipt } from "./invoice-logic";
import { UpdateComparison } from "./update-comparison";
import { useApproveWithReceipt, useChangeInvoice } from "./use-invoices";

const t = arPayments.invoices;
const a = arPayments.invoices.admin;

/** Whether this decision is the one being sent (its button shows it). */
const sending = (change: ReturnType<typeof useChangeInvoice>, action: InvoiceAction) =>
  change.isPending && change.variables?.change.action === action;

/**
 * The decisions a request's status allows (approve with a receipt, reject, answer a cancellation,
 * or settle a proposed update first), with their dialogs.
 */
export function AdminInvoiceActions({ invoice }: { invoice: InvoiceView }) {
  const [dialog, setDialog] = useState<"approve" | "reject" | "update" | null>(null);
  const change = useChangeInvoice();
  const decide = (action: "approve-cancel" | "refuse-cancel") =>
    change.mutate(
      { id: invoice.id, change: { action } },
      {
        onSuccess: () =>
          toasts.show({ type: "success", title: action === "approve-cancel" ? a.canceled : a.refused }),
      },
    );
  return (
    <>
      {change.isError && <Notice tone="error">{errorMessage(errorCodeOf(change.error))}</Notice>}
      {invoice.status === InvoiceStatus.PendingApproval && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setDialog("approve")}>
            {a.approve}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDialog("reject")}>
            {a.reject}
          </Button>
        </div>
      )}
      {invoice.status === InvoiceStatus.PendingCancellation && (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            loading={sending(change, "approve-cancel")}
            onClick={() => decide("approve-cancel")}
          >
            {a.approveCancel}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={sending(change, "refuse-cancel")}
            onClick={() => decide("refuse-cancel")}
          >
            {a.refuseCancel}
          </Button>
        </div>
      )}
      {invoice.status === InvoiceStatus.UpdateRequested && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setDialog("update")}>
            {a.reviewUpdate}
          </Button>
        </div>
      )}
      {dialog === "update" && <ReviewUpdateDialog invoice={invoice} onClose={() => setDialog(null)} />}
      <ApproveDialog invoice={invoice} open={dialog === "approve"} onClose={() => setDialog(null)} />
      <RejectDialog invoice={invoice} open={dialog === "reject"} onClose={() => setDialog(null)} />
    </>
  );
}

function ApproveDialog({
  invoice,
  open,
  onClose,
}: {
  invoice: InvoiceView;
  open: boolean;
  onClose: () => void;
}) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const approve = useApproveWithReceipt();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = checkReceipt(file);
    if (problem || !file) {
      setError(problem ?? "empty-request");
      return;
    }
    setError(null);
    approve.mutate(
      { id: invoice.id, receipt: file, onProgress: setProgress },
      {
        onSuccess: () => {
          toasts.show({ type: "success", title: a.approved });
          onClose();
        },
        onError: (failure) => setError(errorCodeOf(failure)),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={a.approveTitle(formatMoney(invoice.amount))}
      description={a.approveBody}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            {a.receiptFile}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,application/pdf"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
            className={cx(
              "rounded-lg border bg-white p-2 text-sm text-slate-900 file:me-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-brand-900",
              "focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
              error ? "border-red-600" : "border-slate-300",
            )}
          />
          {error && (
            <p id={`${inputId}-error`} className="text-sm font-medium text-red-700">
              {errorMessage(error)}
            </p>
          )}
        </div>
        {approve.isPending && (
          <p className="text-sm text-slate-700">{a.uploading(formatPercent(progress))}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={approve.isPending}>
            {a.confirmApprove}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t.keep}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The note checked by the invoice-note rule (docs/rules.md): its text, or the error code to show. */
function checkNote(note: string): { note: string } | { error: string } {
  const checked = validateForm(invoiceNoteRule, note);
  return checked.ok
    ? { note: checked.data }
    : { error: Object.values(checked.errors)[0] ?? "empty-invoice-note" };
}

/**
 * A decision sent with the admin's note to the tutor (reject a request; approve or refuse an
 * update): the note's TextArea props, and `send`, which clears the error, sends the change, then
 * shows `title` and closes the dialog, or shows the failure under the note.
 */
function useNoteDecision(onClose: () => void) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const change = useChangeInvoice();
  function send(body: Parameters<typeof change.mutate>[0], title: string) {
    setError(null);
    change.mutate(body, {
      onSuccess: () => {
        toasts.show({ type: "success", title });
        onClose();
      },
      onError: (failure) => setError(errorCodeOf(failure)),
    });
  }
  // The error stays under the note until the admin types again.
  const field = {
    value: note,
    error: error ? errorMessage(error) : undefined,
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => {
      setNote(event.target.value);
      setError(null);
    },
  };
  return { note, setError, change, send, field };
}

function RejectDialog({
  invoice,
  open,
  onClose,
}: {
  invoice: InvoiceView;
  open: boolean;
  onClose: () => void;
}) {
  const { note, setError, change, send, field } = useNoteDecision(onClose);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkNote(note);
    if ("error" in checked) {
      setError(checked.error);
      return;
    }
    send({ id: invoice.id, change: { action: "reject", note: checked.note } }, a.rejected);
  }

  return (
    <Dialog open={open} onClose={onClose} title={a.rejectTitle(formatMoney(invoice.amount))}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextArea label={a.rejectReason} hint={a.rejectHint} required rows={3} {...field} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="danger" loading={change.isPending}>
            {a.confirmReject}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t.keep}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The tutor's proposed update beside the values in force: approve it (the new values apply) or
 * refuse it with an optional reason (the values in force stay); the request then waits for its
 * payout again.
 */
function ReviewUpdateDialog({ invoice, onClose }: { invoice: InvoiceView; onClose: () => void }) {
  const { note, setError, change, send, field } = useNoteDecision(onClose);

  function settle(action: "approve-update" | "refuse-update") {
    let reason: string | undefined;
    if (action === "refuse-update" && note.trim() !== "") {
      const checked = checkNote(note);
      if ("error" in checked) {
        setError(checked.error);
        return;
      }
      reason = checked.note;
    }
    send(
      {
        id: invoice.id,
        change: action === "approve-update" ? { action } : { action, ...(reason ? { note: reason } : {}) },
      },
      action === "approve-update" ? a.updateApproved : a.updateRefused,
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={a.reviewTitle(formatMoney(invoice.amount))}
      description={a.reviewBody}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          settle("approve-update");
        }}
        noValidate
        className="flex flex-col gap-4"
      >
        <UpdateComparison invoice={invoice} />
        <TextArea label={a.refuseReason} hint={a.refuseHint} rows={2} {...field} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={sending(change, "approve-update")}>
            {a.approveUpdate}
          </Button>
          <Button
            variant="danger"
            loading={sending(change, "refuse-update")}
            onClick={() => settle("refuse-update")}
          >
            {a.refuseUpdate}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t.keep}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
