import { z } from "zod";
import type { RatingView } from "@schema/api/rating";
import { ratingTextRule, ratingValueRule } from "@schema/rules";

/** The rating dialog's values: the chosen star ("" until one is picked) and the optional text. */
export type RatingFormValues = { value: string; text: string };
export type RatingField = keyof RatingFormValues;

/** The same shared rules as POST/PUT /rating: value 1..5, text empty or 3..1000. */
export const ratingFormSchema = z.object({
  value: z.string().min(1, "required").transform(Number).pipe(ratingValueRule),
  text: z
    .string()
    .trim()
    .transform((s) => (s === "" ? null : s))
    .pipe(ratingTextRule.nullable()),
});

export function ratingFormValues(existing: Pick<RatingView, "value" | "text"> | null): RatingFormValues {
  return { value: existing ? String(existing.value) : "", text: existing?.text ?? "" };
}
