import { z } from "zod";
import { discountRule, planPriceRule, weeklyMinutesRule } from "../rules";
import { idParam, pageQuery, paged } from "./common";
import { contract } from "./contract";

const flag = z.boolean({ error: "bad-request" });

/** POST /plan — SuperAdmin only. Prices in piasters, discounts in basis points. */
export const createPlanBody = z.object({
  weeklyMinutes: weeklyMinutesRule,
  baseMonthPrice: planPriceRule,
  monthDiscount: discountRule.default(0),
  quarterDiscount: discountRule.default(0),
  yearDiscount: discountRule.default(0),
  active: flag.default(true),
  inviteOnly: flag.default(false),
});
export type CreatePlanBody = z.infer<typeof createPlanBody>;

/** PATCH /plan/{id} — any subset of the fields. */
export const updatePlanBody = z
  .object({
    weeklyMinutes: weeklyMinutesRule,
    baseMonthPrice: planPriceRule,
    monthDiscount: discountRule,
    quarterDiscount: discountRule,
    yearDiscount: discountRule,
    active: flag,
    inviteOnly: flag,
  })
  .partial();
export type UpdatePlanBody = z.infer<typeof updatePlanBody>;

/** A plan as the API shows it, with the three period prices computed by one function. */
export const planView = z.object({
  id: z.number(),
  weeklyMinutes: z.number(),
  baseMonthPrice: z.number(),
  monthDiscount: z.number(),
  quarterDiscount: z.number(),
  yearDiscount: z.number(),
  monthPrice: z.number(),
  quarterPrice: z.number(),
  yearPrice: z.number(),
  active: z.boolean(),
  inviteOnly: z.boolean(),
  createdAt: z.string(),
});
export type PlanView = z.output<typeof planView>;

/** The plan endpoints (worker/routes/plan.ts). */
export const planContracts = {
  create: contract({ method: "post", path: "/plan", body: createPlanBody, status: 201, response: planView }),
  list: contract({ method: "get", path: "/plan/list", query: pageQuery, response: paged(planView) }),
  get: contract({ method: "get", path: "/plan/:id", params: idParam, response: planView }),
  update: contract({
    method: "patch",
    path: "/plan/:id",
    body: updatePlanBody,
    params: idParam,
    response: planView,
  }),
  remove: contract({ method: "delete", path: "/plan/:id", params: idParam, status: 204, response: "empty" }),
};
