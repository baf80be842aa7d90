// Money goes back automatically: a student's or an admin's cancellation refunds through Fawry
// (the local sandbox), each step shown on the transaction (Refunding → Refunded, or RefundFailed
// → retried by the cron → raised to SuperAdmins), once even under repeats.
import { env } from "cloudflare:workers";
import { createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PlanPeriod, RefundStatus, Role, TransactionStatus } from "../../schema/enums";
import { refundAmount } from "../../schema/refund";
import { emulators } from "../../emulators/local";
import { runScheduled, schedules } from "../../worker/jobs";
import { createPlan, createStudent, createTutor, createUser, type Session } from "./factories-lessons";
import { SANDBOX, sandboxOrder, subscriptionsOf, transactionRow } from "./factories-payments";
import { call, callContract } from "./helpers";
import { paymentContracts } from "../../schema/api/payment";
import { subscriptionContracts } from "../../schema/api/subscription";
import { transactionContracts } from "../../schema/api/transaction";

const MINUTE = 60_000;

/** A student who bought a 500 EGP plan (30 weekly minutes) by reference number, paid at an outlet. */
async function paidPlan(weeklyMinutes = 30) {
  const student = await createStudent();
  const planId = await createPlan({ weeklyMinutes });
  const res = await callContract(paymentContracts.payReference, {
    token: student.token,
    body: { planId, period: PlanPeriod.Month },
  });
  expect(res.status).toBe(201);
  await call("POST", `${SANDBOX}/__emu/pay/${res.body.referenceNumber}`);
  const row = (await transactionRow(res.body.transaction.id))!;
  expect(row.status).toBe(TransactionStatus.Paid);
  const [sub] = await subscriptionsOf(student.id);
  return { student, planId, row, sub: sub! };
}

/**
 * A 15- or 30-minute lesson of the subscription starting `offsetMs` from now. A past lesson moves
 * the subscription's start back to it: week 0 begins at the Cairo midnight of the start day, so a
 * lesson two hours ago would fall before week 0 when the test runs just after Cairo midnight.
 */
async function lessonAt(sub: { id: number }, student: Session, offsetMs: number, duration = 15) {
  const tutor = await createTutor();
  const at = new Date().toISOString();
  const start = Date.now() + offsetMs;
  if (offsetMs < 0)
    await env.DB.prepare("UPDATE subscriptions SET start = ? WHERE id = ? AND start > ?")
      .bind(new Date(start).toISOString(), sub.id, new Date(start).toISOString())
      .run();
  return (await env.DB.prepare(
    'INSERT INTO lessons (tutor_id, start, "end", duration, price, subscription_id, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?) RETURNING id',
  )
    .bind(
      tutor.id,
      new Date(start).toISOString(),
      new Date(start + duration * MINUTE).toISOString(),
      duration,
      sub.id,
      student.id,
      at,
      at,
    )
    .first<{ id: number }>())!.id;
}

const refundsOf = async (transactionId: number) =>
  (
    await env.DB.prepare("SELECT * FROM refunds WHERE transaction_id = ? ORDER BY id")
      .bind(transactionId)
      .all<{
        id: number;
        amount: number;
        status: number;
        attempts: number;
        reason: string;
        requested_by: number | null;
      }>()
  ).results;

const alarmsOf = async (transactionId: number) =>
  (
    await env.DB.prepare("SELECT kind, resolved_at FROM payment_alarms WHERE transaction_id = ?")
      .bind(transactionId)
      .all<{ kind: string; resolved_at: string | null }>()
  ).results;

const failNext = (name: "refund" | "cancel", times = 1) =>
  call("POST", `${SANDBOX}/__emu/fail/${name}`, { body: { times } });

async function everyFiveMinutes(at: number) {
  await runScheduled(
    createScheduledController({ cron: schedules.everyFiveMinutes, scheduledTime: at }),
    env,
    emulators,
  );
}

describe("the refund rule (schema/refund.ts, shared by the Worker and the SPA)", () => {
  const rate = { hourlyRate: 25_500, feeBasisPoints: 0 };
  it("refunds what was paid less whole weeks elapsed and this week's minutes at the hourly rate", () => {
    // 45 minutes × 425 piasters = 19,125 consumed.
    expect(
      refundAmount({ amount: 50_000, weeklyMinutes: 30, weeksElapsed: 1, usedThisWeek: 15, ...rate }),
    ).toBe(30_875);
  });
  it("refunds everything less the provider's fee when nothing was used", () => {
    expect(
      refundAmount({
        amount: 50_000,
        weeklyMinutes: 30,
        weeksElapsed: 0,
        usedThisWeek: 0,
        hourlyRate: 25_500,
        feeBasisPoints: 250,
      }),
    ).toBe(48_750);
  });
  it("never goes below 0 when more was consumed than paid", () => {
    expect(
      refundAmount({ amount: 10_000, weeklyMinutes: 120, weeksElapsed: 1, usedThisWeek: 0, ...rate }),
    ).toBe(0);
  });
  it("rounds the consumed value up and the refund down, to the piaster", () => {
    // 1 minute at 100 piasters/hour = 1.67 → 2 consumed; 998 × 0.9999 = 997.9 → 997.
    expect(
      refundAmount({
        amount: 1_000,
        weeklyMinutes: 1,
        weeksElapsed: 0,
        usedThisWeek: 1,
        hourlyRate: 100,
        feeBasisPoints: 1,
      }),
    ).toBe(997);
  });
});

describe("a student cancels a paid plan", () => {
  it("refunds the whole amount through Fawry when nothing was used: Refunded, ledger Done, plan and future lessons cancelled, student told", async () => {
    const { student, row, sub } = await paidPlan();
    const future = await lessonAt(sub, student, 48 * 3600_000);
    const preview = await callContract(subscriptionContracts.current, { token: student.token });
    expect(refundAmount(preview.body.refundInputs!)).toBe(50_000);

    const res = await callContract(subscriptionContracts.cancel, { token: student.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      refundAmount: 50_000,
      canceledLessons: 1,
      transaction: { id: row.id, status: TransactionStatus.Refunded, refundedAmount: 50_000 },
    });
    expect((await sandboxOrder(row.merchant_ref_num))!.status).toBe("REFUNDED");
    expect(await refundsOf(row.id)).toEqual([
      expect.objectContaining({
        amount: 50_000,
        status: RefundStatus.Done,
        attempts: 1,
        reason: "cancel",
        requested_by: null,
      }),
    ]);
    expect((await subscriptionsOf(student.id))[0]!.status).toBe("canceled");
    expect(
      await env.DB.prepare("SELECT canceled_at FROM lessons WHERE id = ?").bind(future).first("canceled_at"),
    ).toEqual(expect.any(String));
    const mail = await env.DB.prepare(
      "SELECT subject FROM notifications_outbox WHERE user_id = ? AND subject = 'رجّعنا المبلغ'",
    )
      .bind(student.id)
      .first("subject");
    expect(mail).toBe("رجّعنا المبلغ");
  });

  it("refunds the amount the rule gives after minutes were used (the SPA's preview is the server's figure): PartialRefunded", async () => {
    const { student, row, sub } = await paidPlan();
    await lessonAt(sub, student, -2 * 3600_000, 15); // 15 minutes used this week
    const preview = await callContract(subscriptionContracts.current, { token: student.token });
    const shown = refundAmount(preview.body.refundInputs!);
    expect(shown).toBe(50_000 - 15 * 425);
    const res = await callContract(subscriptionContracts.cancel, { token: student.token });
    expect(res.body.refundAmount).toBe(shown);
    expect(res.body.transaction).toMatchObject({
      status: TransactionStatus.PartialRefunded,
      refundedAmount: shown,
    });
    expect((await sandboxOrder(row.merchant_ref_num))!.status).toBe("PARTIAL_REFUNDED");
  });

  it("refunds once when the student presses cancel 20 times at once", async () => {
    const { student, row } = await paidPlan();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => callContract(subscriptionContracts.cancel, { token: student.token })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(
      answers
        .filter((a) => a.status !== 200)
        .every((a) => ["subscription-uncancellable", "subscription-not-found"].includes(a.body.code!)),
    ).toBe(true);
    expect(await refundsOf(row.id)).toHaveLength(1);
    const order = (await sandboxOrder(row.merchant_ref_num)) as unknown as { refunded: number };
    expect(order.refunded).toBe(500);
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.Refunded);
  });

  it("shows RefundFailed when Fawry refuses, and the cron's next pass refunds it", async () => {
    const { student, row } = await paidPlan();
    await failNext("refund");
    const res = await callContract(subscriptionContracts.cancel, { token: student.token });
    expect(res.status).toBe(200);
    expect(res.body.transaction!.status).toBe(TransactionStatus.RefundFailed);
    expect(await refundsOf(row.id)).toEqual([
      expect.objectContaining({ status: RefundStatus.Failed, attempts: 1 }),
    ]);
    expect((await sandboxOrder(row.merchant_ref_num))!.status).toBe("PAID");

    await everyFiveMinutes(Date.now() + 5 * MINUTE);
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.Refunded);
    expect(await refundsOf(row.id)).toEqual([
      expect.objectContaining({ status: RefundStatus.Done, attempts: 2 }),
    ]);
    expect(await alarmsOf(row.id)).toEqual([]);
  });

  it("raises a refund Fawry refuses three times to SuperAdmins and stops retrying", async () => {
    const superAdmin = await createUser(Role.SuperAdmin);
    const { student, row } = await paidPlan();
    await failNext("refund", 100); // the cron's passes also retry other tests' refunds
    await callContract(subscriptionContracts.cancel, { token: student.token });
    await everyFiveMinutes(Date.now() + 5 * MINUTE);
    await everyFiveMinutes(Date.now() + 10 * MINUTE);
    expect(await refundsOf(row.id)).toEqual([
      expect.objectContaining({ status: RefundStatus.Failed, attempts: 3 }),
    ]);
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.RefundFailed);
    expect(await alarmsOf(row.id)).toEqual([{ kind: "refund-failed", resolved_at: null }]);
    const mail = await env.DB.prepare(
      "SELECT subject FROM notifications_outbox WHERE user_id = ? AND subject = 'استرداد مقدرناش ننفّذه'",
    )
      .bind(superAdmin.id)
      .first("subject");
    expect(mail).toBe("استرداد مقدرناش ننفّذه");
    const told = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM notifications_outbox WHERE user_id = ? AND subject = 'استرداد مبلغك متأخر'",
    )
      .bind(student.id)
      .first("n");
    expect(told).toBe(1);
    await everyFiveMinutes(Date.now() + 15 * MINUTE);
    expect((await refundsOf(row.id))[0]!.attempts).toBe(3);
    await failNext("refund", 0);

    const alarms = await callContract(paymentContracts.alarms, { token: superAdmin.token });
    expect(alarms.body.list).toContainEqual(
      expect.objectContaining({
        kind: "refund-failed",
        transactionId: row.id,
        transactionStatus: TransactionStatus.RefundFailed,
      }),
    );
  });

  it("refuses to cancel a plan whose refund would be 0 (subscription-uncancellable) and opens no refund", async () => {
    const { student, row, sub } = await paidPlan(30);
    await lessonAt(sub, student, -3 * 3600_000, 30);
    await env.DB.prepare("UPDATE subscriptions SET amount = 1000 WHERE id = ?").bind(sub.id).run();
    const res = await callContract(subscriptionContracts.cancel, { token: student.token });
    expect([res.status, res.body.code]).toEqual([422, "subscription-uncancellable"]);
    expect(await refundsOf(row.id)).toEqual([]);
    expect((await transactionRow(row.id))!.status).toBe(TransactionStatus.Paid);
  });
});

describe("receipts", () => {
  it("gives the payer a receipt for the payment and one for each refund done, and refuses another student", async () => {
    const { student, row } = await paidPlan();
    const before = await callContract(transactionContracts.receipts, {
      params: { id: row.id },
      token: student.token,
    });
    expect(before.body).toEqual([
      expect.objectContaining({
        kind: "payment",
        number: `P-${String(row.id).padStart(6, "0")}`,
        amount: 50_000,
        baseAmount: 50_000,
        coupon: null,
        fawryRefNumber: row.fawry_ref_number,
        subscription: { start: expect.any(String), end: expect.any(String) },
      }),
    ]);
    await callContract(subscriptionContracts.cancel, { token: student.token });
    const after = await callContract(transactionContracts.receipts, {
      params: { id: row.id },
      token: student.token,
    });
    expect(after.body.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([
      ["payment", 50_000],
      ["refund", 50_000],
    ]);
    expect(after.body[1]!.number).toMatch(/^R-\d{6}$/);
    const other = await createStudent();
    expect(
      (await callContract(transactionContracts.receipts, { params: { id: row.id }, token: other.token }))
        .status,
    ).toBe(403);
    const admin = await createUser(Role.RegularAdmin);
    expect(
      (await callContract(transactionContracts.receipts, { params: { id: row.id }, token: admin.token }))
        .body,
    ).toHaveLength(2);
  });

  it("has no receipt for an unpaid order", async () => {
    const student = await createStudent();
    const planId = await createPlan();
    const res = await callContract(paymentContracts.payReference, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month },
    });
    expect(
      (
        await callContract(transactionContracts.receipts, {
          params: { id: res.body.transaction.id },
          token: student.token,
        })
      ).body,
    ).toEqual([]);
  });
});

describe("a SuperAdmin refunds", () => {
  it("defaults to the computed amount (GET /fawry/refund/quote) and records the audit row", async () => {
    const { student, row, sub } = await paidPlan();
    await lessonAt(sub, student, -2 * 3600_000, 30);
    const admin = await createUser(Role.SuperAdmin);
    const quote = await callContract(paymentContracts.refundQuote, {
      query: { transactionId: row.id },
      token: admin.token,
    });
    expect(quote.body).toEqual({ computed: 50_000 - 30 * 425, remaining: 50_000, subscriptionId: sub.id });
    const res = await callContract(paymentContracts.refund, {
      token: admin.token,
      body: { transactionId: row.id, idempotencyKey: crypto.randomUUID() },
    });
    expect(res.body).toMatchObject({
      status: TransactionStatus.PartialRefunded,
      refundedAmount: quote.body.computed,
    });
    expect(await refundsOf(row.id)).toEqual([
      expect.objectContaining({ reason: "admin", requested_by: admin.id, status: RefundStatus.Done }),
    ]);
    const audit = await env.DB.prepare(
      "SELECT action, target_id FROM audit_log WHERE actor_id = ? AND action = 'transaction.refund'",
    )
      .bind(admin.id)
      .first();
    expect(audit).toEqual({ action: "transaction.refund", target_id: String(row.id) });
  });

  it("allows a smaller amount, and refuses more than remains (refund-exceeds-paid)", async () => {
    const { row } = await paidPlan();
    const admin = await createUser(Role.SuperAdmin);
    const over = await callContract(paymentContracts.refund, {
      token: admin.token,
      body: { transactionId: row.id, amount: 50_001, idempotencyKey: crypto.randomUUID() },
    });
    expect([over.status, over.body.code]).toEqual([422, "refund-exceeds-paid"]);
    const part = await callContract(paymentContracts.refund, {
      token: admin.token,
      body: {
        transactionId: row.id,
        amount: 10_000,
        idempotencyKey: crypto.randomUUID(),
        reason: "goodwill",
      },
    });
    expect(part.body).toMatchObject({ status: TransactionStatus.PartialRefunded, refundedAmount: 10_000 });
  });

  it("refuses a second refund while one is open (refund-in-progress)", async () => {
    const { row } = await paidPlan();
    const admin = await createUser(Role.SuperAdmin);
    await failNext("refund");
    const first = await callContract(paymentContracts.refund, {
      token: admin.token,
      body: { transactionId: row.id, amount: 10_000, idempotencyKey: crypto.randomUUID() },
    });
    expect(first.body.status).toBe(TransactionStatus.RefundFailed);
    const second = await callContract(paymentContracts.refund, {
      token: admin.token,
      body: { transactionId: row.id, amount: 10_000, idempotencyKey: crypto.randomUUID() },
    });
    expect([second.status, second.body.code]).toEqual([409, "refund-in-progress"]);
  });
});

describe("a SuperAdmin's refund sent twice is made once (docs/rules.md, Payments)", () => {
  const refund = (token: string, body: Record<string, unknown>) =>
    callContract(paymentContracts.refund, {
      token,
      body: body as { transactionId: number; idempotencyKey: string },
    });
  const refundedAmount = async (id: number) =>
    env.DB.prepare("SELECT refunded_amount FROM transactions WHERE id = ?")
      .bind(id)
      .first<number>("refunded_amount");
  const refundedAtFawry = async (merchantRefNum: string) =>
    ((await sandboxOrder(merchantRefNum)) as unknown as { refunded: number }).refunded;
  const audits = (adminId: number) =>
    env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE actor_id = ? AND action = 'transaction.refund'")
      .bind(adminId)
      .first<number>("n");

  it("refunds once when the dialog's request comes twice at once, with the plan live (5 rounds)", async () => {
    for (let round = 0; round < 5; round++) {
      const { row } = await paidPlan();
      const admin = await createUser(Role.SuperAdmin);
      const body = { transactionId: row.id, amount: 1_000, idempotencyKey: crypto.randomUUID() };
      const answers = await Promise.all([refund(admin.token, body), refund(admin.token, body)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(await refundsOf(row.id)).toEqual([
        expect.objectContaining({ amount: 1_000, status: RefundStatus.Done, reason: "admin" }),
      ]);
      expect(await refundedAmount(row.id)).toBe(1_000);
      expect(await refundedAtFawry(row.merchant_ref_num)).toBe(10);
      expect(await audits(admin.id)).toBe(1);
    }
  });

  it("refunds once when the dialog's request comes twice at once, without a live plan (5 rounds)", async () => {
    for (let round = 0; round < 5; round++) {
      const { row, sub } = await paidPlan();
      await env.DB.prepare("UPDATE subscriptions SET status = 'ended' WHERE id = ?").bind(sub.id).run();
      const admin = await createUser(Role.SuperAdmin);
      const body = { transactionId: row.id, amount: 1_000, idempotencyKey: crypto.randomUUID() };
      const answers = await Promise.all([refund(admin.token, body), refund(admin.token, body)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(await refundsOf(row.id)).toHaveLength(1);
      expect(await refundedAmount(row.id)).toBe(1_000);
      expect(await refundedAtFawry(row.merchant_ref_num)).toBe(10);
      expect(await audits(admin.id)).toBe(1);
    }
  });

  it("answers a repeat that comes after the first refund settled with the first refund's result", async () => {
    const { row } = await paidPlan();
    const admin = await createUser(Role.SuperAdmin);
    const body = { transactionId: row.id, amount: 1_000, idempotencyKey: crypto.randomUUID() };
    const first = await refund(admin.token, body);
    expect(first.body).toMatchObject({ status: TransactionStatus.PartialRefunded, refundedAmount: 1_000 });
    const again = await refund(admin.token, body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      id: row.id,
      status: TransactionStatus.PartialRefunded,
      refundedAmount: 1_000,
    });
    expect(await refundsOf(row.id)).toHaveLength(1);
    expect(await refundedAtFawry(row.merchant_ref_num)).toBe(10);
  });

  it("makes a different second refund of the same transaction only when it is confirmed (refund-already-made)", async () => {
    const { row } = await paidPlan();
    const admin = await createUser(Role.SuperAdmin);
    await refund(admin.token, { transactionId: row.id, amount: 1_000, idempotencyKey: crypto.randomUUID() });
    const second = { transactionId: row.id, amount: 2_000, idempotencyKey: crypto.randomUUID() };
    const unconfirmed = await refund(admin.token, second);
    expect([unconfirmed.status, unconfirmed.body.code]).toEqual([409, "refund-already-made"]);
    expect(await refundsOf(row.id)).toHaveLength(1);
    const confirmed = await refund(admin.token, { ...second, confirmAnotherRefund: true });
    expect(confirmed.body).toMatchObject({
      status: TransactionStatus.PartialRefunded,
      refundedAmount: 3_000,
    });
    // The confirmed request repeated (with or without the flag) is still that one refund.
    expect((await refund(admin.token, second)).body).toMatchObject({ refundedAmount: 3_000 });
    expect(await refundsOf(row.id)).toHaveLength(2);
    expect(await refundedAtFawry(row.merchant_ref_num)).toBe(30);
  });

  it("asks to confirm a staff refund of a payment already refunded for another reason (a cancellation)", async () => {
    const { student, row } = await paidPlan();
    await lessonAt((await subscriptionsOf(student.id))[0]!, student, -2 * 3600_000, 30);
    await callContract(subscriptionContracts.cancel, { token: student.token });
    const admin = await createUser(Role.SuperAdmin);
    const res = await refund(admin.token, { transactionId: row.id, idempotencyKey: crypto.randomUUID() });
    expect([res.status, res.body.code]).toEqual([409, "refund-already-made"]);
    expect(await refundsOf(row.id)).toHaveLength(1);
  });

  it("refuses a request without a key, and a key already used for another transaction (bad-request)", async () => {
    const a = await paidPlan();
    const b = await paidPlan();
    const admin = await createUser(Role.SuperAdmin);
    const missing = await refund(admin.token, { transactionId: a.row.id, amount: 1_000 });
    expect([missing.status, missing.body.code]).toEqual([400, "bad-request"]);
    const idempotencyKey = crypto.randomUUID();
    await refund(admin.token, { transactionId: a.row.id, amount: 1_000, idempotencyKey });
    const reused = await refund(admin.token, { transactionId: b.row.id, amount: 1_000, idempotencyKey });
    expect([reused.status, reused.body.code]).toEqual([400, "bad-request"]);
    expect(await refundsOf(b.row.id)).toHaveLength(0);
  });
});

describe("payment alarms", () => {
  it("lets an admin resolve an alarm with a note (audited); a second resolve answers payment-alarm-not-found", async () => {
    const { student, row } = await paidPlan();
    await failNext("refund", 100);
    await callContract(subscriptionContracts.cancel, { token: student.token });
    await everyFiveMinutes(Date.now() + 5 * MINUTE);
    await everyFiveMinutes(Date.now() + 10 * MINUTE);
    await failNext("refund", 0);
    const admin = await createUser(Role.RegularAdmin);
    const listed = await callContract(paymentContracts.alarms, { token: admin.token });
    const alarm = listed.body.list.find((a) => a.transactionId === row.id);
    expect(alarm).toMatchObject({ kind: "refund-failed", resolvedAt: null });
    const resolved = await callContract(paymentContracts.resolveAlarm, {
      params: { id: alarm!.id },
      token: admin.token,
      body: { note: "refunded by bank transfer" },
    });
    expect(resolved.status).toBe(200);
    expect(await alarmsOf(row.id)).toEqual([{ kind: "refund-failed", resolved_at: expect.any(String) }]);
    expect(
      await env.DB.prepare("SELECT action FROM audit_log WHERE actor_id = ?").bind(admin.id).first("action"),
    ).toBe("payment.resolve");
    const again = await callContract(paymentContracts.resolveAlarm, {
      params: { id: alarm!.id },
      token: admin.token,
      body: { note: "again" },
    });
    expect([again.status, again.body.code]).toEqual([404, "payment-alarm-not-found"]);
  });
});

describe("the daily payments digest", () => {
  it("emails SuperAdmins once a day at 06:00 UTC while alarms are open, with their count", async () => {
    const superAdmin = await createUser(Role.SuperAdmin);
    await env.DB.prepare(
      "INSERT INTO payment_alarms (kind, merchant_ref_num, created_at) VALUES ('unknown-order', ?, ?)",
    )
      .bind(`digest-${Date.now()}`, new Date().toISOString())
      .run();
    const sixUtc = new Date();
    sixUtc.setUTCDate(sixUtc.getUTCDate() + 1);
    sixUtc.setUTCHours(6, 0, 0, 0);
    const hourly = (at: number) =>
      runScheduled(createScheduledController({ cron: schedules.hourly, scheduledTime: at }), env, emulators);
    const digests = () =>
      env.DB.prepare(
        "SELECT COUNT(*) AS n FROM notifications_outbox WHERE user_id = ? AND subject = 'مدفوعات تحتاج متابعة'",
      )
        .bind(superAdmin.id)
        .first("n");
    await hourly(sixUtc.getTime() - 3600_000); // 05:00: not the digest's hour
    expect(await digests()).toBe(0);
    await hourly(sixUtc.getTime());
    await hourly(sixUtc.getTime() + 60_000); // a repeated run the same day
    expect(await digests()).toBe(1);
    const body = await env.DB.prepare(
      "SELECT body FROM notifications_outbox WHERE user_id = ? AND subject = 'مدفوعات تحتاج متابعة'",
    )
      .bind(superAdmin.id)
      .first<string>("body");
    expect(body).toContain("إشعار لطلب مش عندنا");
  });
});
