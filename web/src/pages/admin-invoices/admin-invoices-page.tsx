import { useState } from "react";
import type { InvoiceListSort, InvoiceView } from "@schema/api/invoice";
import type { InvoiceStatus } from "@schema/enums";
import { sanitizeHtml } from "@schema/html";
import { AdminTable } from "../../features/admin-area/admin-table";
import { AdminInvoiceActions } from "../../features/invoices/admin-invoice-item";
import { DestinationLine } from "../../features/invoices/destination-line";
import { StatusFilter } from "../../features/invoices/invoice-list";
import { InvoiceStatusBadge } from "../../features/invoices/invoice-status-badge";
import { proposalRows } from "../../features/invoices/invoice-logic";
import { invoicesPageSize, useInvoicesQuery } from "../../features/invoices/use-invoices";
import { errorMessage } from "../../i18n/ar-EG";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { arPayments } from "../../i18n/ar-EG-payments";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime, formatMoney } from "../../lib/format";
import { openPrivateFile } from "../../lib/private-file";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import type { TableColumn, TableSort } from "../../ui/data-table";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { SearchBox } from "../../ui/search-box";

const a = arPayments.invoices.admin;
const u = arPayments.invoices.update;

const destinationChanged = (invoice: InvoiceView) =>
  proposalRows(invoice).some((row) => row.field === "destination" && row.changed);
const tt = arAdmin.adminFigures.tables;

type InvoiceColumn = "tutor" | "amount" | "destination" | "status" | "created" | "actions";
type SortColumn = Extract<InvoiceColumn, "tutor" | "amount" | "status" | "created">;

const toApiSort = (sort: TableSort<InvoiceColumn>): InvoiceListSort =>
  `${sort.direction === "desc" ? "-" : ""}${sort.column as SortColumn}`;
const fromApiSort = (sort: InvoiceListSort): TableSort<InvoiceColumn> => ({
  column: sort.replace(/^-/, "") as SortColumn,
  direction: sort.startsWith("-") ? "desc" : "asc",
});

/** The staff note (sanitised rich text) and the receipt, opened on demand. */
function NoteAndReceipt({ invoice }: { invoice: InvoiceView }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1">
      {/* Sanitised by the API, and again here, to the rich-text allow-list (schema/html.ts). */}
      {invoice.note && (
        <span
          dir="auto"
          className="text-slate-800"
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(invoice.note) }}
        />
      )}
      {invoice.receipt && (
        <Button
          variant="ghost"
          size="sm"
          className="-ms-3 self-start"
          onClick={() => {
            setError(null);
            openPrivateFile(invoice.receipt!).catch((failure: unknown) =>
              setError(errorMessage(errorCodeOf(failure))),
            );
          }}
        >
          {arPayments.invoices.viewReceipt}
        </Button>
      )}
      {error && <Notice tone="error">{error}</Notice>}
    </div>
  );
}

const columns: Array<TableColumn<InvoiceView, InvoiceColumn>> = [
  {
    id: "tutor",
    header: tt.tutor,
    rowHeader: true,
    sortable: true,
    cell: (invoice) => (
      <div className="flex flex-col gap-0.5">
        <bdi className="font-bold">{invoice.userName ?? invoice.userEmail}</bdi>
        <span dir="ltr" className="text-start text-xs font-normal text-slate-600">
          {invoice.userEmail}
        </span>
      </div>
    ),
  },
  {
    id: "amount",
    header: tt.amount,
    sortable: true,
    firstDirection: "desc",
    className: "whitespace-nowrap font-bold",
    cell: (invoice) => (
      <div className="flex flex-col gap-0.5">
        <span>{formatMoney(invoice.amount)}</span>
        {invoice.updateRequest && invoice.updateRequest.amount !== invoice.amount && (
          <span className="text-xs font-medium text-amber-900">
            {u.proposedLabel} {formatMoney(invoice.updateRequest.amount)}
          </span>
        )}
      </div>
    ),
  },
  {
    id: "destination",
    header: tt.destination,
    cell: (invoice) => (
      <div className="flex min-w-40 flex-col gap-0.5">
        <DestinationLine destination={invoice} />
        {invoice.receiver && (
          <span className="text-xs text-slate-600">
            {arPayments.invoices.receiverLabel} <bdi>{invoice.receiver}</bdi>
          </span>
        )}
        {invoice.updateRequest && destinationChanged(invoice) && (
          <span className="text-xs font-medium text-amber-900">
            {u.proposedLabel} <DestinationLine destination={invoice.updateRequest} />
          </span>
        )}
      </div>
    ),
  },
  {
    id: "status",
    header: tt.statusNoteReceipt,
    sortable: true,
    cell: (invoice) => (
      <div className="flex min-w-32 flex-col items-start gap-1">
        <InvoiceStatusBadge status={invoice.status} />
        {invoice.addressedAt && (
          <span className="text-xs text-slate-600">
            {a.addressedBy(invoice.addressedByName ?? "—", formatDateTime(invoice.addressedAt))}
          </span>
        )}
        <NoteAndReceipt invoice={invoice} />
      </div>
    ),
  },
  {
    id: "created",
    header: tt.requested,
    sortable: true,
    firstDirection: "desc",
    className: "whitespace-nowrap",
    cell: (invoice) => formatDateTime(invoice.createdAt),
  },
  {
    id: "actions",
    header: tt.actions,
    cell: (invoice) => (
      <div className="flex min-w-44 flex-col gap-2">
        <AdminInvoiceActions invoice={invoice} />
      </div>
    ),
  },
];

/**
 * /admin/invoices — every tutor's withdrawal requests in a table: search as you type, filter by
 * status, sort by a column, page through or jump; approve with a receipt, reject, handle cancellations
 * and the tutors' proposed updates (the proposal beside the values in force).
 */
export function AdminInvoicesPage() {
  useDocumentTitle(a.title);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const [q, setQ] = useState("");
  const [sort, setSort] = useState<InvoiceListSort>("-created");
  // AdminInvoices (the admin layout listens): new requests and other admins' decisions appear without a reload.
  const invoices = useInvoicesQuery(page, status, { q, sort });
  return (
    <PageFrame title={a.title} subtitle={a.intro} width="full">
      <Card>
        <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <SearchBox
            label={tt.searchInvoices}
            onSearch={(text) => {
              setQ(text);
              setPage(1);
            }}
          />
          <StatusFilter
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
          />
        </div>
        <AdminTable
          query={invoices}
          caption={tt.invoices}
          columns={columns}
          rowKey={(invoice) => invoice.id}
          rowData={(invoice) => ({ "data-invoice": invoice.id })}
          sort={fromApiSort(sort)}
          onSort={(next) => {
            setSort(toApiSort(next));
            setPage(1);
          }}
          empty={a.empty}
          page={page}
          pageSize={invoicesPageSize}
          onPage={setPage}
          pagesLabel={arPayments.invoices.pagination}
        />
      </Card>
    </PageFrame>
  );
}
