import type { InvoiceStatus } from "@schema/enums";
import { ar } from "../../i18n/ar-EG";
import { Badge } from "../../ui/notice";
import { statusTone } from "./invoice-logic";

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={statusTone[status]}>{ar.invoices.statuses[status]}</Badge>;
}
