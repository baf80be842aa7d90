import type { InvoiceStatus } from "@schema/enums";
import { arPayments } from "../../i18n/ar-EG-payments";
import { Badge } from "../../ui/notice";
import { statusTone } from "./invoice-logic";

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={statusTone[status]}>{arPayments.invoices.statuses[status]}</Badge>;
}
