// Tutor earnings and withdrawal requests (spec 7 "invoice"; business-rules.md "Tutor earnings and withdrawals").
import { z } from "zod";
import { InvoiceStatus, WithdrawMethod, type Bank } from "../enums";
import type { ErrorCode } from "../errors";
import {
  bankAccountNumberRule,
  bankNameRule,
  instapayRule,
  invoiceAmountRuleWithin,
  invoiceNoteRule,
  phoneRule,
  userNameRule,
  withdrawMethodRule,
} from "../rules";
import { pageQuery } from "./common";

/**
 * Where the money goes: Wallet 0 needs an Egyptian phone, Bank 1 a bank and an account number,
 * Instapay 2 an address. Only the chosen method's fields are kept; the receiver (account holder's
 * name) is optional for all three.
 */
const destinationFields = {
  method: withdrawMethodRule,
  receiver: userNameRule.optional(),
  phone: phoneRule.optional(),
  bank: bankNameRule.optional(),
  accountNumber: bankAccountNumberRule.optional(),
  username: instapayRule.optional(),
};

type DestinationInput = {
  method: WithdrawMethod;
  receiver?: string;
  phone?: string;
  bank?: Bank;
  accountNumber?: string;
  username?: string;
};

export type Destination = {
  method: WithdrawMethod;
  receiver: string | null;
  phone: string | null;
  bank: Bank | null;
  accountNumber: string | null;
  username: string | null;
};

/** The fields a method needs, each with the code of its absence. */
const required: Record<WithdrawMethod, Array<[keyof DestinationInput, ErrorCode]>> = {
  [WithdrawMethod.Wallet]: [["phone", "invalid-phone"]],
  [WithdrawMethod.Bank]: [
    ["bank", "empty-bank-name"],
    ["accountNumber", "invalid-bank-account-number"],
  ],
  [WithdrawMethod.Instapay]: [["username", "instapay-username-invalid"]],
};

/** The fields the method needs that are missing, each with its code (a form shows them all at once). */
export function missingDestinationFields(value: { method?: WithdrawMethod } & Partial<Record<Exclude<keyof DestinationInput, "method">, unknown>>): Partial<Record<keyof DestinationInput, ErrorCode>> {
  const missing: Partial<Record<keyof DestinationInput, ErrorCode>> = {};
  for (const [field, code] of value.method === undefined ? [] : (required[value.method] ?? [])) {
    if (value[field] === undefined) missing[field] = code;
  }
  return missing;
}

function checkDestination(value: DestinationInput, ctx: z.RefinementCtx): void {
  for (const [field, code] of Object.entries(missingDestinationFields(value))) ctx.addIssue({ code: "custom", message: code, path: [field] });
}

function toDestination(value: DestinationInput): Destination {
  const { method } = value;
  return {
    method,
    receiver: value.receiver ?? null,
    phone: method === WithdrawMethod.Wallet ? (value.phone ?? null) : null,
    bank: method === WithdrawMethod.Bank ? (value.bank ?? null) : null,
    accountNumber: method === WithdrawMethod.Bank ? (value.accountNumber ?? null) : null,
    username: method === WithdrawMethod.Instapay ? (value.username ?? null) : null,
  };
}

/**
 * POST /invoice: amount in piasters, a destination, an optional note. The amount's limits are the
 * platform setting in force (default 100..50,000 EGP, admins may change them), so the contract
 * only asks for a positive whole number and the Worker checks the limits with the balance.
 */
export const createInvoiceBody = z
  .object({ amount: invoiceAmountRuleWithin({ min: 1, max: Number.MAX_SAFE_INTEGER }), note: invoiceNoteRule.optional(), ...destinationFields })
  .superRefine(checkDestination)
  .transform((value) => ({ amount: value.amount, note: value.note ?? null, ...toDestination(value) }));
export type CreateInvoiceBody = z.input<typeof createInvoiceBody>;

/**
 * PATCH /invoice/{id}: one action per call.
 * - the tutor, while PendingApproval: `cancel` (asks to cancel: → PendingCancellation) or
 *   `update` (a new method/receiver);
 * - staff: `reject` (with a note), `approve-cancel`, `refuse-cancel`, `note` (add or remove a note).
 * Approving is PUT /invoice/{id}/with/asset, which carries the receipt.
 */
export const updateInvoiceBody = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("cancel") }),
    z.object({ action: z.literal("update"), ...destinationFields }).superRefine(checkDestination).transform((value) => ({
      action: value.action,
      destination: toDestination(value),
    })),
    z.object({ action: z.literal("reject"), note: invoiceNoteRule }),
    z.object({ action: z.literal("approve-cancel") }),
    z.object({ action: z.literal("refuse-cancel") }),
    z.object({ action: z.literal("note"), note: invoiceNoteRule.nullable() }),
  ],
  { error: "bad-request" },
);
export type UpdateInvoiceBody = z.input<typeof updateInvoiceBody>;
export type InvoiceAction = UpdateInvoiceBody["action"];

const invoiceStatus = z.coerce
  .number({ error: "bad-request" })
  .int("bad-request")
  .refine((n) => (Object.values(InvoiceStatus) as number[]).includes(n), "bad-request");

/** GET /invoice: a tutor's own requests; staff see everyone's, optionally one tutor's. Newest first. */
export const invoiceListQuery = pageQuery.extend({
  status: invoiceStatus.optional(),
  userId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
});

export type InvoiceView = Destination & {
  id: number;
  userId: number;
  /** The tutor's name and email (for the staff list). */
  userName: string | null;
  userEmail: string;
  amount: number;
  status: InvoiceStatus;
  note: string | null;
  /** GET path of the receipt (private: the owner and staff only), once approved. */
  receipt: string | null;
  addressedBy: number | null;
  addressedByName: string | null;
  addressedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** GET /invoice/stats/{id}: piasters. withdrawable = earnings − pending − withdrawn. */
export type InvoiceStats = {
  earnings: number;
  earningsThisMonth: number;
  /** Requests waiting (PendingApproval or PendingCancellation). */
  pending: number;
  /** Approved requests. */
  withdrawn: number;
  withdrawable: number;
  minAmount: number;
  maxAmount: number;
  workingDays: { min: number; max: number };
};
