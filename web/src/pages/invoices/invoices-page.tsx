import { EarningsSummary } from "../../features/invoices/earnings-summary";
import { FilteredInvoices } from "../../features/invoices/filtered-invoices";
import { TutorInvoiceItem } from "../../features/invoices/invoice-list";
import { useInvoiceStatsQuery, useLiveInvoices } from "../../features/invoices/use-invoices";
import { WithdrawalForm } from "../../features/invoices/withdrawal-form";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { errorCodeOf } from "../../lib/api-error";
import { useSession } from "../../lib/session";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Spinner } from "../../ui/spinner";

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
  return (
    <Card title={t.listTitle}>
      <FilteredInvoices label={t.listTitle} empty={t.empty} item={(invoice) => <TutorInvoiceItem key={invoice.id} invoice={invoice} />} />
    </Card>
  );
}
