import { z } from "zod";
import { contract } from "./contract";
import { idParam, instant } from "./common";
import { verificationCodeRule } from "../rules";

/**
 * Account deletion (docs/rules.md, "Your data: deletion"): the owner asks with their password (or,
 * for an account without one, a fresh email code), may cancel during the grace period, and the
 * erasure job erases the account once it is due (worker/domain/privacy/erasure.ts).
 */

/** POST /user/current/deletion — the password, or the emailed code when the account has no password. */
export const requestDeletionBody = z
  .object({
    password: z
      .string({ error: "bad-request" })
      .min(1, "wrong-password")
      .max(100, "wrong-password")
      .optional(),
    code: verificationCodeRule.optional(),
  })
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    message: "empty-request",
    path: ["password"],
  });
export type RequestDeletionBody = z.infer<typeof requestDeletionBody>;

/** AccountDeletionState as answered: "none" when no request is open. */
export const deletionState = z.enum(["none", "pending", "erasing", "erased"]);

/** GET /user/current/deletion — the request in force, and what asking would need. */
export const deletionStatus = z.object({
  state: deletionState,
  requestedAt: instant.nullable(),
  /** When the erasure runs (the end of the grace period); null when nothing is requested. */
  dueAt: instant.nullable(),
  /** The grace period in force, in days (a business setting, 0–30). */
  graceDays: z.number().int(),
  /** The account has no password: asking needs an emailed code (POST /user/current/deletion/code). */
  needsCode: z.boolean(),
  /** Staff accounts are closed by a SuperAdmin, never by themselves (deletion-not-allowed). */
  allowed: z.boolean(),
  /** A tutor's money still waiting (pending withdrawals and unpaid earnings, piasters): it blocks the request. */
  blockedAmount: z.number().int(),
});
export type DeletionStatus = z.output<typeof deletionStatus>;

/** POST /user/{id}/deletion (SuperAdmin) — the written request's reference or summary is required. */
export const staffDeletionBody = z.object({
  reason: z
    .string({ error: "invalid-deletion-reason" })
    .trim()
    .min(3, "invalid-deletion-reason")
    .max(500, "invalid-deletion-reason"),
});

/** The answer of the SuperAdmin's erasure: the account is erased at once. */
export const staffDeletionResult = z.object({ userId: z.number().int(), state: deletionState });

/** The deletion endpoints (worker/routes/privacy-deletion.ts). */
export const privacyDeletionContracts = {
  status: contract({ method: "get", path: "/user/current/deletion", response: deletionStatus }),
  request: contract({
    method: "post",
    path: "/user/current/deletion",
    body: requestDeletionBody,
    response: deletionStatus,
  }),
  cancel: contract({ method: "delete", path: "/user/current/deletion", response: deletionStatus }),
  sendCode: contract({ method: "post", path: "/user/current/deletion/code", response: "empty" }),
  staffErase: contract({
    method: "post",
    path: "/user/:id{[0-9]+}/deletion",
    params: idParam,
    body: staffDeletionBody,
    response: staffDeletionResult,
  }),
};
