import type { CreatePlanBody, PlanView } from "@schema/api/plan";
import { bounds } from "@schema/rules";
import type { ErrorCode } from "@schema/errors";
import {
  basisPointsToPercent,
  percentToBasisPoints,
  piastersToPounds,
  poundsToPiasters,
  wholeNumber,
} from "../../features/admin-area/admin-logic";

/** The plan form's text values, as typed: pounds and percentages. */
export type PlanFormValues = {
  weeklyMinutes: string;
  baseMonthPrice: string;
  monthDiscount: string;
  quarterDiscount: string;
  yearDiscount: string;
  active: boolean;
  inviteOnly: boolean;
};

export const emptyPlanForm: PlanFormValues = {
  weeklyMinutes: "",
  baseMonthPrice: "",
  monthDiscount: "0",
  quarterDiscount: "0",
  yearDiscount: "0",
  active: true,
  inviteOnly: false,
};

export function planFormOf(plan: PlanView): PlanFormValues {
  return {
    weeklyMinutes: String(plan.weeklyMinutes),
    baseMonthPrice: piastersToPounds(plan.baseMonthPrice),
    monthDiscount: basisPointsToPercent(plan.monthDiscount),
    quarterDiscount: basisPointsToPercent(plan.quarterDiscount),
    yearDiscount: basisPointsToPercent(plan.yearDiscount),
    active: plan.active,
    inviteOnly: plan.inviteOnly,
  };
}

type PlanField = Exclude<keyof PlanFormValues, "active" | "inviteOnly">;

/** The body for POST /plan or PATCH /plan/{id} (piasters and basis points), or each field's error code. */
export function planBodyOf(
  values: PlanFormValues,
): { ok: true; body: CreatePlanBody } | { ok: false; errors: Partial<Record<PlanField, ErrorCode>> } {
  const errors: Partial<Record<PlanField, ErrorCode>> = {};
  const weeklyMinutes = wholeNumber(values.weeklyMinutes);
  if (!(weeklyMinutes >= bounds.weeklyMinutes.min && weeklyMinutes <= bounds.weeklyMinutes.max))
    errors.weeklyMinutes = "invalid-weekly-minutes";
  const baseMonthPrice = poundsToPiasters(values.baseMonthPrice);
  if (!(baseMonthPrice >= bounds.planPrice.min)) errors.baseMonthPrice = "invalid-plan-price";
  const discounts = {
    monthDiscount: percentToBasisPoints(values.monthDiscount),
    quarterDiscount: percentToBasisPoints(values.quarterDiscount),
    yearDiscount: percentToBasisPoints(values.yearDiscount),
  };
  for (const [field, value] of Object.entries(discounts) as [PlanField, number][])
    if (!(value >= bounds.planDiscount.min && value <= bounds.planDiscount.max))
      errors[field] = "invalid-plan-discount";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      weeklyMinutes,
      baseMonthPrice,
      ...discounts,
      active: values.active,
      inviteOnly: values.inviteOnly,
    },
  };
}
