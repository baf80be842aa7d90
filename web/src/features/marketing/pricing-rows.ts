import type { PlanView } from "@schema/api/plan";
import { PlanPeriod, planPeriodMonths } from "@schema/enums";
import { discountOf, periodPrice } from "@schema/pricing";

/** One plan as /pricing shows it; money in piasters, priced by the function the server charges with. */
export type PricingRow = {
  planId: number;
  weeklyMinutes: number;
  /** How many 30-minute lessons the weekly minutes cover. */
  longLessonsPerWeek: number;
  monthPrice: number;
  /** The year price spread over 12 months (floored), shown only when it is cheaper than a month. */
  yearMonthly: number | null;
  /** The biggest period discount, as a fraction (0.2 = 20 %). */
  bestDiscount: number;
};

/** Public plans only (invite-only ones are for their invitees), fewest weekly minutes first. */
export function pricingRows(plans: readonly PlanView[]): PricingRow[] {
  return plans
    .filter((plan) => plan.active && !plan.inviteOnly)
    .toSorted((a, b) => a.weeklyMinutes - b.weeklyMinutes || a.baseMonthPrice - b.baseMonthPrice)
    .map((plan) => {
      const monthPrice = periodPrice(plan, PlanPeriod.Month);
      const yearMonthly = Math.floor(periodPrice(plan, PlanPeriod.Year) / planPeriodMonths[PlanPeriod.Year]);
      const best = Math.max(
        ...[PlanPeriod.Month, PlanPeriod.Quarter, PlanPeriod.Year].map((period) => discountOf(plan, period)),
      );
      return {
        planId: plan.id,
        weeklyMinutes: plan.weeklyMinutes,
        longLessonsPerWeek: Math.floor(plan.weeklyMinutes / 30),
        monthPrice,
        yearMonthly: yearMonthly < monthPrice ? yearMonthly : null,
        bestDiscount: best / 10_000,
      };
    });
}
