// Tutor earnings and withdrawal requests (docs/product.md §7, invoice; docs/rules.md, Tutor
// earnings and withdrawals).
import { z } from "zod";
import { Bank, InvoiceStatus, WithdrawMethod } from "../enums";
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
import { paged, pageQuery, idParam } from "./common";
import { contract } from "./contract";

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

export const destination = z.object({
  method: z.enum(WithdrawMethod),
  receiver: z.string().nullable(),
  phone: z.string().nullable(),
  bank: z.enum(Bank).nullable(),
  accountNumber: z.string().nullable(),
  username: z.string().nullable(),
});
export type Destination = z.output<typeof destination>;

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
export function missingDestinationFields(
  value: { method?: WithdrawMethod } & Partial<Record<Exclude<keyof DestinationInput, "method">, unknown>>,
): Partial<Record<keyof DestinationInput, ErrorCode>> {
  const missing: Partial<Record<keyof DestinationInput, ErrorCode>> = {};
  for (const [field, code] of value.method === undefined ? [] : (required[value.method] ?? [])) {
    if (value[field] === undefined) missing[field] = code;
  }
  return missing;
}

function checkDestination(value: DestinationInput, ctx: z.RefinementCtx): void {
  for (const [field, code] of Object.entries(missingDestinationFields(value)))
    ctx.addIssue({ code: "custom", message: code, path: [field] });
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

/** A saved withdraw method's id in a body. */
const withdrawMethodId = z.number({ error: "bad-request" }).int("bad-request").positive("bad-request");

/**
 * POST /invoice: amount in piasters, an optional note, and where the money goes: either a saved
 * method (`withdrawMethodId`, its details copied into the request) or a new destination (`method`
 * and its fields), which `save` also keeps for next time. Naming both, or `save` with a saved
 * method, is `invalid-invoice-method`; naming neither is a missing `method`. The amount's limits
 * are the platform setting in force (default 100..50,000 EGP, admins may change them), so the
 * contract only asks for a positive whole number and the Worker checks the limits with the balance.
 */
export const createInvoiceBody = z
  .object({
    amount: invoiceAmountRuleWithin({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    note: invoiceNoteRule.optional(),
    withdrawMethodId: withdrawMethodId.optional(),
    save: z.boolean({ error: "bad-request" }).optional(),
    ...destinationFields,
    method: withdrawMethodRule.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.withdrawMethodId === undefined) {
      if (value.method === undefined)
        ctx.addIssue({ code: "custom", message: "invalid-withdraw-method", path: ["method"] });
      else checkDestination({ ...value, method: value.method }, ctx);
    } else if (value.method !== undefined || value.save !== undefined) {
      ctx.addIssue({ code: "custom", message: "invalid-invoice-method", path: ["withdrawMethodId"] });
    }
  })
  .transform((value) => {
    const to: { saved: number } | { destination: Destination; save: boolean } =
      value.method === undefined
        ? { saved: value.withdrawMethodId ?? 0 }
        : { destination: toDestination({ ...value, method: value.method }), save: value.save ?? false };
    return { amount: value.amount, note: value.note ?? null, to };
  });
export type CreateInvoiceBody = z.input<typeof createInvoiceBody>;
export type CreateInvoiceRequest = z.output<typeof createInvoiceBody>;

/**
 * POST /withdraw-method and PUT /withdraw-method/{id}: a destination to keep (at most
 * MAX_WITHDRAW_METHODS per tutor). `isDefault: true` makes it the one the request form starts
 * with; left out, a tutor's first method becomes the default and an edit leaves it as it was.
 */
export const withdrawMethodBody = z
  .object({ ...destinationFields, isDefault: z.boolean({ error: "bad-request" }).optional() })
  .superRefine(checkDestination)
  .transform((value) => ({ destination: toDestination(value), isDefault: value.isDefault }));
export type WithdrawMethodBody = z.input<typeof withdrawMethodBody>;

/** How many withdraw methods a tutor may keep. */
export const MAX_WITHDRAW_METHODS = 10;

/** A saved withdraw method, default first then newest (GET /withdraw-method). */
export const withdrawMethodView = destination.extend({
  id: z.number(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WithdrawMethodView = z.output<typeof withdrawMethodView>;

/**
 * PATCH /invoice/{id}: one action per call.
 * - the tutor, while PendingApproval or UpdateRequested: `cancel` (asks to cancel: →
 *   PendingCancellation, a proposed update dropped) or `update` (a new amount and/or destination,
 *   proposed: → UpdateRequested, the values in force unchanged until staff approve; the amount
 *   left out means the amount in force);
 * - staff: `reject` (with a note), `approve-cancel`, `refuse-cancel`, `note` (add or remove a
 *   note), `approve-update` (the proposal applies) or `refuse-update` (with an optional reason).
 * Approving is PUT /invoice/{id}/with/asset, which carries the receipt.
 */
export const updateInvoiceBody = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("cancel") }),
    z
      .object({
        action: z.literal("update"),
        amount: invoiceAmountRuleWithin({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
        ...destinationFields,
      })
      .superRefine(checkDestination)
      .transform((value) => ({
        action: value.action,
        amount: value.amount,
        destination: toDestination(value),
      })),
    z.object({ action: z.literal("reject"), note: invoiceNoteRule }),
    z.object({ action: z.literal("approve-cancel") }),
    z.object({ action: z.literal("refuse-cancel") }),
    z.object({ action: z.literal("note"), note: invoiceNoteRule.nullable() }),
    z.object({ action: z.literal("approve-update") }),
    z.object({ action: z.literal("refuse-update"), note: invoiceNoteRule.optional() }),
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
/** The staff withdrawals table's sortable columns, each ascending or (with "-") descending. */
export const invoiceListSorts = [
  "created",
  "-created",
  "amount",
  "-amount",
  "status",
  "-status",
  "tutor",
  "-tutor",
] as const;
export type InvoiceListSort = (typeof invoiceListSorts)[number];

export const invoiceListQuery = pageQuery.extend({
  status: invoiceStatus.optional(),
  userId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
  /** Search as you type: the tutor's name or email, or the receiver's name (any case). */
  q: z.string({ error: "bad-request" }).trim().max(100, "bad-request").optional(),
  /** The order: a column, descending with a leading "-"; newest first by default. */
  sort: z.enum(invoiceListSorts, { error: "bad-request" }).default("-created"),
});

/**
 * A tutor's proposed change of a request (while UpdateRequested): the whole set of values it
 * would have, stored as JSON in invoices.update_request beside the values in force.
 */
export const invoiceProposal = destination.extend({ amount: z.number() });
export type InvoiceProposal = z.output<typeof invoiceProposal>;

export const invoiceView = destination.extend({
  id: z.number(),
  userId: z.number(),
  /** The tutor's name and email (for the staff list). */
  userName: z.string().nullable(),
  userEmail: z.string(),
  amount: z.number(),
  status: z.enum(InvoiceStatus),
  note: z.string().nullable(),
  /** While UpdateRequested: the values the tutor asked for, beside the ones in force above. */
  updateRequest: invoiceProposal.extend({ requestedAt: z.string() }).nullable(),
  /** GET path of the receipt (private: the owner and staff only), once approved. */
  receipt: z.string().nullable(),
  addressedBy: z.number().nullable(),
  addressedByName: z.string().nullable(),
  addressedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceView = z.output<typeof invoiceView>;

/** GET /invoice/stats/{id}: piasters. withdrawable = earnings − pending − withdrawn. */
export const invoiceStats = z.object({
  earnings: z.number(),
  earningsThisMonth: z.number(),
  /**
   * Requests waiting (PendingApproval, PendingCancellation or UpdateRequested), each counted at
   * the larger of its amount and a proposed one.
   */
  pending: z.number(),
  /** Approved requests. */
  withdrawn: z.number(),
  withdrawable: z.number(),
  minAmount: z.number(),
  maxAmount: z.number(),
  workingDays: z.object({ min: z.number(), max: z.number() }),
});
export type InvoiceStats = z.output<typeof invoiceStats>;

/** The withdraw method endpoints (worker/routes/withdraw-method.ts). */
export const withdrawMethodContracts = {
  list: contract({ method: "get", path: "/withdraw-method", response: z.array(withdrawMethodView) }),
  create: contract({
    method: "post",
    path: "/withdraw-method",
    body: withdrawMethodBody,
    status: 201,
    response: withdrawMethodView,
  }),
  update: contract({
    method: "put",
    path: "/withdraw-method/:id",
    body: withdrawMethodBody,
    params: idParam,
    response: withdrawMethodView,
  }),
  remove: contract({
    method: "delete",
    path: "/withdraw-method/:id",
    params: idParam,
    status: 204,
    response: "empty",
  }),
};

/** GET /assets/receipts/{name} — a stored transfer receipt's file name. */
export const receiptFileParam = z.object({ name: z.string().regex(/^[\w.-]+$/, "bad-request") });

/** The withdrawal request endpoints (worker/routes/invoice.ts). */
export const invoiceContracts = {
  create: contract({
    method: "post",
    path: "/invoice",
    body: createInvoiceBody,
    status: 201,
    response: invoiceView,
  }),
  list: contract({ method: "get", path: "/invoice", query: invoiceListQuery, response: paged(invoiceView) }),
  stats: contract({ method: "get", path: "/invoice/stats/:id", params: idParam, response: invoiceStats }),
  update: contract({
    method: "patch",
    path: "/invoice/:id",
    body: updateInvoiceBody,
    params: idParam,
    response: invoiceView,
  }),
  attachReceipt: contract({
    method: "put",
    path: "/invoice/:id/with/asset",
    body: "multipart",
    params: idParam,
    response: invoiceView,
  }),
  receipt: contract({
    method: "get",
    path: "/assets/receipts/:name{.+}",
    params: receiptFileParam,
    response: "file",
  }),
};
