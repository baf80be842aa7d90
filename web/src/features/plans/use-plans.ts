import { useQuery } from "@tanstack/react-query";
import { planContracts, type PlanView } from "@schema/api/plan";
import { PlanPeriod } from "@schema/enums";
import { discountOf, periodPrice } from "@schema/pricing";
import { useIsSignedIn } from "../../lib/session";
import { call } from "../../lib/client";

/** GET /plan/list: signed in, invite-only plans offered to the user show too. */
export function usePlansQuery() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: ["plans", "list", signedIn],
    queryFn: ({ signal }) =>
      call(planContracts.list, { public: !signedIn, query: { page: 1, size: 100 }, signal }),
    select: (page) => page.list,
  });
}

export const planPeriods = [PlanPeriod.Month, PlanPeriod.Quarter, PlanPeriod.Year] as const;

export type PeriodOffer = {
  period: PlanPeriod;
  price: number;
  fullPrice: number;
  discount: number;
  monthly: number;
};

/** A plan's three offers, priced by the function the server charges with (schema/pricing.ts). */
export function periodOffers(plan: PlanView): PeriodOffer[] {
  return planPeriods.map((period) => {
    const price = periodPrice(plan, period);
    const months = period === PlanPeriod.Month ? 1 : period === PlanPeriod.Quarter ? 3 : 12;
    return {
      period,
      price,
      fullPrice: plan.baseMonthPrice * months,
      discount: discountOf(plan, period) / 10_000,
      monthly: Math.floor(price / months),
    };
  });
}
