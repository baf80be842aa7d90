import { useState, type ReactNode } from "react";
import type { InvoiceView } from "@schema/api/invoice";
import type { InvoiceStatus } from "@schema/enums";
import { errorMessage } from "../../i18n/ar-EG";
import { errorCodeOf } from "../../lib/api-error";
import { Notice } from "../../ui/notice";
import { LoadingScreen } from "../../ui/spinner";
import { Pagination, StatusFilter } from "./invoice-list";
import { invoicesPageSize, useInvoicesQuery } from "./use-invoices";

/**
 * The withdrawal requests the caller may see (a tutor's own, or every tutor's for admins), with a
 * status filter and pages; each row is drawn by `item`.
 */
export function FilteredInvoices({
  label,
  empty,
  item,
}: {
  label: string;
  empty: string;
  item: (invoice: InvoiceView) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const list = useInvoicesQuery(page, status);
  return (
    <>
      <div className="mb-2">
        <StatusFilter
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
      </div>
      {list.isPending ? (
        <LoadingScreen />
      ) : list.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(list.error))}</Notice>
      ) : list.data.list.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col divide-y divide-slate-200" aria-label={label}>
            {list.data.list.map(item)}
          </ul>
          <Pagination page={page} total={list.data.total} size={invoicesPageSize} onPage={setPage} />
        </div>
      )}
    </>
  );
}
