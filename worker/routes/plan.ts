import { planContracts } from "../../schema/api/plan";
import { Role, isAdmin } from "../../schema/enums";
import {
  createPlan,
  deletePlan,
  findVisiblePlan,
  listPlans,
  toPlanView,
  updatePlan,
} from "../domain/payments/plans";
import { fail } from "../core/failure";
import { auditActorOf } from "../domain/staff/audit";
import { route } from "../http/route";

const superAdmin = [Role.SuperAdmin] as const;
const seesHidden = (role: number | undefined) => role !== undefined && isAdmin(role as Role);

export const planRoutes = [
  route(planContracts.create, {
    access: superAdmin,
    summary: "Create a plan (SuperAdmin).",
    async handle({ c, body, user }) {
      return toPlanView(await createPlan(c.get("db"), body, user.id, new Date(), auditActorOf(c, user.id)));
    },
  }),
  route(planContracts.list, {
    access: "public",
    summary: "Plans on offer: inactive ones hidden, invite-only ones only to invited users (admins see all).",
    handle: ({ c, query, user }) =>
      listPlans(c.get("db"), {
        userId: user?.id ?? null,
        includeHidden: seesHidden(user?.role),
        page: query.page,
        size: query.size,
      }),
  }),
  route(planContracts.get, {
    access: "public",
    summary: "One plan with its month, quarter and year prices.",
    async handle({ c, params, user }) {
      return toPlanView(
        await findVisiblePlan(c.get("db"), params.id, user?.id ?? null, seesHidden(user?.role)),
      );
    },
  }),
  route(planContracts.update, {
    access: superAdmin,
    summary: "Change a plan (SuperAdmin); existing subscriptions keep their copied minutes.",
    async handle({ c, params, body, user }) {
      if (Object.keys(body).length === 0) fail("empty-request");
      return toPlanView(await updatePlan(c.get("db"), params.id, body, new Date(), auditActorOf(c, user.id)));
    },
  }),
  route(planContracts.remove, {
    access: superAdmin,
    summary: "Delete a plan (SuperAdmin; soft, so subscriptions keep their plan).",
    async handle({ c, params, user }) {
      await deletePlan(c.get("db"), params.id, new Date(), auditActorOf(c, user.id));
    },
  }),
];
