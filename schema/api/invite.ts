import { z } from "zod";
import { paged, pageQuery, idParam } from "./common";
import { contract } from "./contract";

const id = z.number({ error: "bad-request" }).int("bad-request").positive("bad-request");
const futureDate = z
  .string({ error: "bad-request" })
  .refine((s) => !Number.isNaN(Date.parse(s)), "bad-request")
  .transform((s) => new Date(Date.parse(s)).toISOString())
  .refine((s) => s > new Date().toISOString(), "bad-request");

export const createInviteBody = z.object({
  userId: id,
  planId: id,
  expiresAt: futureDate,
  note: z.string({ error: "bad-request" }).max(500, "bad-request").optional(),
});
export type CreateInviteBody = z.infer<typeof createInviteBody>;
export const updateInviteBody = createInviteBody.omit({ userId: true }).partial();
export type UpdateInviteBody = z.infer<typeof updateInviteBody>;
export const inviteListQuery = pageQuery.extend({
  userId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
  planId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
});

export const inviteView = z.object({
  id: z.number(),
  userId: z.number(),
  planId: z.number(),
  expiresAt: z.string(),
  note: z.string().nullable(),
  usedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type InviteView = z.output<typeof inviteView>;

/** The invite endpoints (worker/routes/invite.ts). */
export const inviteContracts = {
  create: contract({
    method: "post",
    path: "/invite",
    body: createInviteBody,
    status: 201,
    response: inviteView,
  }),
  list: contract({
    method: "get",
    path: "/invite/list",
    query: inviteListQuery,
    response: paged(inviteView),
  }),
  get: contract({ method: "get", path: "/invite/:id", params: idParam, response: inviteView }),
  update: contract({
    method: "put",
    path: "/invite/:id",
    body: updateInviteBody,
    params: idParam,
    response: inviteView,
  }),
  remove: contract({
    method: "delete",
    path: "/invite/:id",
    params: idParam,
    status: 204,
    response: "empty",
  }),
};
