import { describe, expect, it } from "vitest";
import { PlanPeriod, Role } from "../../schema/enums";
import { createPlan, createStudent, createUser } from "./factories-lessons";
import { DECLINED_CVV } from "../../emulators/fawry/app";
import { SANDBOX, addCard, notifyApp, signedNotification, transactionRow } from "./factories-payments";
import { call, callContract } from "./helpers";
import { couponContracts } from "../../schema/api/coupon";
import { paymentContracts } from "../../schema/api/payment";
import { transactionContracts } from "../../schema/api/transaction";

const future = () => new Date(Date.now() + 7 * 864e5).toISOString();

describe("coupons", () => {
  it("lets an admin create a coupon and a student check it by code (case-insensitive)", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const code = `SAVE${Date.now() % 100000}`;
    const created = await callContract(couponContracts.create, {
      token: admin.token,
      body: { code, discount: 2500, expiresAt: future() },
    });
    expect(created.status).toBe(201);
    const student = await createStudent();
    const found = await callContract(couponContracts.byCode, {
      params: { code: code.toLowerCase() },
      token: student.token,
    });
    expect(found.body).toMatchObject({ code, discount: 2500 });
  });

  it("answers coupon-not-found for an unknown code", async () => {
    const student = await createStudent();
    const res = await callContract(couponContracts.byCode, {
      params: { code: "NOPE123" },
      token: student.token,
    });
    expect(res.body.code).toBe("coupon-not-found");
  });

  it("applies the coupon's discount to the transaction amount at checkout", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const code = `HALF${Date.now() % 100000}`;
    await callContract(couponContracts.create, {
      token: admin.token,
      body: { code, discount: 5000, expiresAt: future() },
    });
    const student = await createStudent();
    const planId = await createPlan({ baseMonthPrice: 50_000 });
    const res = await callContract(paymentContracts.payReference, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month, couponCode: code },
    });
    expect(res.status).toBe(201);
    expect(res.body.transaction).toMatchObject({ baseAmount: 50_000, amount: 25_000, couponDiscount: 5000 });
  });

  it("refuses a coupon that reached its maximum uses", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const code = `ONCE${Date.now() % 100000}`;
    const created = await callContract(couponContracts.create, {
      token: admin.token,
      body: { code, discount: 1000, expiresAt: future(), maxUses: 1 },
    });
    const { env } = await import("cloudflare:workers");
    await env.DB.prepare("UPDATE coupons SET uses = 1 WHERE id = ?").bind(created.body.id).run();
    const student = await createStudent();
    const res = await callContract(couponContracts.byCode, { params: { code }, token: student.token });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("coupon-max-uses-reached");
  });

  it("reserves a use when the order is created (uses + 1 and a coupon_uses row)", async () => {
    const { coupon, admin } = await newCoupon({ maxUses: 5 });
    const student = await createStudent();
    const res = await checkout(student, coupon.code);
    expect(res.status).toBe(201);
    expect(await usesOf(admin, coupon.id)).toBe(1);
    expect(await reservations(coupon.id)).toEqual([res.body.transaction.id]);
  });

  it("keeps the use when the order is paid, without counting it twice", async () => {
    const { coupon, admin } = await newCoupon({ maxUses: 5 });
    const res = await checkout(await createStudent(), coupon.code);
    await call("POST", `${SANDBOX}/__emu/pay/${res.body.referenceNumber}`);
    expect(await usesOf(admin, coupon.id)).toBe(1);
    expect(await reservations(coupon.id)).toEqual([res.body.transaction.id]);
  });

  it("gives the use back when the order is cancelled, so another student can take it", async () => {
    const { coupon, admin } = await newCoupon({ maxUses: 1 });
    const first = await createStudent();
    const res = await checkout(first, coupon.code);
    const second = await createStudent();
    expect((await checkout(second, coupon.code)).body.code).toBe("coupon-max-uses-reached");
    await callContract(paymentContracts.cancelUnpaid, {
      token: first.token,
      body: { transactionId: res.body.transaction.id },
    });
    expect(await usesOf(admin, coupon.id)).toBe(0);
    expect(await reservations(coupon.id)).toEqual([]);
    expect((await checkout(second, coupon.code)).status).toBe(201);
  });

  it("gives the use back when Fawry refuses the charge (Failed)", async () => {
    const { coupon, admin } = await newCoupon({ maxUses: 1 });
    const student = await createStudent();
    const planId = await createPlan();
    // The student's own saved card, declined by the bank (an unknown card is refused before any charge).
    const { cards } = await addCard(student);
    const res = await callContract(paymentContracts.payCard, {
      token: student.token,
      body: {
        planId,
        period: PlanPeriod.Month,
        couponCode: coupon.code,
        cardToken: cards[0]!.token,
        cvv: DECLINED_CVV,
      },
    });
    // The bank's refusal is named as such (card-declined), not a gateway error.
    expect(res.body.code).toBe("card-declined");
    expect(await usesOf(admin, coupon.id)).toBe(0);
    expect(await reservations(coupon.id)).toEqual([]);
  });

  it("gives the use back once when EXPIRED arrives twice, and takes it again on a late PAID", async () => {
    const { coupon, admin } = await newCoupon({ maxUses: 3 });
    const res = await checkout(await createStudent(), coupon.code);
    const row = (await transactionRow(res.body.transaction.id))!;
    const tx = {
      merchantRefNum: row.merchant_ref_num,
      fawryRefNumber: row.fawry_ref_number,
      amount: row.amount,
      userId: row.user_id,
    };
    const expired = await signedNotification(tx, "EXPIRED");
    await notifyApp(expired);
    await notifyApp(expired);
    expect(await usesOf(admin, coupon.id)).toBe(0);
    await notifyApp(await signedNotification(tx, "PAID"));
    await notifyApp(await signedNotification(tx, "PAID"));
    expect(await usesOf(admin, coupon.id)).toBe(1);
    expect(await reservations(coupon.id)).toEqual([row.id]);
  });

  it("never exceeds the maximum uses when 12 students check out with it at once", async () => {
    const { coupon, admin } = await newCoupon({ maxUses: 3 });
    const students = await Promise.all(Array.from({ length: 12 }, () => createStudent()));
    const planId = await createPlan();
    const answers = await Promise.all(students.map((student) => checkout(student, coupon.code, planId)));
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 201).map((a) => a.body.code)).toEqual(
      Array.from({ length: 9 }, () => "coupon-max-uses-reached"),
    );
    expect(await usesOf(admin, coupon.id)).toBe(3);
    expect((await reservations(coupon.id)).sort()).toEqual(created.map((a) => a.body.transaction.id).sort());
  });

  it("refuses an expired coupon at checkout (coupon-expire-date-passed) and creates no order", async () => {
    const { coupon } = await newCoupon({});
    const { env } = await import("cloudflare:workers");
    await env.DB.prepare("UPDATE coupons SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), coupon.id)
      .run();
    const student = await createStudent();
    expect((await checkout(student, coupon.code)).body.code).toBe("coupon-expire-date-passed");
    expect((await callContract(transactionContracts.list, { token: student.token })).body.total).toBe(0);
  });
});

let sequence = 0;
async function newCoupon(options: { maxUses?: number }) {
  const admin = await createUser(Role.SuperAdmin);
  const code = `R${Date.now() % 1_000_000}X${++sequence}`;
  const res = await callContract(couponContracts.create, {
    token: admin.token,
    body: { code, discount: 2000, expiresAt: future(), ...options },
  });
  expect(res.status).toBe(201);
  return { admin, coupon: res.body as { id: number; code: string } };
}

async function checkout(student: { token: string }, couponCode: string, planId?: number) {
  return callContract(paymentContracts.payReference, {
    token: student.token,
    body: { planId: planId ?? (await createPlan()), period: PlanPeriod.Month, couponCode },
  });
}

async function usesOf(admin: { token: string }, id: number): Promise<number> {
  return (await callContract(couponContracts.get, { params: { id }, token: admin.token })).body.uses;
}

/** The transactions holding a use of the coupon (coupon_uses rows). */
async function reservations(couponId: number): Promise<number[]> {
  const { env } = await import("cloudflare:workers");
  const { results } = await env.DB.prepare(
    "SELECT transaction_id FROM coupon_uses WHERE coupon_id = ? ORDER BY transaction_id",
  )
    .bind(couponId)
    .all<{ transaction_id: number }>();
  return results.map((r) => r.transaction_id);
}
