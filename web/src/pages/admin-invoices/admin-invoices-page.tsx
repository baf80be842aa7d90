import { AdminInvoiceItem } from "../../features/invoices/admin-invoice-item";
import { FilteredInvoices } from "../../features/invoices/filtered-invoices";
import { ar } from "../../i18n/ar-EG";
import { Card } from "../../ui/card";
import { PageFrame } from "../../ui/page-frame";

const a = ar.invoices.admin;

/** /admin/invoices — every tutor's withdrawal requests: approve with a receipt, reject, handle cancellations. */
export function AdminInvoicesPage() {
  // AdminInvoices (the admin layout listens): new requests and other admins' decisions appear without a reload.
  return (
    <PageFrame title={a.title} subtitle={a.intro} width="wide">
      <Card>
        <FilteredInvoices label={a.title} empty={a.empty} item={(invoice) => <AdminInvoiceItem key={invoice.id} invoice={invoice} />} />
      </Card>
    </PageFrame>
  );
}
