import { z } from "zod";
import { contract } from "./contract";
import { instant, paged, pageQuery } from "./common";
import { dataExportStates } from "./privacy";

/**
 * The staff view of personal data requests (docs/rules.md, "Your data: deletion"; Law 151 of
 * 2020): deletion requests and their erasures, and the exports made — never an export's file.
 */

/** AccountDeletionState (schema/db/privacy.ts). */
export const accountDeletionStates = ["pending", "canceled", "erasing", "erased"] as const;
export type AccountDeletionState = (typeof accountDeletionStates)[number];

/** GET /data-requests/… — `q` is a user's id (digits) or part of their email; paged. */
export const dataRequestsQuery = pageQuery.extend({
  q: z.string({ error: "bad-request" }).trim().max(100, "bad-request").optional(),
});

export const deletionRequestsQuery = dataRequestsQuery.extend({
  state: z.enum(accountDeletionStates, { error: "bad-request" }).optional(),
});
export type DeletionRequestsQuery = z.infer<typeof deletionRequestsQuery>;
export type DataRequestsQuery = z.infer<typeof dataRequestsQuery>;

/** The person a request is about, as staff see them (an erased one: no name, the placeholder email). */
export const dataRequestUser = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
});

export const deletionRequestStaffView = z.object({
  id: z.number().int(),
  user: dataRequestUser,
  /** "self": the owner asked; "staff": a SuperAdmin on a written request. */
  requestedBy: z.enum(["self", "staff"]),
  requestedAt: instant,
  dueAt: instant,
  state: z.enum(accountDeletionStates),
  canceledAt: instant.nullable(),
  erasedAt: instant.nullable(),
});
export type DeletionRequestStaffView = z.output<typeof deletionRequestStaffView>;

export const dataExportStaffView = z.object({
  id: z.number().int(),
  user: dataRequestUser,
  state: z.enum(dataExportStates),
  createdAt: instant,
  readyAt: instant.nullable(),
  expiresAt: instant.nullable(),
});
export type DataExportStaffView = z.output<typeof dataExportStaffView>;

/** The data requests endpoints (worker/routes/data-requests.ts), SuperAdmin and RegularAdmin. */
export const dataRequestContracts = {
  deletions: contract({
    method: "get",
    path: "/data-requests/deletions",
    query: deletionRequestsQuery,
    response: paged(deletionRequestStaffView),
  }),
  exports: contract({
    method: "get",
    path: "/data-requests/exports",
    query: dataRequestsQuery,
    response: paged(dataExportStaffView),
  }),
};
