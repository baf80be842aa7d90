import { z } from "zod";
import { contract } from "./contract";
import { idParam } from "./common";

/** POST /user/{id}/suspend — the admin's reason is required (3–500 characters). */
export const suspendUserBody = z.object({
  reason: z
    .string({ error: "invalid-suspension-reason" })
    .trim()
    .min(3, "invalid-suspension-reason")
    .max(500, "invalid-suspension-reason"),
});
export type SuspendUserBody = z.infer<typeof suspendUserBody>;

/** The answer of suspend and restore: the account's suspension state and, for a suspension, what it ended. */
export const suspensionResult = z.object({
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  /** Lessons that had not started and were cancelled (both members notified). */
  canceledLessons: z.number(),
});
export type SuspensionResult = z.output<typeof suspensionResult>;

/** The suspension endpoints (worker/routes/suspension.ts). */
export const suspensionContracts = {
  suspend: contract({
    method: "post",
    path: "/user/:id{[0-9]+}/suspend",
    body: suspendUserBody,
    params: idParam,
    response: suspensionResult,
  }),
  restore: contract({
    method: "post",
    path: "/user/:id{[0-9]+}/restore",
    params: idParam,
    response: suspensionResult,
  }),
};
