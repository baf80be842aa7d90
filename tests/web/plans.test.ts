import { describe, expect, it } from "vitest";
import type { PlanView } from "@schema/api/plan";
import { periodPrice } from "@schema/pricing";
import { periodOffers } from "../../web/src/features/plans/use-plans";

/** A plan as GET /plan/list answers it; the server's prices come from the same schema/pricing.ts. */
const row: PlanView = {
  id: 1,
  weeklyMinutes: 60,
  baseMonthPrice: 33_333,
  monthDiscount: 500,
  quarterDiscount: 1000,
  yearDiscount: 2500,
  active: true,
  inviteOnly: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  // What the server computed (tests/worker/plans.test.ts checks the same numbers).
  monthPrice: 31_666,
  quarterPrice: 89_999,
  yearPrice: 299_997,
};

describe("plan prices on the plans page", () => {
  it("are the prices the server computes, with the same shared function", () => {
    const view = row;
    const offers = periodOffers(view);
    expect(offers.map((offer) => offer.price)).toEqual([view.monthPrice, view.quarterPrice, view.yearPrice]);
    expect(offers.map((offer) => offer.price)).toEqual([31_666, 89_999, 299_997]);
    expect(offers.map((offer) => offer.price)).toEqual(
      [0, 1, 2].map((period) => periodPrice(row, period as 0 | 1 | 2)),
    );
  });

  it("shows the discount as a fraction and the full price before it", () => {
    const offers = periodOffers(row);
    expect(offers.map((offer) => offer.discount)).toEqual([0.05, 0.1, 0.25]);
    expect(offers.map((offer) => offer.fullPrice)).toEqual([33_333, 99_999, 399_996]);
    expect(offers[2]?.monthly).toBe(Math.floor(299_997 / 12));
  });
});
