import type { Destination } from "@schema/api/invoice";
import { arPayments } from "../../i18n/ar-EG-payments";
import { destinationOf } from "./invoice-logic";

const t = arPayments.invoices;

/** «محفظة إلكترونية: 01012345678» — the method (and bank), then the number or address left to right. */
export function DestinationLine({
  destination,
  id,
}: {
  destination: Pick<Destination, "method" | "phone" | "bank" | "accountNumber" | "username">;
  id?: string;
}) {
  return (
    <span id={id}>
      {t.methods[destination.method]}
      {destination.bank ? ` — ${t.banks[destination.bank]}` : ""}:{" "}
      <bdi dir="ltr" className="font-medium">
        {destinationOf(destination)}
      </bdi>
    </span>
  );
}
