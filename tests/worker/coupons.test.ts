import { describe, expect, it } from "vitest";
import { PlanPeriod, Role } from "../../schema/enums";
import { createPlan, createStudent, createUser } from "./factories-lessons";
import { call } from "./helpers";

const future = () => new Date(Date.now() + 7 * 864e5).toISOString();

describe("coupons", () => {
  it("lets an admin create a coupon and a student check it by code (case-insensitive)", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const code = `SAVE${Date.now() % 100000}`;
    const created = await call("POST", "/api/v1/coupon", { token: admin.token, body: { code, discount: 2500, expiresAt: future() } });
    expect(created.status).toBe(201);
    const student = await createStudent();
    const found = await call("GET", `/api/v1/coupon/code/${code.toLowerCase()}`, { token: student.token });
    expect(found.body).toMatchObject({ code, discount: 2500 });
  });

  it("answers coupon-not-found for an unknown code", async () => {
    const student = await createStudent();
    const res = await call("GET", "/api/v1/coupon/code/NOPE123", { token: student.token });
    expect(res.body.code).toBe("coupon-not-found");
  });

  it("applies the coupon's discount to the transaction amount at checkout", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const code = `HALF${Date.now() % 100000}`;
    await call("POST", "/api/v1/coupon", { token: admin.token, body: { code, discount: 5000, expiresAt: future() } });
    const student = await createStudent();
    const planId = await createPlan({ baseMonthPrice: 50_000 });
    const res = await call("POST", "/api/v1/fawry/pay/ref-num", { token: student.token, body: { planId, period: PlanPeriod.Month, couponCode: code } });
    expect(res.status).toBe(201);
    expect(res.body.transaction).toMatchObject({ baseAmount: 50_000, amount: 25_000, couponDiscount: 5000 });
  });

  it("refuses a coupon that reached its maximum uses", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const code = `ONCE${Date.now() % 100000}`;
    const created = await call("POST", "/api/v1/coupon", { token: admin.token, body: { code, discount: 1000, expiresAt: future(), maxUses: 1 } });
    const { env } = await import("cloudflare:workers");
    await env.DB.prepare("UPDATE coupons SET uses = 1 WHERE id = ?").bind(created.body.id).run();
    const student = await createStudent();
    const res = await call("GET", `/api/v1/coupon/code/${code}`, { token: student.token });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("coupon-max-uses-reached");
  });
});
