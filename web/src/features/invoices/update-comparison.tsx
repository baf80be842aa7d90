import type { ReactNode } from "react";
import type { InvoiceView } from "@schema/api/invoice";
import { arPayments } from "../../i18n/ar-EG-payments";
import { formatDateTime, formatMoney } from "../../lib/format";
import { cx } from "../../ui/class-names";
import { DestinationLine } from "./destination-line";
import { proposalRows, type ProposalRow } from "./invoice-logic";

const u = arPayments.invoices.update;

type Values = Pick<
  InvoiceView,
  "amount" | "method" | "phone" | "bank" | "accountNumber" | "username" | "receiver"
>;

const cellOf: Record<ProposalRow["field"], (values: Values) => ReactNode> = {
  amount: (values) => formatMoney(values.amount),
  destination: (values) => <DestinationLine destination={values} />,
  receiver: (values) => (values.receiver ? <bdi>{values.receiver}</bdi> : u.none),
};

/**
 * A proposed update (UpdateRequested) beside the values in force, one row per value: the
 * amount, where the money goes and the account holder; a row that changes is marked.
 */
export function UpdateComparison({ invoice }: { invoice: InvoiceView }) {
  const proposed = invoice.updateRequest;
  if (!proposed) return null;
  return (
    <div className="flex flex-col gap-1" data-update-request>
      <div className="overflow-x-auto rounded-lg border border-amber-300 bg-amber-50">
        <table className="w-full border-collapse text-start text-sm">
          <caption className="px-3 pt-2 text-start font-bold text-slate-900">{u.caption}</caption>
          <thead>
            <tr className="text-slate-700">
              <th scope="col" className="px-3 py-1.5 text-start font-medium">
                {u.field}
              </th>
              <th scope="col" className="px-3 py-1.5 text-start font-medium">
                {u.current}
              </th>
              <th scope="col" className="px-3 py-1.5 text-start font-medium">
                {u.proposed}
              </th>
            </tr>
          </thead>
          <tbody>
            {proposalRows(invoice).map((row) => (
              <tr key={row.field} className="border-t border-amber-200 align-top">
                <th scope="row" className="px-3 py-1.5 text-start font-medium text-slate-800">
                  {u[row.field]}
                </th>
                <td className="px-3 py-1.5 text-slate-800">{cellOf[row.field](invoice)}</td>
                <td
                  className={cx("px-3 py-1.5", row.changed ? "font-bold text-slate-900" : "text-slate-700")}
                >
                  {row.changed ? (
                    cellOf[row.field](proposed)
                  ) : (
                    <span className="whitespace-nowrap">{u.unchanged}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-600">{u.requestedOn(formatDateTime(proposed.requestedAt))}</p>
    </div>
  );
}
