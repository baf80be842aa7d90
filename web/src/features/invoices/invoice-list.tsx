import { useState, type ReactNode } from "react";
import type { InvoiceView } from "@schema/api/invoice";
import { InvoiceStatus } from "@schema/enums";
import { sanitizeHtml } from "@schema/html";
import { errorMessage } from "../../i18n/ar-EG";
import { arPayments } from "../../i18n/ar-EG-payments";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime, formatMoney } from "../../lib/format";
import { openPrivateFile } from "../../lib/private-file";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { Pagination as UiPagination } from "../../ui/pagination";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import { useSession } from "../../lib/session";
import { toasts } from "../../ui/toast-store";
import { DestinationDialog } from "./destination-dialog";
import { DestinationLine } from "./destination-line";
import { checkInvoiceUpdateForm, formOfInvoice } from "./invoice-logic";
import { InvoiceStatusBadge } from "./invoice-status-badge";
import { UpdateComparison } from "./update-comparison";
import { useChangeInvoice, useInvoiceStatsQuery } from "./use-invoices";

const t = arPayments.invoices;

export const statusFilterOptions = Object.values(InvoiceStatus).map((status) => ({
  value: String(status),
  label: t.statuses[status]!,
}));

/** «كل الحالات» or one status, as the list's filter. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: InvoiceStatus | null;
  onChange: (status: InvoiceStatus | null) => void;
}) {
  return (
    <Select
      label={t.statusFilter}
      options={statusFilterOptions}
      placeholder={t.allStatuses}
      value={value === null ? "" : String(value)}
      onChange={(event) =>
        onChange(event.target.value === "" ? null : (Number(event.target.value) as InvoiceStatus))
      }
      className="w-full sm:w-56"
    />
  );
}

/** Previous / next through the withdrawal requests. */
export function Pagination(props: {
  page: number;
  total: number;
  size: number;
  onPage: (page: number) => void;
}) {
  return <UiPagination label={t.pagination} {...props} />;
}

/** One request: amount, status, where the money goes, dates, the staff note and the receipt. */
export function InvoiceSummary({ invoice, children }: { invoice: InvoiceView; children?: ReactNode }) {
  const [receiptError, setReceiptError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-lg font-bold text-slate-900">{formatMoney(invoice.amount)}</span>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      <p className="text-sm text-slate-700">
        <DestinationLine destination={invoice} />
      </p>
      {invoice.receiver && (
        <p className="text-sm text-slate-700">
          {t.receiverLabel} <bdi>{invoice.receiver}</bdi>
        </p>
      )}
      <p className="text-xs text-slate-600">{t.requestedOn(formatDateTime(invoice.createdAt))}</p>
      {invoice.note && (
        <p className="text-sm text-slate-800">
          {t.noteLabel}{" "}
          {/* Sanitised by the API, and again here, to the rich-text allow-list (schema/html.ts). */}
          <span dir="auto" dangerouslySetInnerHTML={{ __html: sanitizeHtml(invoice.note) }} />
        </p>
      )}
      {invoice.receipt && (
        <div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setReceiptError(null);
              openPrivateFile(invoice.receipt!).catch((error: unknown) =>
                setReceiptError(errorMessage(errorCodeOf(error))),
              );
            }}
          >
            {t.viewReceipt}
          </Button>
          {receiptError && <Notice tone="error">{receiptError}</Notice>}
        </div>
      )}
      {children}
    </div>
  );
}

/**
 * The tutor's requests; a waiting one can be edited (a proposal the admin approves: shown beside
 * the values in force) or cancelled (the admin approves the cancellation).
 */
export function TutorInvoiceItem({ invoice }: { invoice: InvoiceView }) {
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const change = useChangeInvoice();
  return (
    <li className="py-4" data-invoice={invoice.id}>
      <InvoiceSummary invoice={invoice}>
        <UpdateComparison invoice={invoice} />
        {(invoice.status === InvoiceStatus.PendingApproval ||
          invoice.status === InvoiceStatus.UpdateRequested) && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              {t.edit}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              {t.cancel}
            </Button>
          </div>
        )}
      </InvoiceSummary>
      {editing && <EditInvoiceDialog invoice={invoice} onClose={() => setEditing(false)} />}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t.cancelTitle}
        description={t.cancelBody(formatMoney(invoice.amount))}
      >
        {change.isError && <Notice tone="error">{errorMessage(errorCodeOf(change.error))}</Notice>}
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            variant="danger"
            loading={change.isPending}
            onClick={() =>
              change.mutate(
                { id: invoice.id, change: { action: "cancel" } },
                {
                  onSuccess: () => {
                    setConfirming(false);
                    toasts.show({ type: "success", title: t.cancelRequested });
                  },
                },
              )
            }
          >
            {t.confirmCancel}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t.keep}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

/**
 * A new amount, method or receiver for a waiting request: sent as a proposal the admin approves
 * (the limits and the balance, from the page's cached stats, checked first).
 */
function EditInvoiceDialog({ invoice, onClose }: { invoice: InvoiceView; onClose: () => void }) {
  const change = useChangeInvoice();
  const { user } = useSession();
  const stats = useInvoiceStatsQuery(user?.id ?? 0);
  return (
    <DestinationDialog
      title={t.editTitle(formatMoney(invoice.amount))}
      description={t.editNotice}
      initial={formOfInvoice(invoice)}
      check={(values) => checkInvoiceUpdateForm(values, invoice, stats.data)}
      leading={(form) => (
        <TextField label={t.amount} inputMode="decimal" ltr required {...form.bind("amount")} />
      )}
      sending={{
        isPending: change.isPending,
        mutate: (update, handlers) => change.mutate({ id: invoice.id, change: update }, handlers),
      }}
      submitLabel={t.saveChanges}
      successToast={t.updated}
      onClose={onClose}
    />
  );
}
