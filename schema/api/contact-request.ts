import { z } from "zod";
import { contactMessageRule, contactTitleRule, emailRule, phoneRule, userNameRule } from "../rules";
import { contract } from "./contract";

/**
 * POST /contact-request/ — public (docs/rules.md, Validation bounds, "Contact request"): a name, a way to answer
 * (an email or an Egyptian mobile, at least one), a title 5..128 and a message 10..1000.
 */
export const createContactRequestBody = z
  .object({
    name: userNameRule,
    email: emailRule.optional(),
    phone: phoneRule.optional(),
    title: contactTitleRule,
    message: contactMessageRule,
  })
  .refine((body) => body.email !== undefined || body.phone !== undefined, {
    message: "invalid-email",
    path: ["email"],
  });
export type CreateContactRequestBody = z.input<typeof createContactRequestBody>;

export const contactRequestView = z.object({ id: z.number(), createdAt: z.string() });
export type ContactRequestView = z.output<typeof contactRequestView>;

/** The contact request endpoint (worker/routes/contact-request.ts). */
export const contactRequestContracts = {
  create: contract({
    method: "post",
    path: "/contact-request/",
    body: createContactRequestBody,
    status: 201,
    response: contactRequestView,
  }),
};
