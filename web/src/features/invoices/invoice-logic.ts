import {
  createInvoiceBody,
  missingDestinationFields,
  updateInvoiceBody,
  withdrawMethodBody,
  type CreateInvoiceBody,
  type InvoiceView,
  type UpdateInvoiceBody,
  type WithdrawMethodBody,
} from "@schema/api/invoice";
import { InvoiceStatus, WithdrawMethod } from "@schema/enums";
import { bounds, normalizeDigits } from "@schema/rules";
import { validateForm, type FormValidation } from "../../lib/form";

/** What the request form holds: text as typed, the amount in pounds. */
export type InvoiceFormValues = {
  amount: string;
  method: string;
  phone: string;
  bank: string;
  accountNumber: string;
  username: string;
  receiver: string;
  note: string;
  /** A saved method's id, or NEW_DESTINATION for the fields below. */
  saved: string;
  /** Keep a new destination for next time. */
  save: boolean;
};

export const NEW_DESTINATION = "new";

export type InvoiceField = keyof InvoiceFormValues;

export const emptyInvoiceForm: InvoiceFormValues = {
  amount: "",
  method: String(WithdrawMethod.Wallet),
  phone: "",
  bank: "",
  accountNumber: "",
  username: "",
  receiver: "",
  note: "",
  saved: NEW_DESTINATION,
  save: true,
};

/** Pounds as typed (Arabic digits, a comma or Arabic decimal separator) → piasters; NaN when not a number. */
export function poundsToPiasters(text: string): number {
  const cleaned = normalizeDigits(text.trim())
    .replace(/[٬,\s]/g, "")
    .replace("٫", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
}

const blankToUndefined = (value: string) => (value.trim() === "" ? undefined : value);

/** The destination the form describes: the method and only its own fields, blanks left out. */
function destinationOfForm(values: InvoiceFormValues) {
  const method = Number(values.method) as WithdrawMethod;
  return {
    method,
    receiver: blankToUndefined(values.receiver),
    ...(method === WithdrawMethod.Wallet ? { phone: blankToUndefined(values.phone) } : {}),
    ...(method === WithdrawMethod.Bank
      ? { bank: blankToUndefined(values.bank), accountNumber: blankToUndefined(values.accountNumber) }
      : {}),
    ...(method === WithdrawMethod.Instapay ? { username: blankToUndefined(values.username) } : {}),
  };
}

/** The POST /invoice body of the form: a saved method's id, or a new destination (kept when asked). */
export function toInvoiceRequest(values: InvoiceFormValues): CreateInvoiceBody {
  const amount = poundsToPiasters(values.amount);
  // Not a number: 0, so the shared rule answers with the amount range message.
  const common = { amount: Number.isNaN(amount) ? 0 : amount, note: blankToUndefined(values.note) };
  if (values.saved !== NEW_DESTINATION) return { ...common, withdrawMethodId: Number(values.saved) };
  return { ...common, ...destinationOfForm(values), ...(values.save ? { save: true } : {}) };
}

/**
 * The form checked with the API's own contract, plus the limits in force and the balance (from
 * GET /invoice/stats): each gets the server's code before any request is sent.
 */
export function checkInvoiceForm(
  values: InvoiceFormValues,
  limits: { withdrawable: number; minAmount: number; maxAmount: number },
): FormValidation<CreateInvoiceBody, InvoiceField> {
  const { withdrawable } = limits;
  const request = toInvoiceRequest(values);
  const checked = validateForm<typeof createInvoiceBody, InvoiceField>(createInvoiceBody, request);
  // zod skips the missing-field check once a field failed: add what is missing, so all show at once.
  if (!checked.ok) return { ok: false, errors: { ...missingDestinationFields(request), ...checked.errors } };
  if (request.amount < limits.minAmount)
    return { ok: false, errors: { amount: "min-invoice-amount-subceeded" } };
  if (request.amount > limits.maxAmount)
    return { ok: false, errors: { amount: "max-invoice-amount-exceeded" } };
  if (request.amount > withdrawable) return { ok: false, errors: { amount: "insufficient-balance" } };
  return { ok: true, data: request };
}

/** Requests still open to a decision. */
export const isWaiting = (status: InvoiceStatus) =>
  status === InvoiceStatus.PendingApproval ||
  status === InvoiceStatus.PendingCancellation ||
  status === InvoiceStatus.UpdateRequested;

export type StatusTone = "info" | "success" | "warning" | "error" | "neutral";

export const statusTone: Record<InvoiceStatus, StatusTone> = {
  [InvoiceStatus.PendingApproval]: "info",
  [InvoiceStatus.PendingCancellation]: "warning",
  [InvoiceStatus.Canceled]: "neutral",
  [InvoiceStatus.Approved]: "success",
  [InvoiceStatus.Rejected]: "error",
  [InvoiceStatus.UpdateRequested]: "warning",
};

/** Where the money goes, as one line (phone, bank + account, or Instapay address). */
export function destinationOf(
  invoice: Pick<InvoiceView, "method" | "phone" | "bank" | "accountNumber" | "username">,
): string {
  if (invoice.method === WithdrawMethod.Wallet) return invoice.phone ?? "";
  if (invoice.method === WithdrawMethod.Bank) return invoice.accountNumber ?? "";
  return invoice.username ?? "";
}

const receiptTypes = ["image/jpeg", "image/png", "image/webp", "image/gif", "application/pdf"];

/** A receipt the API will take (image or PDF, ≤ 8 MB), checked before uploading: the error code, or null. */
export function checkReceipt(file: Pick<File, "type" | "size"> | null): string | null {
  if (!file) return "empty-request";
  if (!receiptTypes.includes(file.type)) return "invalid-type";
  if (file.size > bounds.fileBytes.receipt) return "large-file-size";
  return null;
}

/** Piasters as the amount field shows them: pounds, with piasters only when there are some. */
export const piastersToPounds = (piasters: number) =>
  piasters % 100 === 0 ? String(piasters / 100) : (piasters / 100).toFixed(2);

/**
 * The edit form of a waiting request (the values the tutor already proposed while UpdateRequested,
 * else the ones in force), or of a saved method (no amount).
 */
export function formOfInvoice(
  invoice: Pick<InvoiceView, "method" | "phone" | "bank" | "accountNumber" | "username" | "receiver"> &
    Partial<Pick<InvoiceView, "amount" | "updateRequest">>,
): InvoiceFormValues {
  const values = invoice.updateRequest ?? invoice;
  return {
    ...emptyInvoiceForm,
    amount: values.amount === undefined ? "" : piastersToPounds(values.amount),
    method: String(values.method),
    phone: values.phone ?? "",
    bank: values.bank ?? "",
    accountNumber: values.accountNumber ?? "",
    username: values.username ?? "",
    receiver: values.receiver ?? "",
  };
}

/** What a waiting request holds back from the balance: the larger of its amount and a proposed one. */
export const heldBy = (invoice: Pick<InvoiceView, "amount" | "updateRequest">) =>
  Math.max(invoice.amount, invoice.updateRequest?.amount ?? 0);

/**
 * PATCH /invoice/{id} `update`: a new amount and/or destination, checked with the API's rules, the
 * limits in force and the balance (GET /invoice/stats's withdrawable, which already leaves out what
 * this request holds) before anything is sent. The server decides again.
 */
export function checkInvoiceUpdateForm(
  values: InvoiceFormValues,
  invoice: Pick<InvoiceView, "amount" | "updateRequest">,
  limits: { withdrawable: number; minAmount: number; maxAmount: number } | undefined,
): FormValidation<UpdateInvoiceBody, InvoiceField> {
  const destination = destinationOfForm(values);
  const amount = poundsToPiasters(values.amount);
  const change = { action: "update" as const, amount: Number.isNaN(amount) ? 0 : amount, ...destination };
  const checked = validateForm<typeof updateInvoiceBody, InvoiceField>(updateInvoiceBody, change);
  if (!checked.ok)
    return { ok: false, errors: { ...missingDestinationFields(destination), ...checked.errors } };
  if (limits) {
    if (change.amount < limits.minAmount)
      return { ok: false, errors: { amount: "min-invoice-amount-subceeded" } };
    if (change.amount > limits.maxAmount)
      return { ok: false, errors: { amount: "max-invoice-amount-exceeded" } };
    if (change.amount > invoice.amount && change.amount > limits.withdrawable + heldBy(invoice))
      return { ok: false, errors: { amount: "insufficient-balance" } };
  }
  return { ok: true, data: change };
}

export type ProposalRow = {
  field: "amount" | "destination" | "receiver";
  changed: boolean;
};

/**
 * The rows of a proposed update beside the values in force: the amount, where the money goes
 * (method, bank and number together) and the account holder, each marked when it changes.
 */
export function proposalRows(
  invoice: Pick<
    InvoiceView,
    "amount" | "method" | "phone" | "bank" | "accountNumber" | "username" | "receiver" | "updateRequest"
  >,
): ProposalRow[] {
  const proposed = invoice.updateRequest;
  if (!proposed) return [];
  const destinationChanged =
    proposed.method !== invoice.method ||
    proposed.bank !== invoice.bank ||
    destinationOf(proposed) !== destinationOf(invoice);
  return [
    { field: "amount", changed: proposed.amount !== invoice.amount },
    { field: "destination", changed: destinationChanged },
    {
      field: "receiver",
      changed: (proposed.receiver ?? "") !== (invoice.receiver ?? ""),
    },
  ];
}

/** POST /withdraw-method and PUT /withdraw-method/{id}: the destination, checked with the API's rules. */
export function checkWithdrawMethodForm(
  values: InvoiceFormValues,
): FormValidation<WithdrawMethodBody, InvoiceField> {
  const destination = destinationOfForm(values);
  const checked = validateForm<typeof withdrawMethodBody, InvoiceField>(withdrawMethodBody, destination);
  if (!checked.ok)
    return { ok: false, errors: { ...missingDestinationFields(destination), ...checked.errors } };
  return { ok: true, data: destination };
}
