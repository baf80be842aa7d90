import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PlanPeriod, Role } from "../../schema/enums";
import { periodPrice } from "../../worker/domain/payments/plans";
import { createPlan, createStudent, createUser } from "./factories-lessons";
import { callContract } from "./helpers";
import { planContracts } from "../../schema/api/plan";

const body = {
  weeklyMinutes: 60,
  baseMonthPrice: 90_000,
  monthDiscount: 0,
  quarterDiscount: 1000,
  yearDiscount: 2500,
};

describe("plan prices", () => {
  it("prices a period as floor(base × months × (1 − discount))", () => {
    const plan = { baseMonthPrice: 33_333, monthDiscount: 500, quarterDiscount: 1000, yearDiscount: 2500 };
    expect(periodPrice(plan, PlanPeriod.Month)).toBe(31_666); // 33,333 × 0.95 = 31,666.35
    expect(periodPrice(plan, PlanPeriod.Quarter)).toBe(89_999); // 99,999 × 0.90 = 89,999.1
    expect(periodPrice(plan, PlanPeriod.Year)).toBe(299_997); // 399,996 × 0.75
  });

  it("prices a fully discounted period at 0 and an undiscounted one at base × months", () => {
    const plan = { baseMonthPrice: 50_000, monthDiscount: 10_000, quarterDiscount: 0, yearDiscount: 0 };
    expect(periodPrice(plan, PlanPeriod.Month)).toBe(0);
    expect(periodPrice(plan, PlanPeriod.Quarter)).toBe(150_000);
    expect(periodPrice(plan, PlanPeriod.Year)).toBe(600_000);
  });
});

describe("POST /plan", () => {
  it("lets a SuperAdmin create a plan and answers its three prices", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const response = await callContract(planContracts.create, { token: admin.token, body });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      ...body,
      monthPrice: 90_000,
      quarterPrice: 243_000,
      yearPrice: 810_000,
      active: true,
      inviteOnly: false,
    });
    const row = await env.DB.prepare("SELECT weekly_minutes, created_by FROM plans WHERE id = ?")
      .bind(response.body.id)
      .first();
    expect(row).toEqual({ weekly_minutes: 60, created_by: admin.id });
  });

  it("refuses a RegularAdmin", async () => {
    const admin = await createUser(Role.RegularAdmin);
    expect((await callContract(planContracts.create, { token: admin.token, body })).status).toBe(403);
  });

  it("refuses weekly minutes outside 15..10080 with invalid-weekly-minutes", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const response = await callContract(planContracts.create, {
      token: admin.token,
      body: { ...body, weeklyMinutes: 10 },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: "invalid-weekly-minutes",
      fields: { weeklyMinutes: "invalid-weekly-minutes" },
    });
  });

  it("refuses a zero price and a discount above 100 %", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const price = await callContract(planContracts.create, {
      token: admin.token,
      body: { ...body, baseMonthPrice: 0 },
    });
    expect(price.body.code).toBe("invalid-plan-price");
    const discount = await callContract(planContracts.create, {
      token: admin.token,
      body: { ...body, yearDiscount: 10_001 },
    });
    expect(discount.body.code).toBe("invalid-plan-discount");
  });
});

describe("PATCH and DELETE /plan/{id}", () => {
  it("changes a plan's fields", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const id = await createPlan();
    const response = await callContract(planContracts.update, {
      params: { id },
      token: admin.token,
      body: { weeklyMinutes: 120, active: false },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, weeklyMinutes: 120, active: false });
    expect(
      await env.DB.prepare("SELECT weekly_minutes, active FROM plans WHERE id = ?").bind(id).first(),
    ).toEqual({ weekly_minutes: 120, active: 0 });
  });

  it("soft-deletes a plan so it is gone from the API but kept in storage", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const id = await createPlan();
    expect((await callContract(planContracts.remove, { params: { id }, token: admin.token })).status).toBe(
      204,
    );
    expect((await callContract(planContracts.get, { params: { id } })).body.code).toBe("plan-not-found");
    const row = await env.DB.prepare("SELECT deleted_at FROM plans WHERE id = ?")
      .bind(id)
      .first<{ deleted_at: string }>();
    expect(row?.deleted_at).toBeTruthy();
    expect((await callContract(planContracts.remove, { params: { id }, token: admin.token })).body.code).toBe(
      "plan-not-found",
    );
  });
});

describe("GET /plan/list and /plan/{id}", () => {
  it("shows active open plans to anyone and hides inactive ones", async () => {
    const open = await createPlan({ weeklyMinutes: 45 });
    const inactive = await createPlan({ weeklyMinutes: 46, active: false });
    const response = await callContract(planContracts.list, { query: { size: "100" } });
    expect(response.status).toBe(200);
    const ids = response.body.list.map((plan: { id: number }) => plan.id);
    expect(ids).toContain(open);
    expect(ids).not.toContain(inactive);
    expect((await callContract(planContracts.get, { params: { id: inactive } })).status).toBe(404);
    expect((await callContract(planContracts.get, { params: { id: open } })).body).toMatchObject({
      id: open,
      weeklyMinutes: 45,
    });
  });

  it("shows an invite-only plan only to a user holding a live invite", async () => {
    const plan = await createPlan({ inviteOnly: true });
    const invited = await createStudent();
    const expired = await createStudent();
    const other = await createStudent();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 1000).toISOString();
    const at = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO invites (user_id, plan_id, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
      ).bind(invited.id, plan, future, at, at),
      env.DB.prepare(
        "INSERT INTO invites (user_id, plan_id, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
      ).bind(expired.id, plan, past, at, at),
    ]);
    const sees = async (token?: string) =>
      (await callContract(planContracts.list, { query: { size: "100" }, token })).body.list.some(
        (p: { id: number }) => p.id === plan,
      );
    expect(await sees(invited.token)).toBe(true);
    expect(await sees(expired.token)).toBe(false);
    expect(await sees(other.token)).toBe(false);
    expect(await sees()).toBe(false);
    expect(
      (await callContract(planContracts.get, { params: { id: plan }, token: invited.token })).status,
    ).toBe(200);
    expect((await callContract(planContracts.get, { params: { id: plan }, token: other.token })).status).toBe(
      404,
    );
  });

  it("shows admins every plan, hidden ones included", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const hidden = await createPlan({ active: false });
    const list = await callContract(planContracts.list, { query: { size: "100" }, token: admin.token });
    expect(list.body.list.map((p: { id: number }) => p.id)).toContain(hidden);
  });
});
