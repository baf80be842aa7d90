// A receipt as a self-contained Arabic (RTL) HTML page laid out for an A4 sheet: printed from a hidden
// frame, where the browser's print dialog also saves it as a PDF (Chrome, Edge, Safari and Android
// offer "Save as PDF"), so what the student keeps is what they saw, and never an .html file.
import type { Receipt } from "@schema/api/transaction";
import { money } from "../../i18n/ar-EG-money";
import { formatDate, formatDateTime, formatMoney, formatPercent } from "../../lib/format";
import { methodLabel } from "./payment-logic";

const t = money.receipts;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The rows of a receipt, label and value, in reading order. */
export function receiptRows(receipt: Receipt): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    [t.number, receipt.number],
    [t.date, formatDateTime(receipt.date)],
    ...(receipt.student.name ? [[t.student, receipt.student.name] as [string, string]] : []),
    [t.email, receipt.student.email],
    [t.plan, t.planValue(receipt.plan.weeklyMinutes, t.periods[receipt.plan.period] ?? "")],
  ];
  if (receipt.subscription)
    rows.push([
      t.period,
      t.from(formatDate(receipt.subscription.start), formatDate(receipt.subscription.end)),
    ]);
  rows.push([t.baseAmount, formatMoney(receipt.baseAmount)]);
  if (receipt.coupon)
    rows.push([
      t.coupon,
      t.couponValue(receipt.coupon.code, formatPercent(receipt.coupon.discount / 10_000)),
    ]);
  rows.push([receipt.kind === "refund" ? t.amountRefunded : t.amountPaid, formatMoney(receipt.amount)]);
  rows.push([t.method, methodLabel(receipt.method)]);
  rows.push([t.merchantRef, receipt.merchantRefNum]);
  if (receipt.fawryRefNumber) rows.push([t.fawryRef, receipt.fawryRefNumber]);
  return rows;
}

export const receiptTitle = (receipt: Receipt) =>
  `${receipt.kind === "refund" ? t.refund : t.payment} ${receipt.number}`;

/** The document's title, which the print dialog offers as the PDF's file name. */
export const receiptFileName = (receipt: Receipt) => `dars-receipt-${receipt.number}`;

export function receiptHtml(receipt: Receipt): string {
  const rows = receiptRows(receipt)
    .map(
      ([label, value]) =>
        `<tr><th scope="row">${escapeHtml(label)}</th><td><bdi>${escapeHtml(value)}</bdi></td></tr>`,
    )
    .join("");
  const title = escapeHtml(receiptTitle(receipt));
  return `<!doctype html><html lang="ar-EG" dir="rtl"><head><meta charset="utf-8"><title>${escapeHtml(receiptFileName(receipt))}</title>
<style>@page{size:A4;margin:18mm}
@media print{body{padding:0;max-inline-size:none;font-size:12pt}a{color:inherit}}
body{font-family:system-ui,"Noto Sans Arabic","Noto Naskh Arabic",sans-serif;max-inline-size:40rem;margin-inline:auto;padding:2rem;color:#0f172a;line-height:1.7;print-color-adjust:exact}
h1{font-size:1.4rem;margin-block:0 .25rem}p{margin-block:.25rem}table{inline-size:100%;border-collapse:collapse;margin-block:1.5rem}
th,td{text-align:start;padding-block:.5rem;padding-inline:.75rem;border-block-end:1px solid #e2e8f0}th{inline-size:40%;color:#475569;font-weight:600}
.brand{color:#0b6b3a;font-weight:700}small{color:#64748b}</style></head>
<body><main><p class="brand">${escapeHtml(t.brand)}</p><h1>${title}</h1><table><tbody>${rows}</tbody></table><p><small>${escapeHtml(t.footer)}</small></p></main></body></html>`;
}

/** Prints the receipt alone, from a hidden frame (the print dialog saves it as a PDF too). */
export function printReceipt(receipt: Receipt) {
  const frame = document.createElement("iframe");
  frame.title = receiptTitle(receipt);
  frame.style.position = "fixed";
  frame.style.insetInlineStart = "-10000px";
  frame.style.inlineSize = "1px";
  frame.style.blockSize = "1px";
  frame.srcdoc = receiptHtml(receipt);
  frame.onload = () => {
    frame.contentWindow?.print();
    setTimeout(() => frame.remove(), 1000);
  };
  document.body.append(frame);
}
