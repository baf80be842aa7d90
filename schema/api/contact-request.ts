import { z } from "zod";
import { ContactRequestKind, ContactRequestState } from "../enums";
import { contactMessageRule, contactTitleRule, emailRule, phoneRule, userNameRule } from "../rules";
import { idParam, instant, paged, pageQuery } from "./common";
import { contract } from "./contract";

const contactKinds = Object.values(ContactRequestKind) as [ContactRequestKind, ...ContactRequestKind[]];
const contactStates = Object.values(ContactRequestState) as [ContactRequestState, ...ContactRequestState[]];

/**
 * POST /contact-request/ — public (docs/rules.md, Validation bounds, "Contact request"): a name, a way to answer
 * (an email or an Egyptian mobile, at least one), a title 5..128 and a message 10..1000. `kind`
 * "data-rights" marks a request about the sender's personal data (Law 151 of 2020: access, a copy,
 * correction or erasure); "general" when left out.
 */
export const createContactRequestBody = z
  .object({
    name: userNameRule,
    email: emailRule.optional(),
    phone: phoneRule.optional(),
    title: contactTitleRule,
    message: contactMessageRule,
    kind: z.enum(contactKinds, { error: "bad-request" }).default(ContactRequestKind.General),
  })
  .refine((body) => body.email !== undefined || body.phone !== undefined, {
    message: "invalid-email",
    path: ["email"],
  });
export type CreateContactRequestBody = z.input<typeof createContactRequestBody>;

export const contactRequestView = z.object({ id: z.number(), createdAt: z.string() });
export type ContactRequestView = z.output<typeof contactRequestView>;

/** Staff's texts on a request (docs/rules.md, Validation bounds, "Contact request reply"). */
export const contactRequestBounds = { reply: { max: 4000 }, notes: { max: 2000 } } as const;

/** The staff table's sortable columns, each ascending or (with "-") descending; newest first by default. */
export const contactRequestListSorts = ["created", "-created", "state", "-state"] as const;
export type ContactRequestListSort = (typeof contactRequestListSorts)[number];

/** GET /contact-request/list — staff: search, filter by state and kind, sort, page. */
export const contactRequestListQuery = pageQuery.extend({
  /** Search as you type: the name, email, phone, title or message (any case). */
  q: z.string({ error: "bad-request" }).trim().max(100, "bad-request").optional(),
  state: z.enum(contactStates, { error: "bad-request" }).optional(),
  kind: z.enum(contactKinds, { error: "bad-request" }).optional(),
  sort: z.enum(contactRequestListSorts, { error: "bad-request" }).default("-created"),
});
export type ContactRequestListQuery = z.infer<typeof contactRequestListQuery>;

/** One contact request as staff see it. */
export const contactRequestStaffView = z.object({
  id: z.number(),
  /** The sender's account when they were signed in, else null. */
  userId: z.number().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string(),
  message: z.string(),
  kind: z.enum(contactKinds),
  state: z.enum(contactStates),
  /** Staff's internal notes, never sent to the sender. */
  notes: z.string().nullable(),
  /** The last reply emailed to the sender. */
  reply: z.string().nullable(),
  repliedAt: instant.nullable(),
  /** The staff member who last acted on it (reply, state, notes). */
  handledBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  handledAt: instant.nullable(),
  createdAt: instant,
});
export type ContactRequestStaffView = z.output<typeof contactRequestStaffView>;

/** POST /contact-request/{id}/reply — plain text, emailed to the sender with their message quoted. */
export const contactReplyBody = z.object({
  reply: z
    .string({ error: "empty-contact-reply" })
    .trim()
    .min(1, "empty-contact-reply")
    .max(contactRequestBounds.reply.max, "long-contact-reply"),
});
export type ContactReplyBody = z.infer<typeof contactReplyBody>;

/** PATCH /contact-request/{id} — the state and/or the internal notes (empty clears them). */
export const updateContactRequestBody = z
  .object({
    state: z.enum(contactStates, { error: "bad-request" }).optional(),
    notes: z
      .string({ error: "bad-request" })
      .trim()
      .max(contactRequestBounds.notes.max, "long-contact-notes")
      .optional(),
  })
  .refine((body) => body.state !== undefined || body.notes !== undefined, { message: "empty-request" });
export type UpdateContactRequestBody = z.infer<typeof updateContactRequestBody>;

/** GET /contact-request/new-count — the admin home's figure. */
export const contactRequestCountView = z.object({ new: z.number().int() });

/** The contact request endpoints (worker/routes/contact-request.ts). */
export const contactRequestContracts = {
  create: contract({
    method: "post",
    path: "/contact-request/",
    body: createContactRequestBody,
    status: 201,
    response: contactRequestView,
  }),
  list: contract({
    method: "get",
    path: "/contact-request/list",
    query: contactRequestListQuery,
    response: paged(contactRequestStaffView),
  }),
  newCount: contract({
    method: "get",
    path: "/contact-request/new-count",
    response: contactRequestCountView,
  }),
  get: contract({
    method: "get",
    path: "/contact-request/:id{[0-9]+}",
    params: idParam,
    response: contactRequestStaffView,
  }),
  reply: contract({
    method: "post",
    path: "/contact-request/:id{[0-9]+}/reply",
    params: idParam,
    body: contactReplyBody,
    response: contactRequestStaffView,
  }),
  update: contract({
    method: "patch",
    path: "/contact-request/:id{[0-9]+}",
    params: idParam,
    body: updateContactRequestBody,
    response: contactRequestStaffView,
  }),
};
