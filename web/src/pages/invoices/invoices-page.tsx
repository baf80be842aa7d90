import { useState } from "react";
import type { InvoiceStatus } from "@schema/enums";
import { EarningsSummary } from "../../features/invoices/earnings-summary";
import { Pagination, StatusFilter, TutorInvoiceItem } from "../../features/invoices/invoice-list";
import { invoicesPageSize, useInvoicesQuery, useInvoiceStatsQuery, useLiveInvoices } from "../../features/invoices/use-invoices";
import { WithdrawalForm } from "../../features/invoices/withdrawal-form";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { errorCodeOf } from "../../lib/api-error";
import { useSession } from "../../lib/session";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { LoadingScreen, Spinner } from "../../ui/spinner";

const t = ar.invoices;

/** /invoices — a tutor's earnings, withdrawable balance, withdrawal request form and requests. */
export function InvoicesPage() {
  const { user } = useSession();
  // InvoiceUpdated / InvoiceDeleted: a staff decision shows up without a reload.
  useLiveInvoices();
  const stats = useInvoiceStatsQuery(user?.id ?? 0);
  return (
    <PageFrame title={t.title} subtitle={t.subtitle} width="wide">
      {stats.isPending ? (
        <Spinner />
      ) : stats.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(stats.error))}</Notice>
      ) : (
        <>
          <EarningsSummary stats={stats.data} />
          <WithdrawalForm stats={stats.data} />
        </>
      )}
      <InvoiceListCard />
    </PageFrame>
  );
}

function InvoiceListCard() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const list = useInvoicesQuery(page, status);
  return (
    <Card title={t.listTitle}>
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
        <p className="text-slate-700">{t.empty}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col divide-y divide-slate-200" aria-label={t.listTitle}>
            {list.data.list.map((invoice) => (
              <TutorInvoiceItem key={invoice.id} invoice={invoice} />
            ))}
          </ul>
          <Pagination page={page} total={list.data.total} size={invoicesPageSize} onPage={setPage} />
        </div>
      )}
    </Card>
  );
}
