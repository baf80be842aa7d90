import { useState } from "react";
import type { InvoiceStatus } from "@schema/enums";
import { AdminInvoiceItem } from "../../features/invoices/admin-invoice-item";
import { Pagination, StatusFilter } from "../../features/invoices/invoice-list";
import { invoicesPageSize, useInvoicesQuery } from "../../features/invoices/use-invoices";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { errorCodeOf } from "../../lib/api-error";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { LoadingScreen } from "../../ui/spinner";

const a = ar.invoices.admin;

/** /admin/invoices — every tutor's withdrawal requests: approve with a receipt, reject, handle cancellations. */
export function AdminInvoicesPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  // AdminInvoices (the admin layout listens): new requests and other admins' decisions appear without a reload.
  const list = useInvoicesQuery(page, status);
  return (
    <PageFrame title={a.title} subtitle={a.intro} width="wide">
      <Card>
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
          <p className="text-slate-700">{a.empty}</p>
        ) : (
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col divide-y divide-slate-200" aria-label={a.title}>
              {list.data.list.map((invoice) => (
                <AdminInvoiceItem key={invoice.id} invoice={invoice} />
              ))}
            </ul>
            <Pagination page={page} total={list.data.total} size={invoicesPageSize} onPage={setPage} />
          </div>
        )}
      </Card>
    </PageFrame>
  );
}
