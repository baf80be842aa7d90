// Every payment method end to end through the local Fawry sandbox (docs/services.md §1.15): the hosted add-card
// page, card and installments through the 3-D Secure page, e-wallet (QR and request-to-pay),
// cancelling an unpaid order, out-of-order notifications and refunds.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PaymentMethod, PlanPeriod, Role, TransactionStatus } from "../../schema/enums";
import { DECLINED_CVV } from "../../emulators/fawry/app";
import { createPlan, createStudent, createTutor, createUser, type Session } from "./factories-lessons";
import {
  SANDBOX,
  addCard,
  notifyApp,
  pathOf,
  sandboxOrder,
  signedNotification,
  submitForm,
  subscriptionsOf,
  transactionRow,
} from "./factories-payments";
import { call, callContract } from "./helpers";
import { paymentContracts } from "../../schema/api/payment";
import { subscriptionContracts } from "../../schema/api/subscription";
import { transactionContracts } from "../../schema/api/transaction";

/** A student with a card saved through the hosted page, and a plan to buy. */
async function studentWithCard(plan: Parameters<typeof createPlan>[0] = {}) {
  const student = await createStudent();
  const planId = await createPlan(plan);
  const { cards } = await addCard(student);
  return { student, planId, cardToken: cards[0]!.token };
}

async function payByCard(student: Session, planId: number, cardToken: string, cvv = "123") {
  return callContract(paymentContracts.payCard, {
    token: student.token,
    body: { planId, period: PlanPeriod.Month, cardToken, cvv },
  });
}

/** Presses Pay or Fail on the sandbox's 3-D Secure page of a charge. */
async function threeDSecure(redirectUrl: string, button: "pay" | "fail") {
  return submitForm(`${new URL(redirectUrl).pathname}/${button}`, {});
}

const ref = (tx: {
  merchant_ref_num: string;
  fawry_ref_number: string | null;
  amount: number;
  user_id: number;
}) => ({
  merchantRefNum: tx.merchant_ref_num,
  fawryRefNumber: tx.fawry_ref_number,
  amount: tx.amount,
  userId: tx.user_id,
});

async function referenceOrder(student?: Session) {
  const buyer = student ?? (await createStudent());
  const planId = await createPlan();
  const res = await callContract(paymentContracts.payReference, {
    token: buyer.token,
    body: { planId, period: PlanPeriod.Month },
  });
  expect(res.status).toBe(201);
  const row = (await transactionRow(res.body.transaction.id))!;
  return { student: buyer, planId, res, row, tx: ref(row) };
}

describe("saved cards (the sandbox's hosted add-card page)", () => {
  it("saves a card on the hosted page, returns to /card-added with statusCode 200, and lists it from Fawry", async () => {
    const student = await createStudent();
    const { redirect, location, cards } = await addCard(student);
    expect(redirect.status).toBe(302);
    const back = new URL(location!);
    expect(back.pathname).toBe("/card-added");
    expect(back.searchParams.get("statusCode")).toBe("200");
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ maskedPan: "512345******2346", brand: "MasterCard", isDefault: true });
  });

  it("lists only the student's own cards", async () => {
    const { student } = await studentWithCard();
    const other = await createStudent();
    expect((await callContract(paymentContracts.cards, { token: other.token })).body).toEqual([]);
    expect((await callContract(paymentContracts.cards, { token: student.token })).body).toHaveLength(1);
  });

  it("deletes a saved card at Fawry", async () => {
    const { student, cardToken } = await studentWithCard();
    const deleted = await callContract(paymentContracts.deleteCard, {
      query: { token: cardToken },
      token: student.token,
    });
    expect(deleted.status).toBe(204);
    expect((await callContract(paymentContracts.cards, { token: student.token })).body).toEqual([]);
  });

  it("answers 404 for another student's card and the card stays", async () => {
    const { student, cardToken } = await studentWithCard();
    const other = await createStudent();
    const res = await callContract(paymentContracts.deleteCard, {
      query: { token: cardToken },
      token: other.token,
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not-found");
    expect((await callContract(paymentContracts.cards, { token: student.token })).body).toHaveLength(1);
  });
});

describe("card payments through 3-D Secure", () => {
  it("buys a plan by card: pay/card → 3-D Secure page → Pay → signed notification → Paid → subscription", async () => {
    const { student, planId, cardToken } = await studentWithCard({ weeklyMinutes: 90 });
    const charge = await payByCard(student, planId, cardToken);
    expect(charge.status).toBe(201);
    expect(charge.body.transaction).toMatchObject({
      status: TransactionStatus.New,
      method: PaymentMethod.Card,
      planId,
    });
    const page = await call("GET", pathOf(charge.body.redirectUrl));
    expect(page.status).toBe(200);
    expect(page.body).toContain("ادفع");
    expect(page.body).toContain("افشل العملية");
    // Opening the 3-D Secure page changes nothing.
    expect((await transactionRow(charge.body.transaction.id))!.status).toBe(TransactionStatus.New);

    const paid = await threeDSecure(charge.body.redirectUrl, "pay");
    expect(paid.status).toBe(302);
    const back = new URL(paid.headers.get("location")!);
    expect(back.pathname).toBe(`/checkout/${planId}/${PlanPeriod.Month}`);
    expect(back.searchParams.get("tx")).toBe(String(charge.body.transaction.id));
    expect(back.searchParams.get("statusCode")).toBe("200");

    const row = (await transactionRow(charge.body.transaction.id))!;
    expect(row.status).toBe(TransactionStatus.Paid);
    const subs = await subscriptionsOf(student.id);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ status: "active", transaction_id: row.id });
    const current = await callContract(subscriptionContracts.current, { token: student.token });
    expect(current.body.info).toMatchObject({ weeklyMinutes: 90, transactionId: row.id });
    expect(current.body.remainingWeeklyMinutes).toBe(90);
  });

  it("fails the order when the student presses Fail on the 3-D Secure page: Failed, no subscription", async () => {
    const { student, planId, cardToken } = await studentWithCard();
    const charge = await payByCard(student, planId, cardToken);
    const failed = await threeDSecure(charge.body.redirectUrl, "fail");
    expect(failed.status).toBe(302);
    expect(new URL(failed.headers.get("location")!).searchParams.get("statusCode")).not.toBe("200");
    expect((await transactionRow(charge.body.transaction.id))!.status).toBe(TransactionStatus.Failed);
    const status = await callContract(paymentContracts.paymentStatus, {
      query: { transactionId: charge.body.transaction.id },
      token: student.token,
    });
    expect(status.body.status).toBe(TransactionStatus.Failed);
    expect(await subscriptionsOf(student.id)).toHaveLength(0);
  });

  it("refuses a second press on the 3-D Secure page once the order is settled", async () => {
    const { student, planId, cardToken } = await studentWithCard();
    const charge = await payByCard(student, planId, cardToken);
    await threeDSecure(charge.body.redirectUrl, "pay");
    const again = await threeDSecure(charge.body.redirectUrl, "fail");
    expect(again.status).toBe(409);
    expect((await transactionRow(charge.body.transaction.id))!.status).toBe(TransactionStatus.Paid);
  });

  it("answers card-declined when the bank declines the card, records Failed and grants nothing", async () => {
    const { student, planId, cardToken } = await studentWithCard();
    const res = await payByCard(student, planId, cardToken, DECLINED_CVV);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("card-declined");
    const last = await callContract(transactionContracts.last, { token: student.token });
    expect(last.body).toMatchObject({ status: TransactionStatus.Failed, method: PaymentMethod.Card });
    expect(await subscriptionsOf(student.id)).toHaveLength(0);
  });

  it("answers 404 for another student's card before any charge", async () => {
    const { cardToken } = await studentWithCard();
    const thief = await createStudent();
    const res = await payByCard(thief, await createPlan(), cardToken);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not-found");
    const tried = await env.DB.prepare("SELECT count(*) AS n FROM transactions WHERE user_id = ?")
      .bind(thief.id)
      .first<{ n: number }>();
    expect(tried!.n).toBe(0);
    expect(await subscriptionsOf(thief.id)).toHaveLength(0);
  });
});

describe("bank installments", () => {
  it("offers only the installment plans the amount qualifies for", async () => {
    const student = await createStudent();
    const five = await callContract(paymentContracts.installmentPlans, {
      query: { amount: "50000" },
      token: student.token,
    });
    expect(five.body.map((p: { id: number }) => p.id)).toEqual([1]);
    const twenty = await callContract(paymentContracts.installmentPlans, {
      query: { amount: "200000" },
      token: student.token,
    });
    expect(twenty.body.map((p: { id: number }) => p.id)).toEqual([1, 2]);
    const small = await callContract(paymentContracts.installmentPlans, {
      query: { amount: "30000" },
      token: student.token,
    });
    expect(small.body).toEqual([]);
  });

  it("buys a plan in installments through the 3-D Secure page", async () => {
    const { student, planId, cardToken } = await studentWithCard({ baseMonthPrice: 60_000 });
    const charge = await callContract(paymentContracts.payInstallments, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month, cardToken, cvv: "123", installmentPlanId: 1 },
    });
    expect(charge.status).toBe(201);
    expect(charge.body.transaction.method).toBe(PaymentMethod.BankInstallment);
    await threeDSecure(charge.body.redirectUrl, "pay");
    expect((await transactionRow(charge.body.transaction.id))!.status).toBe(TransactionStatus.Paid);
    expect(await subscriptionsOf(student.id)).toHaveLength(1);
  });

  it("fails with fawry-error on an installment plan the amount does not qualify for", async () => {
    const { student, planId, cardToken } = await studentWithCard({ baseMonthPrice: 60_000 });
    const res = await callContract(paymentContracts.payInstallments, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month, cardToken, cvv: "123", installmentPlanId: 2 },
    });
    expect(res.body.code).toBe("fawry-error");
    expect((await callContract(transactionContracts.last, { token: student.token })).body.status).toBe(
      TransactionStatus.Failed,
    );
  });
});

describe("e-wallet", () => {
  it("answers a QR code and a reference number valid 3 hours, and grants the plan once the wallet pays", async () => {
    const student = await createStudent();
    const planId = await createPlan();
    const res = await callContract(paymentContracts.payWallet, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month },
    });
    expect(res.status).toBe(201);
    expect(res.body.walletQr).toMatch(/^data:image\//);
    expect(res.body.referenceNumber).toMatch(/^\d+$/);
    expect(Date.parse(res.body.expiresAt) - Date.parse(res.body.transaction.createdAt)).toBe(3 * 3600 * 1000);
    const paid = await call("POST", `${SANDBOX}/__emu/pay/${res.body.referenceNumber}`);
    expect(paid.body).toMatchObject({ statusCode: 200, delivered: true });
    expect((await transactionRow(res.body.transaction.id))!.status).toBe(TransactionStatus.Paid);
    expect(await subscriptionsOf(student.id)).toHaveLength(1);
  });

  it("gives the waiting order's QR again to its payer (a reloaded checkout), and to nobody once it is paid", async () => {
    const student = await createStudent();
    const res = await callContract(paymentContracts.payWallet, {
      token: student.token,
      body: { planId: await createPlan(), period: PlanPeriod.Month },
    });
    const id = res.body.transaction.id as number;
    const again = await callContract(transactionContracts.get, { params: { id }, token: student.token });
    expect(again.body).toMatchObject({
      id,
      method: PaymentMethod.EWallet,
      status: TransactionStatus.New,
      walletQr: res.body.walletQr,
    });
    const admin = await createUser(Role.SuperAdmin);
    expect(
      (await callContract(transactionContracts.get, { params: { id }, token: admin.token })).body,
    ).toMatchObject({
      id,
      walletQr: null,
    });
    await call("POST", `${SANDBOX}/__emu/pay/${res.body.referenceNumber}`);
    expect(
      (await callContract(transactionContracts.get, { params: { id }, token: student.token })).body,
    ).toMatchObject({
      status: TransactionStatus.Paid,
      walletQr: null,
    });
    // Other methods have none.
    const other = await createStudent();
    const cash = await callContract(paymentContracts.payReference, {
      token: other.token,
      body: { planId: await createPlan(), period: PlanPeriod.Month },
    });
    expect(cash.status).toBe(201);
    expect(
      (
        await callContract(transactionContracts.get, {
          params: { id: cash.body.transaction.id },
          token: other.token,
        })
      ).body,
    ).toMatchObject({ status: TransactionStatus.New, walletQr: null });
  });

  it("sends a request to pay to the wallet number given (normalised to 01…)", async () => {
    const student = await createStudent();
    const res = await callContract(paymentContracts.payWallet, {
      token: student.token,
      body: { planId: await createPlan(), period: PlanPeriod.Month, phone: "+201012345678" },
    });
    expect(res.status).toBe(201);
    const order = await env.DB.prepare(
      "SELECT wallet_no, method FROM fawry_sandbox_orders WHERE merchant_ref_num = ?",
    )
      .bind(res.body.transaction.merchantRefNum)
      .first();
    expect(order).toEqual({ wallet_no: "01012345678", method: "MWALLET" });
  });

  it("refuses a wallet number that is not an Egyptian mobile (invalid-phone) and creates no order", async () => {
    const student = await createStudent();
    const res = await callContract(paymentContracts.payWallet, {
      token: student.token,
      body: { planId: await createPlan(), period: PlanPeriod.Month, phone: "12345" },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid-phone");
    expect((await callContract(transactionContracts.list, { token: student.token })).body).toEqual({
      list: [],
      total: 0,
      totalIsLowerBound: false,
    });
  });
});

describe("cancelling an unpaid order", () => {
  it("cancels a reference-number order at Fawry: Canceled here and there", async () => {
    const { student, res, row } = await referenceOrder();
    const cancel = await callContract(paymentContracts.cancelUnpaid, {
      token: student.token,
      body: { transactionId: row.id },
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe(TransactionStatus.Canceled);
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.Canceled);
    expect((await sandboxOrder(row.merchant_ref_num))!.status).toBe("CANCELED");
    // The reference number can no longer be paid.
    const late = await call("POST", `${SANDBOX}/__emu/pay/${res.body.referenceNumber}`);
    expect(late.status).toBe(409);
  });

  it("refuses to cancel a paid order (illegal)", async () => {
    const { student, res, row } = await referenceOrder();
    await call("POST", `${SANDBOX}/__emu/pay/${res.body.referenceNumber}`);
    const cancel = await callContract(paymentContracts.cancelUnpaid, {
      token: student.token,
      body: { transactionId: row.id },
    });
    expect(cancel.body.code).toBe("illegal");
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.Paid);
  });

  it("refuses to cancel another student's order (forbidden)", async () => {
    const { row } = await referenceOrder();
    const other = await createStudent();
    const cancel = await callContract(paymentContracts.cancelUnpaid, {
      token: other.token,
      body: { transactionId: row.id },
    });
    expect(cancel.status).toBe(403);
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.New);
  });
});

describe("notifications", () => {
  it("grants one subscription when the same PAID notification arrives 50 times in a row", async () => {
    const { student, tx, row } = await referenceOrder();
    const body = await signedNotification(tx, "PAID");
    for (let i = 0; i < 50; i++) expect((await notifyApp(body)).status).toBe(200);
    expect(await subscriptionsOf(student.id)).toHaveLength(1);
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.Paid);
  });

  it("grants one subscription when 50 PAID notifications arrive at once", async () => {
    const { student, tx, row } = await referenceOrder();
    const body = await signedNotification(tx, "PAID");
    const answers = await Promise.all(Array.from({ length: 50 }, () => notifyApp(body)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(await subscriptionsOf(student.id)).toHaveLength(1);
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.Paid);
  });

  it("honours PAID after EXPIRED (the money was taken): Paid and one subscription", async () => {
    const { student, tx, row } = await referenceOrder();
    expect((await notifyApp(await signedNotification(tx, "EXPIRED"))).status).toBe(200);
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.Expired);
    expect(await subscriptionsOf(student.id)).toHaveLength(0);
    expect((await notifyApp(await signedNotification(tx, "PAID"))).status).toBe(200);
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.Paid);
    expect(await subscriptionsOf(student.id)).toHaveLength(1);
  });

  it("ignores NEW, UNPAID, EXPIRED and FAILED after PAID", async () => {
    const { student, tx, row } = await referenceOrder();
    await notifyApp(await signedNotification(tx, "PAID"));
    for (const status of ["NEW", "UNPAID", "EXPIRED", "FAILED"])
      expect((await notifyApp(await signedNotification(tx, status))).status).toBe(200);
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.Paid);
    const subs = await subscriptionsOf(student.id);
    expect(subs).toHaveLength(1);
    expect(subs[0]!.status).toBe("active");
  });

  it("keeps Expired when FAILED or NEW arrive after EXPIRED", async () => {
    const { student, tx, row } = await referenceOrder();
    await notifyApp(await signedNotification(tx, "EXPIRED"));
    await notifyApp(await signedNotification(tx, "FAILED"));
    await notifyApp(await signedNotification(tx, "NEW"));
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.Expired);
    expect(await subscriptionsOf(student.id)).toHaveLength(0);
  });

  it("refuses a PAID notification for less than the order's amount", async () => {
    const { student, tx, row } = await referenceOrder();
    await notifyApp(await signedNotification({ ...tx, amount: tx.amount - 100 }, "PAID"));
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.New);
    expect(await subscriptionsOf(student.id)).toHaveLength(0);
  });

  it("refuses a PAID notification naming another customer", async () => {
    const { student, tx, row } = await referenceOrder();
    await notifyApp(await signedNotification({ ...tx, userId: tx.userId + 1000 }, "PAID"));
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.New);
    expect(await subscriptionsOf(student.id)).toHaveLength(0);
  });
});

describe("refunds", () => {
  it("refunds the computed amount through the sandbox by default: the subscription ends and its future lessons are cancelled", async () => {
    const { student, res, row } = await referenceOrder();
    await call("POST", `${SANDBOX}/__emu/pay/${res.body.referenceNumber}`);
    const [sub] = await subscriptionsOf(student.id);
    const tutor = await createTutor();
    const at = new Date().toISOString();
    const lesson = (start: number) =>
      env.DB.prepare(
        'INSERT INTO lessons (tutor_id, start, "end", duration, price, subscription_id, created_by, created_at, updated_at) VALUES (?, ?, ?, 30, 0, ?, ?, ?, ?) RETURNING id',
      )
        .bind(
          tutor.id,
          new Date(start).toISOString(),
          new Date(start + 30 * 60_000).toISOString(),
          sub!.id,
          student.id,
          at,
          at,
        )
        .first<{ id: number }>();
    const past = (await lesson(Date.now() - 2 * 3600_000))!.id;
    // Bought before that lesson: week 0 starts at the Cairo midnight of the purchase day, which just
    // after midnight is later than two hours ago.
    await env.DB.prepare("UPDATE subscriptions SET start = ? WHERE id = ?")
      .bind(new Date(Date.now() - 2 * 3600_000).toISOString(), sub!.id)
      .run();
    const future = (await lesson(Date.now() + 48 * 3600_000))!.id;

    const admin = await createUser(Role.SuperAdmin);
    const refund = await callContract(paymentContracts.refund, {
      token: admin.token,
      body: { transactionId: row.id, idempotencyKey: crypto.randomUUID() },
    });
    expect(refund.status).toBe(200);
    // 500 EGP paid, 30 minutes used this week at 425 piasters a minute: 50,000 − 12,750 = 37,250.
    expect(refund.body).toMatchObject({ status: TransactionStatus.PartialRefunded, refundedAmount: 37_250 });
    expect((await sandboxOrder(row.merchant_ref_num))!.status).toBe("PARTIAL_REFUNDED");
    const [ended] = await subscriptionsOf(student.id);
    expect(ended!.status).toBe("canceled");
    const lessons = await env.DB.prepare("SELECT id, canceled_at FROM lessons WHERE id IN (?, ?) ORDER BY id")
      .bind(past, future)
      .all<{ id: number; canceled_at: string | null }>();
    expect(lessons.results).toEqual([
      { id: past, canceled_at: null },
      { id: future, canceled_at: expect.any(String) },
    ]);
    expect(
      (await callContract(subscriptionContracts.current, { token: student.token })).body.info,
    ).toBeNull();
  });

  it("refuses a refund by a regular admin (forbidden) and of an unpaid order (illegal)", async () => {
    const { row } = await referenceOrder();
    const regular = await createUser(Role.RegularAdmin);
    expect(
      (
        await callContract(paymentContracts.refund, {
          token: regular.token,
          body: { transactionId: row.id, idempotencyKey: crypto.randomUUID() },
        })
      ).status,
    ).toBe(403);
    const superAdmin = await createUser(Role.SuperAdmin);
    const res = await callContract(paymentContracts.refund, {
      token: superAdmin.token,
      body: { transactionId: row.id, idempotencyKey: crypto.randomUUID() },
    });
    expect(res.body.code).toBe("illegal");
  });
});
