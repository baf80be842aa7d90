// Money is never kept without a service: one open order at a time, a payment that cannot be
// applied is refunded in full and raised, free orders make no Fawry call, and notifications that
// do not add up are refused and recorded — under races and duplicate notifications.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PaymentMethod, PlanPeriod, RefundStatus, Role, TransactionStatus } from "../../schema/enums";
import { signatures } from "../../worker/integrations/fawry";
import { LOCAL_FAWRY } from "../../worker/integrations/emulated";
import { createPlan, createStudent, createUser, subscribe, type Session } from "./factories-lessons";
import {
  SANDBOX,
  notifyApp,
  sandboxOrder,
  signedNotification,
  subscriptionsOf,
  transactionRow,
} from "./factories-payments";
import { call, callContract } from "./helpers";
import { paymentContracts } from "../../schema/api/payment";
import { couponContracts } from "../../schema/api/coupon";
import { inviteContracts } from "../../schema/api/invite";

const future = () => new Date(Date.now() + 7 * 864e5).toISOString();

async function referenceOrder(student: Session, planId?: number) {
  const plan = planId ?? (await createPlan());
  const res = await callContract(paymentContracts.payReference, {
    token: student.token,
    body: { planId: plan, period: PlanPeriod.Month },
  });
  expect(res.status).toBe(201);
  return {
    planId: plan,
    referenceNumber: res.body.referenceNumber as string,
    row: (await transactionRow(res.body.transaction.id))!,
  };
}

const asTx = (row: {
  merchant_ref_num: string;
  fawry_ref_number: string | null;
  amount: number;
  user_id: number;
}) => ({
  merchantRefNum: row.merchant_ref_num,
  fawryRefNumber: row.fawry_ref_number,
  amount: row.amount,
  userId: row.user_id,
});

/** Fawry took the money (an outlet paid it) without telling us yet. */
const paidAtFawry = (merchantRefNum: string) =>
  env.DB.prepare(
    "UPDATE fawry_sandbox_orders SET status = 'PAID', payment_time = ? WHERE merchant_ref_num = ?",
  )
    .bind(Date.now(), merchantRefNum)
    .run();

const refundsOf = async (transactionId: number) =>
  (
    await env.DB.prepare("SELECT amount, status, reason FROM refunds WHERE transaction_id = ?")
      .bind(transactionId)
      .all<{ amount: number; status: number; reason: string }>()
  ).results;
const alarmsOf = async (transactionId: number) =>
  (
    await env.DB.prepare("SELECT kind FROM payment_alarms WHERE transaction_id = ?")
      .bind(transactionId)
      .all<{ kind: string }>()
  ).results.map((a) => a.kind);

describe("one open order at a time", () => {
  it("cancels the student's other unpaid order at Fawry when a new checkout starts", async () => {
    const student = await createStudent();
    const first = await referenceOrder(student);
    const second = await referenceOrder(student);
    expect((await transactionRow(first.row.id))!.status).toBe(TransactionStatus.Canceled);
    expect((await sandboxOrder(first.row.merchant_ref_num))!.status).toBe("CANCELED");
    expect((await transactionRow(second.row.id))!.status).toBe(TransactionStatus.New);
    // The outlet can no longer take money for the first one.
    expect((await call("POST", `${SANDBOX}/__emu/pay/${first.referenceNumber}`)).status).toBe(409);
  });

  it("refuses a new checkout with order-being-paid while Fawry will not cancel the open one", async () => {
    const student = await createStudent();
    const first = await referenceOrder(student);
    await call("POST", `${SANDBOX}/__emu/fail/cancel`, { body: { times: 1 } });
    const res = await callContract(paymentContracts.payReference, {
      token: student.token,
      body: { planId: first.planId, period: PlanPeriod.Month },
    });
    expect([res.status, res.body.code]).toEqual([409, "order-being-paid"]);
    expect((await transactionRow(first.row.id))!.status).toBe(TransactionStatus.New);
  });

  it("applies an open order Fawry already took the money for, then refuses the new checkout with subscription-exists", async () => {
    const student = await createStudent();
    const first = await referenceOrder(student);
    await paidAtFawry(first.row.merchant_ref_num);
    const res = await callContract(paymentContracts.payReference, {
      token: student.token,
      body: { planId: first.planId, period: PlanPeriod.Month },
    });
    expect([res.status, res.body.code]).toEqual([409, "subscription-exists"]);
    expect((await transactionRow(first.row.id))!.status).toBe(TransactionStatus.Paid);
    expect(await subscriptionsOf(student.id)).toHaveLength(1);
  });
});

describe("a payment that cannot be applied is refunded in full and raised", () => {
  it("two orders paid at once with 50 duplicate notifications each: one subscription, the other order refunded once", async () => {
    const student = await createStudent();
    const a = await referenceOrder(student);
    const b = await referenceOrder(student, a.planId); // cancels order a here and at Fawry…
    // …but both outlets took the money before the cancellation reached Fawry.
    await paidAtFawry(a.row.merchant_ref_num);
    await paidAtFawry(b.row.merchant_ref_num);
    const aPaid = await signedNotification(asTx((await transactionRow(a.row.id))!), "PAID");
    const bPaid = await signedNotification(asTx((await transactionRow(b.row.id))!), "PAID");
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => notifyApp(i % 2 ? aPaid : bPaid)),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);

    // The first payment applied is the plan (either: order a's cancellation here never reached
    // Fawry); the other is refunded once.
    const subs = await subscriptionsOf(student.id);
    expect(subs).toHaveLength(1);
    const [won, lost] = subs[0]!.transaction_id === a.row.id ? [a.row, b.row] : [b.row, a.row];
    expect(subs[0]!.transaction_id).toBe(won.id);
    expect((await transactionRow(won.id))!.status).toBe(TransactionStatus.Paid);
    expect((await transactionRow(lost.id))!.status).toBe(TransactionStatus.Refunded);
    expect(await refundsOf(lost.id)).toEqual([
      { amount: lost.amount, status: RefundStatus.Done, reason: "unapplied" },
    ]);
    expect(((await sandboxOrder(lost.merchant_ref_num)) as unknown as { refunded: number }).refunded).toBe(
      lost.amount / 100,
    );
    expect(await alarmsOf(lost.id)).toEqual(["unapplied-payment"]);
    expect(await refundsOf(won.id)).toEqual([]);
  });

  it("refunds a PAID order of a student who already has a plan (50 duplicates, one refund)", async () => {
    const student = await createStudent();
    const order = await referenceOrder(student);
    await subscribe(student.id); // a plan started meanwhile (an invite, support)
    await paidAtFawry(order.row.merchant_ref_num);
    const paid = await signedNotification(asTx(order.row), "PAID");
    await Promise.all(Array.from({ length: 50 }, () => notifyApp(paid)));
    expect((await transactionRow(order.row.id))!.status).toBe(TransactionStatus.Refunded);
    expect(await refundsOf(order.row.id)).toHaveLength(1);
    expect(await alarmsOf(order.row.id)).toEqual(["unapplied-payment"]);
    expect(await subscriptionsOf(student.id)).toHaveLength(1);
  });

  it("refunds a PAID order whose plan was deleted", async () => {
    const student = await createStudent();
    const order = await referenceOrder(student);
    await env.DB.prepare("UPDATE plans SET deleted_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), order.planId)
      .run();
    await call("POST", `${SANDBOX}/__emu/pay/${order.referenceNumber}`);
    expect((await transactionRow(order.row.id))!.status).toBe(TransactionStatus.Refunded);
    expect(await subscriptionsOf(student.id)).toHaveLength(0);
    expect(await alarmsOf(order.row.id)).toEqual(["unapplied-payment"]);
  });
});

describe("two checkouts at once: the first payment applied wins, every other is refunded", () => {
  /** Both orders paid at Fawry, then their PAID notifications delivered at once in `order` (each twice). */
  async function payBoth(rows: Array<{ id: number }>, order: number[]) {
    const paid: unknown[] = [];
    for (const row of rows) {
      const current = (await transactionRow(row.id))!;
      await paidAtFawry(current.merchant_ref_num);
      // Fawry's own reference number: ours may be missing when a racing checkout closed the order first.
      const atFawry = (await sandboxOrder(current.merchant_ref_num))!;
      paid.push(
        await signedNotification({ ...asTx(current), fawryRefNumber: atFawry.reference_number }, "PAID"),
      );
    }
    const answers = await Promise.all([...order, ...order].map((i) => notifyApp(paid[i])));
    expect(answers.every((r) => r.status === 200)).toBe(true);
  }

  async function expectOnePlanOtherRefunded(studentId: number, rows: Array<{ id: number; amount: number }>) {
    const live = (await subscriptionsOf(studentId)).filter((s) => s.status === "active");
    expect(live).toHaveLength(1);
    const winner = live[0]!.transaction_id;
    expect(rows.map((r) => r.id)).toContain(winner);
    for (const row of rows) {
      if (row.id === winner) {
        expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.Paid);
        expect(await refundsOf(row.id)).toEqual([]);
      } else {
        expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.Refunded);
        expect(await refundsOf(row.id)).toEqual([
          { amount: row.amount, status: RefundStatus.Done, reason: "unapplied" },
        ]);
        expect(await alarmsOf(row.id)).toEqual(["unapplied-payment"]);
      }
    }
  }

  it("the state a race between two checkouts can leave (both cancelled here, neither at Fawry), both paid and notified at once in either order (4 rounds each)", async () => {
    for (let round = 0; round < 8; round++) {
      const student = await createStudent();
      const a = await referenceOrder(student);
      // Each checkout closed the other here before Fawry had issued its reference number, so
      // neither was cancelled at Fawry and neither answer was recorded.
      const leftOpenAtFawry = (id: number) =>
        env.DB.prepare("UPDATE transactions SET status = ?, fawry_ref_number = NULL WHERE id = ?")
          .bind(TransactionStatus.Canceled, id)
          .run();
      await leftOpenAtFawry(a.row.id);
      const b = await referenceOrder(student, a.planId);
      await leftOpenAtFawry(b.row.id);
      expect((await sandboxOrder(a.row.merchant_ref_num))!.status).toBe("UNPAID");
      await payBoth([a.row, b.row], round % 2 ? [1, 0] : [0, 1]);
      await expectOnePlanOtherRefunded(student.id, [a.row, b.row]);
    }
  });

  it("started at the same moment, both paid and notified at once in either order (4 rounds each)", async () => {
    for (let round = 0; round < 8; round++) {
      const student = await createStudent();
      const planId = await createPlan();
      const started = await Promise.all(
        [0, 1].map(() =>
          callContract(paymentContracts.payReference, {
            token: student.token,
            body: { planId, period: PlanPeriod.Month },
          }),
        ),
      );
      const rows = [];
      for (const res of started)
        if (res.status === 201) rows.push((await transactionRow(res.body.transaction.id))!);
      expect(rows.length).toBeGreaterThan(0);
      await payBoth(rows, round % 2 ? rows.map((_, i) => i).reverse() : rows.map((_, i) => i));
      await expectOnePlanOtherRefunded(student.id, rows);
    }
  });

  it("one after the other (the second cancelled the first here), both paid at the outlet and notified at once in either order (4 rounds each)", async () => {
    for (let round = 0; round < 8; round++) {
      const student = await createStudent();
      const a = await referenceOrder(student);
      const b = await referenceOrder(student, a.planId);
      expect((await transactionRow(a.row.id))!.status).toBe(TransactionStatus.Canceled);
      await payBoth([a.row, b.row], round % 2 ? [1, 0] : [0, 1]);
      await expectOnePlanOtherRefunded(student.id, [a.row, b.row]);
    }
  });

  it("a cancelled order paid late is applied when the student has no plan (no refund, no alarm)", async () => {
    const student = await createStudent();
    const a = await referenceOrder(student);
    const b = await referenceOrder(student, a.planId);
    await payBoth([a.row], [0]);
    await expectOnePlanOtherRefunded(student.id, [a.row]);
    expect((await transactionRow(b.row.id))!.status).toBe(TransactionStatus.New);
  });
});

describe("a payment that bought nothing gives its coupon use back", () => {
  it("releases the coupon use of an order refunded because the student already had a plan", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const code = `HALF${crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000}`;
    const coupon = await callContract(couponContracts.create, {
      token: admin.token,
      body: { code, discount: 5000, expiresAt: future(), maxUses: 1 },
    });
    const student = await createStudent();
    const planId = await createPlan();
    const res = await callContract(paymentContracts.payReference, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month, couponCode: code },
    });
    const row = (await transactionRow(res.body.transaction.id))!;
    await subscribe(student.id);
    await paidAtFawry(row.merchant_ref_num);
    const paid = await signedNotification(asTx(row), "PAID");
    await Promise.all(Array.from({ length: 10 }, () => notifyApp(paid)));
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.Refunded);
    expect(
      await env.DB.prepare("SELECT uses FROM coupons WHERE id = ?").bind(coupon.body.id).first("uses"),
    ).toBe(0);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM coupon_uses WHERE transaction_id = ?")
        .bind(row.id)
        .first("n"),
    ).toBe(0);
  });
});

describe("free orders (a total of 0)", () => {
  async function fullCoupon(maxUses?: number) {
    const admin = await createUser(Role.SuperAdmin);
    const code = `FREE${crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000}`;
    const created = await callContract(couponContracts.create, {
      token: admin.token,
      body: { code, discount: 10_000, expiresAt: future(), ...(maxUses ? { maxUses } : {}) },
    });
    expect(created.status).toBe(201);
    return { code, id: created.body.id as number };
  }

  it("starts the plan at once with a 100 % coupon: a zero Paid transaction, no Fawry order, the coupon use counted", async () => {
    const { code, id } = await fullCoupon();
    const student = await createStudent();
    const planId = await createPlan();
    const res = await callContract(paymentContracts.payFree, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month, couponCode: code },
    });
    expect(res.status).toBe(201);
    expect(res.body.transaction).toMatchObject({
      amount: 0,
      baseAmount: 50_000,
      status: TransactionStatus.Paid,
      method: PaymentMethod.Free,
      couponId: id,
    });
    expect(res.body.subscription).toMatchObject({
      planId,
      status: "active",
      transactionId: res.body.transaction.id,
      amount: 0,
    });
    expect(await sandboxOrder(res.body.transaction.merchantRefNum)).toBeNull();
    expect(await env.DB.prepare("SELECT uses FROM coupons WHERE id = ?").bind(id).first("uses")).toBe(1);
  });

  it("answers order-is-free to a paid checkout of 0, and order-not-free to a free checkout with a price", async () => {
    const { code } = await fullCoupon();
    const student = await createStudent();
    const planId = await createPlan();
    const paid = await callContract(paymentContracts.payReference, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month, couponCode: code },
    });
    expect([paid.status, paid.body.code]).toEqual([422, "order-is-free"]);
    const free = await callContract(paymentContracts.payFree, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month },
    });
    expect([free.status, free.body.code]).toEqual([422, "order-not-free"]);
    expect(await subscriptionsOf(student.id)).toHaveLength(0);
  });

  it("counts coupon uses exactly when 8 students use a 3-use coupon at once", async () => {
    const { code, id } = await fullCoupon(3);
    const planId = await createPlan();
    const students = await Promise.all(Array.from({ length: 8 }, () => createStudent()));
    const answers = await Promise.all(
      students.map((s) =>
        callContract(paymentContracts.payFree, {
          token: s.token,
          body: { planId, period: PlanPeriod.Month, couponCode: code },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(
      answers.filter((a) => a.status !== 201).every((a) => a.body.code === "coupon-max-uses-reached"),
    ).toBe(true);
    expect(await env.DB.prepare("SELECT uses FROM coupons WHERE id = ?").bind(id).first("uses")).toBe(3);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM coupon_uses WHERE coupon_id = ?").bind(id).first("n"),
    ).toBe(3);
  });

  it("starts an invited plan whose period is fully discounted at once, and marks the invite used", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const student = await createStudent();
    const planId = await createPlan({ inviteOnly: true });
    await env.DB.prepare("UPDATE plans SET year_discount = 10000 WHERE id = ?").bind(planId).run();
    const invite = await callContract(inviteContracts.create, {
      token: admin.token,
      body: { userId: student.id, planId, expiresAt: future() },
    });
    expect(invite.status).toBe(201);
    const res = await callContract(paymentContracts.payFree, {
      token: student.token,
      body: { planId, period: PlanPeriod.Year },
    });
    expect(res.status).toBe(201);
    expect(res.body.transaction).toMatchObject({
      amount: 0,
      status: TransactionStatus.Paid,
      inviteId: invite.body.id,
    });
    expect(
      await env.DB.prepare("SELECT used_at FROM invites WHERE id = ?").bind(invite.body.id).first("used_at"),
    ).toEqual(expect.any(String));
  });

  it("gives the coupon use back when the free plan cannot start (subscription-exists)", async () => {
    const { code, id } = await fullCoupon(1);
    const student = await createStudent();
    await subscribe(student.id);
    const planId = await createPlan();
    const res = await callContract(paymentContracts.payFree, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month, couponCode: code },
    });
    expect([res.status, res.body.code]).toEqual([409, "subscription-exists"]);
    expect(await env.DB.prepare("SELECT uses FROM coupons WHERE id = ?").bind(id).first("uses")).toBe(0);
  });
});

describe("notifications that do not add up are refused and recorded", () => {
  it("records a wrong amount and another customer's id, once each however often they come", async () => {
    const student = await createStudent();
    const order = await referenceOrder(student);
    const short = await signedNotification({ ...asTx(order.row), amount: order.row.amount - 100 }, "PAID");
    await notifyApp(short);
    await notifyApp(short);
    const other = await signedNotification({ ...asTx(order.row), userId: order.row.user_id + 1 }, "PAID");
    await notifyApp(other);
    expect((await transactionRow(order.row.id))!.status).toBe(TransactionStatus.New);
    expect((await alarmsOf(order.row.id)).sort()).toEqual(["other-customer", "wrong-amount"]);
  });

  it("records a signed notification for an unknown order (404) and a bad signature naming our order (403)", async () => {
    const student = await createStudent();
    const order = await referenceOrder(student);
    const unknownRef = `1${Date.now()}9`;
    const unknown = await signedNotification({ ...asTx(order.row), merchantRefNum: unknownRef }, "PAID");
    expect((await notifyApp(unknown)).status).toBe(404);
    const forged = await signedNotification(asTx(order.row), "PAID", "not-the-key");
    expect((await notifyApp(forged)).status).toBe(403);
    expect(await alarmsOf(order.row.id)).toEqual(["bad-signature"]);
    const admin = await createUser(Role.RegularAdmin);
    const listed = await callContract(paymentContracts.alarms, {
      query: { size: "100" },
      token: admin.token,
    });
    expect(listed.body.list).toContainEqual(
      expect.objectContaining({ kind: "unknown-order", merchantRefNum: unknownRef, transactionId: null }),
    );
    expect(listed.body.list).toContainEqual(
      expect.objectContaining({ kind: "bad-signature", transactionId: order.row.id }),
    );
  });

  it("never records an unsigned notification for an order that is not ours", async () => {
    const base = {
      fawryRefNumber: "1",
      merchantRefNumber: "999",
      paymentAmount: 1,
      orderAmount: 1,
      orderStatus: "PAID",
      paymentMethod: "PayAtFawry",
    };
    const forged = { ...base, messageSignature: await signatures.notification({ secureKey: "wrong" }, base) };
    expect((await notifyApp(forged)).status).toBe(403);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_alarms WHERE merchant_ref_num = '999'").first(
        "n",
      ),
    ).toBe(0);
    expect(LOCAL_FAWRY.secureKey).not.toBe("wrong");
  });
});

describe("stale orders", () => {
  it("lists to admins an unpaid order an hour past its expiry that the reconciliation could not settle", async () => {
    const student = await createStudent();
    const order = await referenceOrder(student);
    await env.DB.prepare("UPDATE transactions SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 2 * 3600_000).toISOString(), order.row.id)
      .run();
    const admin = await createUser(Role.RegularAdmin);
    const stale = await callContract(paymentContracts.staleOrders, { token: admin.token });
    expect(stale.status).toBe(200);
    expect(stale.body).toContainEqual(
      expect.objectContaining({ id: order.row.id, status: TransactionStatus.New }),
    );
    expect((await callContract(paymentContracts.staleOrders, { token: student.token })).status).toBe(403);
  });
});

describe("a checkout that fails its own checks", () => {
  it("leaves the student's open order alone (an unknown coupon cancels nothing)", async () => {
    const student = await createStudent();
    const first = await referenceOrder(student);
    const res = await callContract(paymentContracts.payReference, {
      token: student.token,
      body: { planId: first.planId, period: PlanPeriod.Month, couponCode: "NOSUCHCODE" },
    });
    expect(res.body.code).toBe("coupon-not-found");
    expect((await transactionRow(first.row.id))!.status).toBe(TransactionStatus.New);
    expect((await sandboxOrder(first.row.merchant_ref_num))!.status).toBe("UNPAID");
  });

  it("drops the new order when the open one cannot be cancelled (order-being-paid), so there is still one open order", async () => {
    const student = await createStudent();
    const first = await referenceOrder(student);
    await call("POST", `${SANDBOX}/__emu/fail/cancel`, { body: { times: 1 } });
    await callContract(paymentContracts.payReference, {
      token: student.token,
      body: { planId: first.planId, period: PlanPeriod.Month },
    });
    const open = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM transactions WHERE user_id = ? AND status = 0",
    )
      .bind(student.id)
      .first("n");
    expect(open).toBe(1);
  });
});
