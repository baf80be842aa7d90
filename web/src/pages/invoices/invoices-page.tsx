import { EarningsSummary } from "../../features/invoices/earnings-summary";
import { FilteredInvoices } from "../../features/invoices/filtered-invoices";
import { TutorInvoiceItem } from "../../features/invoices/invoice-list";
import { SavedMethodsCard } from "../../features/invoices/saved-methods";
import {
  useInvoiceStatsQuery,
  useLiveInvoices,
  useWithdrawMethodsQuery,
} from "../../features/invoices/use-invoices";
import { WithdrawalForm } from "../../features/invoices/withdrawal-form";
import { errorMessage } from "../../i18n/ar-EG";
import { arPayments } from "../../i18n/ar-EG-payments";
import { errorCodeOf } from "../../lib/api-error";
import { useSession } from "../../lib/session";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Spinner } from "../../ui/spinner";

const t = arPayments.invoices;

/** /invoices — a tutor's earnings, withdrawable balance, withdrawal request form and requests. */
export function InvoicesPage() {
  const { user } = useSession();
  // InvoiceUpdated / InvoiceDeleted: a staff decision shows up without a reload.
  useLiveInvoices();
  const stats = useInvoiceStatsQuery(user?.id ?? 0);
  const methods = useWithdrawMethodsQuery();
  const failed = stats.error ?? methods.error;
  return (
    <PageFrame title={t.title} subtitle={t.subtitle} width="wide">
      {failed ? (
        <Notice tone="error">{errorMessage(errorCodeOf(failed))}</Notice>
      ) : !stats.data || !methods.data ? (
        <Spinner />
      ) : (
        <>
          <EarningsSummary stats={stats.data} />
          <WithdrawalForm stats={stats.data} methods={methods.data} />
          <SavedMethodsCard methods={methods.data} />
        </>
      )}
      <InvoiceListCard />
    </PageFrame>
  );
}

function InvoiceListCard() {
  return (
    <Card title={t.listTitle}>
      <FilteredInvoices
        label={t.listTitle}
        empty={t.empty}
        item={(invoice) => <TutorInvoiceItem key={invoice.id} invoice={invoice} />}
      />
    </Card>
  );
}
