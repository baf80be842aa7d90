// The hourly job on unpaid orders, run with createScheduledController on a controlled clock:
// stale orders are synced with Fawry (a lost notification is recovered), and orders past their
// expiry end Expired (reference number 24 h, wallet 3 h).
import { env } from "cloudflare:workers";
import { createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PlanPeriod, Role, TransactionStatus } from "../../schema/enums";
import { emulators } from "../../emulators/local";
import { runScheduled, schedules } from "../../worker/jobs";
import { createPlan, createStudent, createUser } from "./factories-lessons";
import { subscriptionsOf, transactionRow } from "./factories-payments";
import { call, callContract } from "./helpers";
import { transactionContracts } from "../../schema/api/transaction";
import { couponContracts } from "../../schema/api/coupon";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function hourly(at: number) {
  await runScheduled(
    createScheduledController({ cron: schedules.hourly, scheduledTime: at }),
    env,
    emulators,
  );
}

async function order(kind: "ref-num" | "e-wallet", couponCode?: string) {
  const student = await createStudent();
  const planId = await createPlan();
  const res = await call("POST", `/api/v1/fawry/pay/${kind}`, {
    token: student.token,
    body: { planId, period: PlanPeriod.Month, ...(couponCode ? { couponCode } : {}) },
  });
  expect(res.status).toBe(201);
  return {
    student,
    id: res.body.transaction.id as number,
    merchantRefNum: res.body.transaction.merchantRefNum as string,
    createdAt: Date.parse(res.body.transaction.createdAt),
  };
}

/** Fawry took the money but its notification never arrived. */
async function paidAtFawryOnly(merchantRefNum: string) {
  await env.DB.prepare(
    "UPDATE fawry_sandbox_orders SET status = 'PAID', payment_time = ? WHERE merchant_ref_num = ?",
  )
    .bind(Date.now(), merchantRefNum)
    .run();
}

describe("hourly job: unpaid orders", () => {
  it("recovers a lost PAID notification: a stale order Fawry reports paid becomes Paid with its subscription", async () => {
    const { student, id, merchantRefNum, createdAt } = await order("ref-num");
    await paidAtFawryOnly(merchantRefNum);
    await hourly(createdAt + 15 * MINUTE);
    expect((await transactionRow(id))!.status).toBe(TransactionStatus.Paid);
    expect(await subscriptionsOf(student.id)).toHaveLength(1);
  });

  it("leaves orders younger than 10 minutes to the notification", async () => {
    const { student, id, merchantRefNum, createdAt } = await order("ref-num");
    await paidAtFawryOnly(merchantRefNum);
    await hourly(createdAt + 5 * MINUTE);
    expect((await transactionRow(id))!.status).toBe(TransactionStatus.New);
    expect(await subscriptionsOf(student.id)).toHaveLength(0);
  });

  it("keeps a reference number payable for 24 hours and expires it after", async () => {
    const { student, id, createdAt } = await order("ref-num");
    await hourly(createdAt + 23 * HOUR);
    expect((await transactionRow(id))!.status).toBe(TransactionStatus.New);
    await hourly(createdAt + 24 * HOUR + MINUTE);
    expect((await transactionRow(id))!.status).toBe(TransactionStatus.Expired);
    expect(await subscriptionsOf(student.id)).toHaveLength(0);
    const seen = await callContract(transactionContracts.get, { params: { id }, token: student.token });
    expect(seen.body.status).toBe(TransactionStatus.Expired);
  });

  it("keeps a wallet order payable for 3 hours and expires it after", async () => {
    const { id, createdAt } = await order("e-wallet");
    await hourly(createdAt + 2 * HOUR + 50 * MINUTE);
    expect((await transactionRow(id))!.status).toBe(TransactionStatus.New);
    await hourly(createdAt + 3 * HOUR + MINUTE);
    expect((await transactionRow(id))!.status).toBe(TransactionStatus.Expired);
  });

  it("changes nothing when run again (idempotent)", async () => {
    const { id, createdAt } = await order("e-wallet");
    await hourly(createdAt + 4 * HOUR);
    const first = await transactionRow(id);
    await hourly(createdAt + 4 * HOUR);
    expect(await transactionRow(id)).toEqual(first);
  });

  it("gives the expired order's coupon use back", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const code = `HOUR${Date.now() % 100000}`;
    const coupon = await callContract(couponContracts.create, {
      token: admin.token,
      body: { code, discount: 1000, expiresAt: new Date(Date.now() + 7 * 864e5).toISOString(), maxUses: 1 },
    });
    const { id, createdAt } = await order("ref-num", code);
    expect(
      (await callContract(couponContracts.get, { params: { id: coupon.body.id }, token: admin.token })).body
        .uses,
    ).toBe(1);
    await hourly(createdAt + 25 * HOUR);
    expect((await transactionRow(id))!.status).toBe(TransactionStatus.Expired);
    expect(
      (await callContract(couponContracts.get, { params: { id: coupon.body.id }, token: admin.token })).body
        .uses,
    ).toBe(0);
    const uses = await env.DB.prepare("SELECT COUNT(*) AS n FROM coupon_uses WHERE transaction_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(uses!.n).toBe(0);
  });
});
