import { z } from "zod";
import { contactMessageRule, contactTitleRule, emailRule, phoneRule, userNameRule } from "@schema/rules";
import { requiredText } from "../../lib/form";

export type ContactFormValues = {
  name: string;
  email: string;
  phone: string;
  title: string;
  message: string;
};

/** An optional field: empty means "not given", anything else must pass its rule. */
const optional = <T>(rule: z.ZodType<T, string>) =>
  z
    .string()
    .trim()
    .transform((s) => (s === "" ? undefined : s))
    .pipe(rule.optional());

/**
 * The contact form with the server's rules (POST /contact-request/): a name, an email or a
 * phone (at least one), a title 5..128 and a message 10..1000.
 */
export const contactFormSchema = z
  .object({
    name: requiredText(userNameRule),
    email: optional(emailRule),
    phone: optional(phoneRule),
    title: requiredText(contactTitleRule),
    message: requiredText(contactMessageRule),
  })
  .refine((body) => body.email !== undefined || body.phone !== undefined, {
    message: "contact-reply-needed",
    path: ["email"],
  });
