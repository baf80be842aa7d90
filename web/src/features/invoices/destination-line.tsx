import type { Destination } from "@schema/api/invoice";
import { ar } from "../../i18n/ar-EG";
import { destinationOf } from "./invoice-logic";

const t = ar.invoices;

/** «محفظة إلكترونية: 01012345678» — the method (and bank), then the number or address left to right. */
export function DestinationLine({ destination, id }: { destination: Pick<Destination, "method" | "phone" | "bank" | "accountNumber" | "username">; id?: string }) {
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
