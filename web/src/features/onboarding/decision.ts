import { z } from "zod";
import { bounds, interviewFeedbackRule, interviewLevelRule, interviewNoteRule } from "@schema/rules";
import { requiredText } from "../../lib/form";

export type DecisionValues = {
  decision: "" | "pass" | "reject";
  feedback: string;
  note: string;
  level: string;
};
export const emptyDecision: DecisionValues = { decision: "", feedback: "", note: "", level: "" };
export const levelOptions = Array.from(
  { length: bounds.interviewLevel.max - bounds.interviewLevel.min + 1 },
  (_, i) => String(bounds.interviewLevel.min + i),
);

const base = {
  decision: z.enum(["pass", "reject"], { error: "required" }),
  feedback: requiredText(interviewFeedbackRule),
  note: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.union([z.literal("").transform(() => undefined), interviewNoteRule])),
};

/** The manager's decision on an interview: pass or reject, feedback, optional note, level 1..5. */
export const interviewDecisionSchema = z.object({
  ...base,
  level: z.string().min(1, "required").transform(Number).pipe(interviewLevelRule),
});

/** The manager's decision on a demo session: pass or reject, feedback, optional note. */
export const demoDecisionSchema = z.object(base);
