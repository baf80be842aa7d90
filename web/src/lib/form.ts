import { z } from "zod";

export * from "./form-state";

/** A field that must not be empty before its rule runs ("هذا الحقل مطلوب" instead of "invalid"). */
export function requiredText<Output>(rule: z.ZodType<Output, string>) {
  return z.string({ error: "required" }).trim().min(1, "required").pipe(rule);
}
