import { inviteContracts } from "../../schema/api/invite";
import { Role, isAdmin } from "../../schema/enums";
import {
  createInvite,
  deleteInvite,
  findInvite,
  listInvites,
  toInviteView,
  updateInvite,
} from "../domain/payments/invites";
import { fail } from "../core/failure";
import { auditActorOf } from "../domain/staff/audit";
import { route } from "../http/route";

const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;

export const inviteRoutes = [
  route(inviteContracts.create, {
    access: admins,
    summary: "Offer a plan to one user until a date.",
    handle: async ({ c, body, user }) =>
      toInviteView(await createInvite(c.get("db"), body, user.id, new Date(), auditActorOf(c, user.id))),
  }),
  route(inviteContracts.list, {
    access: "signed-in",
    summary: "Invites: a user's own; admins any (?userId, ?planId); paged.",
    handle: ({ c, query, user }) =>
      listInvites(c.get("db"), { ...query, userId: isAdmin(user.role as Role) ? query.userId : user.id }),
  }),
  route(inviteContracts.get, {
    access: "signed-in",
    summary: "An invite (its user or an admin).",
    async handle({ c, params, user }) {
      const invite = await findInvite(c.get("db"), params.id);
      if (invite.userId !== user.id && !isAdmin(user.role as Role)) fail("forbidden");
      return toInviteView(invite);
    },
  }),
  route(inviteContracts.update, {
    access: admins,
    summary: "Update an invite (plan, expiry, note).",
    handle: async ({ c, params, body, user }) =>
      toInviteView(await updateInvite(c.get("db"), params.id, body, new Date(), auditActorOf(c, user.id))),
  }),
  route(inviteContracts.remove, {
    access: admins,
    summary: "Withdraw an invite (soft delete).",
    handle: ({ c, params, user }) =>
      deleteInvite(c.get("db"), params.id, new Date(), auditActorOf(c, user.id)),
  }),
];
