import { z } from "zod";
import { discountRule, planPriceRule, weeklyMinutesRule } from "../rules";

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
export type PlanView = {
  id: number;
  weeklyMinutes: number;
  baseMonthPrice: number;
  monthDiscount: number;
  quarterDiscount: number;
  yearDiscount: number;
  monthPrice: number;
  quarterPrice: number;
  yearPrice: number;
  active: boolean;
  inviteOnly: boolean;
  createdAt: string;
};
