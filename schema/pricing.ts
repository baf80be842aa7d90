import { planPeriodMonths, type PlanPeriod } from "./enums";

/** What pricing needs of a plan: the monthly base in piasters and each period's discount in basis points. */
export type PricedPlan = { baseMonthPrice: number; monthDiscount: number; quarterDiscount: number; yearDiscount: number };

/** The discount of a period, in basis points (1000 = 10 %). */
export const discountOf = (plan: PricedPlan, period: PlanPeriod): number =>
  period === 0 ? plan.monthDiscount : period === 1 ? plan.quarterDiscount : plan.yearDiscount;

/**
 * The price of a plan for a period, in piasters: floor(base × months × (1 − discount)), with the
 * discount in basis points. Integer arithmetic, so no float rounding creeps in. Shared by the
 * Worker (what is charged) and the SPA (what is shown).
 */
export function periodPrice(plan: PricedPlan, period: PlanPeriod): number {
  const months = planPeriodMonths[period];
  return Math.floor((plan.baseMonthPrice * months * (10_000 - discountOf(plan, period))) / 10_000);
}
