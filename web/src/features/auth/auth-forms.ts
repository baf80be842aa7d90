import { z } from "zod";
import { Role } from "@schema/enums";
import { emailRule, passwordRule, tutorNameRule, userNameRule } from "@schema/rules";
import { requiredText } from "../../lib/form";

/** Sign-in checks only the email's form; the password is the server's to judge. */
export const loginFormSchema = z.object({
  email: requiredText(emailRule),
  password: z.string({ error: "required" }).min(1, "required"),
});
export type LoginFormValues = { email: string; password: string };

/** A new password and its confirmation, which must match (docs/product.md §5). */
const newPasswordFields = {
  password: requiredText(passwordRule),
  confirmPassword: z.string({ error: "required" }).min(1, "required"),
};

function confirmationMatches(values: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (values.confirmPassword && values.password !== values.confirmPassword) {
    ctx.addIssue({ code: "custom", message: "password-mismatch", path: ["confirmPassword"] });
  }
}

/** Registration: tutors' names must be Arabic, students' may be Arabic or Latin. */
export function registerFormSchema(role: Role) {
  const nameRule = role === Role.Tutor ? tutorNameRule : userNameRule;
  return z
    .object({ name: requiredText(nameRule), email: requiredText(emailRule), ...newPasswordFields })
    .superRefine(confirmationMatches);
}
export type RegisterFormValues = { name: string; email: string; password: string; confirmPassword: string };

/** Forgot password, step 1. */
export const forgotPasswordEmailSchema = z.object({ email: requiredText(emailRule) });

/** Forgot password, step 3 (and the settings' password change). */
export const newPasswordSchema = z.object(newPasswordFields).superRefine(confirmationMatches);
export type NewPasswordValues = { password: string; confirmPassword: string };
