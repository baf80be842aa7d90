import { describe, expect, it } from "vitest";
import type { PlanView } from "@schema/api/plan";
import { Role } from "@schema/enums";
import {
  basisPointsToPercent,
  cairoDateInput,
  endOfCairoDay,
  percentToBasisPoints,
  piastersToPounds,
  poundsToPiasters,
  staffRoles,
  userListQuery,
} from "../../web/src/features/admin-area/admin-logic";
import { emptyPlanForm, planBodyOf, planFormOf } from "../../web/src/pages/admin-plans/plan-form";

describe("admin money and percentage fields", () => {
  it("turns typed pounds into piasters and back", () => {
    expect(poundsToPiasters("500")).toBe(50_000);
    expect(poundsToPiasters(" 12.5 ")).toBe(1_250);
    expect(poundsToPiasters("12.345")).toBeNaN();
    expect(poundsToPiasters("-3")).toBeNaN();
    expect(piastersToPounds(50_000)).toBe("500");
    expect(piastersToPounds(1_250)).toBe("12.50");
  });

  it("turns typed percentages into basis points and back, an empty one being 0", () => {
    expect(percentToBasisPoints("10")).toBe(1_000);
    expect(percentToBasisPoints("12.5")).toBe(1_250);
    expect(percentToBasisPoints("")).toBe(0);
    expect(percentToBasisPoints("ten")).toBeNaN();
    expect(basisPointsToPercent(2_500)).toBe("25");
  });
});

describe("the user list query", () => {
  it("leaves empty filters out", () => {
    expect(userListQuery({ search: "  ", role: null, verified: null, page: 1 }, 10)).toEqual({
      page: 1,
      size: 10,
    });
  });

  it("sends the table's order only when it is not the default newest first", () => {
    expect(userListQuery({ search: "", role: null, verified: null, page: 1, sort: "-created" }, 10)).toEqual({
      page: 1,
      size: 10,
    });
    expect(userListQuery({ search: "", role: null, verified: null, page: 2, sort: "name" }, 10)).toEqual({
      page: 2,
      size: 10,
      sort: "name",
    });
  });

  it("sends the trimmed search, the role and the verification as text", () => {
    expect(userListQuery({ search: " sara ", role: Role.Tutor, verified: false, page: 3 }, 10)).toEqual({
      page: 3,
      size: 10,
      search: "sara",
      role: Role.Tutor,
      verified: "false",
    });
  });

  it("offers staff roles only for new accounts", () => {
    expect(staffRoles).not.toContain(Role.Student);
    expect(staffRoles).not.toContain(Role.Tutor);
  });
});

describe("expiry dates", () => {
  it("ends a picked day at 23:59:59 in Cairo, summer (UTC+3) or winter (UTC+2)", () => {
    expect(endOfCairoDay("2026-07-01")).toBe("2026-07-01T20:59:59.000Z");
    expect(endOfCairoDay("2026-11-25")).toBe("2026-11-25T21:59:59.000Z");
    expect(cairoDateInput("2026-07-01T20:59:59.000Z")).toBe("2026-07-01");
    expect(cairoDateInput("2026-11-25T21:59:59.000Z")).toBe("2026-11-25");
    expect(cairoDateInput("2026-01-01T20:59:59.000Z")).toBe("2026-01-01");
  });
});

describe("the plan form", () => {
  const plan: PlanView = {
    id: 1,
    weeklyMinutes: 60,
    baseMonthPrice: 90_000,
    monthDiscount: 0,
    quarterDiscount: 1_000,
    yearDiscount: 2_500,
    monthPrice: 90_000,
    quarterPrice: 243_000,
    yearPrice: 810_000,
    active: true,
    inviteOnly: false,
    createdAt: "2026-01-01T00:00:00.000Z",
  };

  it("round-trips a plan through the form into the API body", () => {
    expect(planBodyOf(planFormOf(plan))).toEqual({
      ok: true,
      body: {
        weeklyMinutes: 60,
        baseMonthPrice: 90_000,
        monthDiscount: 0,
        quarterDiscount: 1_000,
        yearDiscount: 2_500,
        active: true,
        inviteOnly: false,
      },
    });
  });

  it("names each bad field with the server's code", () => {
    expect(
      planBodyOf({ ...emptyPlanForm, weeklyMinutes: "5", baseMonthPrice: "", yearDiscount: "120" }),
    ).toEqual({
      ok: false,
      errors: {
        weeklyMinutes: "invalid-weekly-minutes",
        baseMonthPrice: "invalid-plan-price",
        yearDiscount: "invalid-plan-discount",
      },
    });
  });
});
