import { z } from "zod";
// A screen with a form can show any code of the catalogue (its rules' and the API's field codes).
import "../i18n/error-catalogue";

export * from "./form-state";

/** A field that must not be empty before its rule runs ("هذا الحقل مطلوب" instead of "invalid"). */
export function requiredText<Output>(rule: z.ZodType<Output, string>) {
  return z.string({ error: "required" }).trim().min(1, "required").pipe(rule);
}
