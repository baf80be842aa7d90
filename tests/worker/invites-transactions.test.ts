// Invites (a plan offered to one user until a date; invite-only plans at checkout) and the
// transaction list (/tx/list: paging, filters, a student's own vs staff).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PaymentMethod, PlanPeriod, Role, TransactionStatus } from "../../schema/enums";
import { createPlan, createStudent, createTutor, createUser, type Session } from "./factories-lessons";
import { SANDBOX, subscriptionsOf } from "./factories-payments";
import { call, callContract } from "./helpers";
import { inviteContracts } from "../../schema/api/invite";
import { paymentContracts } from "../../schema/api/payment";
import { transactionContracts } from "../../schema/api/transaction";

const inDays = (days: number) => new Date(Date.now() + days * 864e5).toISOString();

async function invite(admin: Session, userId: number, planId: number, expiresAt = inDays(7)) {
  const res = await callContract(inviteContracts.create, {
    token: admin.token,
    body: { userId, planId, expiresAt, note: "عرض خاص" },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; userId: number; planId: number; expiresAt: string; usedAt: string | null };
}

describe("invites", () => {
  it("lets an admin create, read, update, list and withdraw an invite", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const student = await createStudent();
    const planId = await createPlan({ inviteOnly: true });
    const created = await invite(admin, student.id, planId);
    expect(created).toMatchObject({ userId: student.id, planId, usedAt: null });

    expect(
      (await callContract(inviteContracts.get, { params: { id: created.id }, token: admin.token })).body,
    ).toMatchObject({
      id: created.id,
      note: "عرض خاص",
    });
    const later = inDays(14);
    const updated = await callContract(inviteContracts.update, {
      params: { id: created.id },
      token: admin.token,
      body: { expiresAt: later, note: "تم التمديد" },
    });
    expect(updated.body).toMatchObject({ expiresAt: later, note: "تم التمديد" });
    const listed = await callContract(inviteContracts.list, {
      query: { userId: student.id },
      token: admin.token,
    });
    expect(listed.body).toMatchObject({ total: 1, list: [{ id: created.id }] });

    expect(
      (await callContract(inviteContracts.remove, { params: { id: created.id }, token: admin.token })).status,
    ).toBe(204);
    expect(
      (await callContract(inviteContracts.get, { params: { id: created.id }, token: admin.token })).body.code,
    ).toBe("invite-not-found");
    expect(
      (await callContract(inviteContracts.list, { query: { userId: student.id }, token: admin.token })).body
        .total,
    ).toBe(0);
  });

  it("refuses an invite for an unknown user or plan, or with a past expiry", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const student = await createStudent();
    const planId = await createPlan({ inviteOnly: true });
    expect(
      (
        await callContract(inviteContracts.create, {
          token: admin.token,
          body: { userId: 999_999, planId, expiresAt: inDays(1) },
        })
      ).body.code,
    ).toBe("user-not-found");
    expect(
      (
        await callContract(inviteContracts.create, {
          token: admin.token,
          body: { userId: student.id, planId: 999_999, expiresAt: inDays(1) },
        })
      ).body.code,
    ).toBe("plan-not-found");
    expect(
      (
        await callContract(inviteContracts.create, {
          token: admin.token,
          body: { userId: student.id, planId, expiresAt: inDays(-1) },
        })
      ).status,
    ).toBe(400);
  });

  it("shows a student only their own invites, and refuses them creating one", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const student = await createStudent();
    const other = await createStudent();
    const planId = await createPlan({ inviteOnly: true });
    const mine = await invite(admin, student.id, planId);
    const theirs = await invite(admin, other.id, planId);
    const listed = await callContract(inviteContracts.list, {
      query: { userId: other.id },
      token: student.token,
    });
    expect(listed.body).toMatchObject({ total: 1, list: [{ id: mine.id }] });
    expect(
      (await callContract(inviteContracts.get, { params: { id: theirs.id }, token: student.token })).status,
    ).toBe(403);
    expect(
      (
        await callContract(inviteContracts.create, {
          token: student.token,
          body: { userId: student.id, planId, expiresAt: inDays(1) },
        })
      ).status,
    ).toBe(403);
  });

  it("hides an invite-only plan from a student without an invite: checkout answers plan-not-found", async () => {
    const student = await createStudent();
    const planId = await createPlan({ inviteOnly: true });
    const res = await callContract(paymentContracts.payReference, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month },
    });
    expect(res.body.code).toBe("plan-not-found");
    expect((await callContract(transactionContracts.list, { token: student.token })).body.total).toBe(0);
  });

  it("sells an invite-only plan to the invited student and marks the invite used once paid", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const student = await createStudent();
    const planId = await createPlan({ inviteOnly: true });
    const offered = await invite(admin, student.id, planId);
    const res = await callContract(paymentContracts.payReference, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month },
    });
    expect(res.status).toBe(201);
    expect(res.body.transaction.inviteId).toBe(offered.id);
    expect(
      (await callContract(inviteContracts.get, { params: { id: offered.id }, token: student.token })).body
        .usedAt,
    ).toBeNull();
    await call("POST", `${SANDBOX}/__emu/pay/${res.body.referenceNumber}`);
    expect(
      (await callContract(inviteContracts.get, { params: { id: offered.id }, token: student.token })).body
        .usedAt,
    ).toEqual(expect.any(String));
    expect(await subscriptionsOf(student.id)).toHaveLength(1);
  });

  it("does not sell an invite-only plan on an expired or withdrawn invite", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const student = await createStudent();
    const planId = await createPlan({ inviteOnly: true });
    const offered = await invite(admin, student.id, planId);
    await env.DB.prepare("UPDATE invites SET expires_at = ? WHERE id = ?").bind(inDays(-1), offered.id).run();
    const expired = await callContract(paymentContracts.payReference, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month },
    });
    expect(expired.body.code).toBe("plan-not-found");
    const again = await invite(admin, student.id, planId);
    await callContract(inviteContracts.remove, { params: { id: again.id }, token: admin.token });
    const withdrawn = await callContract(paymentContracts.payReference, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month },
    });
    expect(withdrawn.body.code).toBe("plan-not-found");
  });

  it("does not let another student use someone's invite", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const invited = await createStudent();
    const other = await createStudent();
    const planId = await createPlan({ inviteOnly: true });
    await invite(admin, invited.id, planId);
    const res = await callContract(paymentContracts.payReference, {
      token: other.token,
      body: { planId, period: PlanPeriod.Month },
    });
    expect(res.body.code).toBe("plan-not-found");
  });
});

/** A transaction written straight to D1 (the list does not care how it was paid). */
async function transaction(userId: number, planId: number, status: TransactionStatus, minutesAgo: number) {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const row = await env.DB.prepare(
    `INSERT INTO transactions (user_id, plan_id, period, base_amount, amount, method, status, merchant_ref_num, created_at, updated_at)
     VALUES (?, ?, 0, 50000, 50000, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      userId,
      planId,
      PaymentMethod.ReferenceNumber,
      status,
      `9${Date.now()}${Math.floor(Math.random() * 1e6)}`,
      at,
      at,
    )
    .first<{ id: number }>();
  return row!.id;
}

describe("/tx/list", () => {
  it("pages a student's transactions newest first with the total", async () => {
    const student = await createStudent();
    const planId = await createPlan();
    const oldest = await transaction(student.id, planId, TransactionStatus.Expired, 30);
    const middle = await transaction(student.id, planId, TransactionStatus.Failed, 20);
    const newest = await transaction(student.id, planId, TransactionStatus.Paid, 10);
    const first = await callContract(transactionContracts.list, {
      query: { page: "1", size: "2" },
      token: student.token,
    });
    expect(first.body.total).toBe(3);
    expect(first.body.list.map((tx: { id: number }) => tx.id)).toEqual([newest, middle]);
    const second = await callContract(transactionContracts.list, {
      query: { page: "2", size: "2" },
      token: student.token,
    });
    expect(second.body).toMatchObject({ total: 3, list: [{ id: oldest }] });
  });

  it("filters by status and by plan", async () => {
    const student = await createStudent();
    const planA = await createPlan();
    const planB = await createPlan();
    const waiting = await transaction(student.id, planA, TransactionStatus.New, 5);
    await transaction(student.id, planA, TransactionStatus.Expired, 50);
    const other = await transaction(student.id, planB, TransactionStatus.New, 3);
    const unpaid = await callContract(transactionContracts.list, {
      query: { status: TransactionStatus.New },
      token: student.token,
    });
    expect(unpaid.body.list.map((tx: { id: number }) => tx.id)).toEqual([other, waiting]);
    const ofPlan = await callContract(transactionContracts.list, {
      query: { status: TransactionStatus.New, planId: planA, size: "1" },
      token: student.token,
    });
    expect(ofPlan.body).toMatchObject({ total: 1, list: [{ id: waiting, planId: planA }] });
  });

  it("shows a student only their own, even when asking for another user's", async () => {
    const student = await createStudent();
    const other = await createStudent();
    const planId = await createPlan();
    const mine = await transaction(student.id, planId, TransactionStatus.Paid, 1);
    await transaction(other.id, planId, TransactionStatus.Paid, 1);
    const res = await callContract(transactionContracts.list, {
      query: { userId: other.id },
      token: student.token,
    });
    expect(res.body).toMatchObject({ total: 1, list: [{ id: mine, userId: student.id }] });
    const tutor = await createTutor();
    expect(
      (await callContract(transactionContracts.list, { query: { userId: other.id }, token: tutor.token }))
        .body,
    ).toEqual({
      list: [],
      total: 0,
      totalIsLowerBound: false,
    });
  });

  it("lets staff list any user's transactions, or everyone's", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const student = await createStudent();
    const other = await createStudent();
    const planId = await createPlan();
    const theirs = await transaction(student.id, planId, TransactionStatus.Refunded, 1);
    const another = await transaction(other.id, planId, TransactionStatus.Paid, 2);
    const one = await callContract(transactionContracts.list, {
      query: { userId: student.id },
      token: admin.token,
    });
    expect(one.body).toMatchObject({ total: 1, list: [{ id: theirs, status: TransactionStatus.Refunded }] });
    const all = await callContract(transactionContracts.list, { query: { size: "100" }, token: admin.token });
    expect(all.body.list.map((tx: { id: number }) => tx.id)).toEqual(
      expect.arrayContaining([theirs, another]),
    );
  });

  it("refuses a bad page or status (bad-request) and anyone signed out (401)", async () => {
    const student = await createStudent();
    expect(
      (await callContract(transactionContracts.list, { query: { page: "0" }, token: student.token })).status,
    ).toBe(400);
    expect(
      (await callContract(transactionContracts.list, { query: { status: "9" }, token: student.token }))
        .status,
    ).toBe(400);
    expect((await callContract(transactionContracts.list)).status).toBe(401);
  });

  it("answers a transaction to its payer and staff, not to another student", async () => {
    const student = await createStudent();
    const other = await createStudent();
    const admin = await createUser(Role.SuperAdmin);
    const id = await transaction(student.id, await createPlan(), TransactionStatus.Paid, 1);
    expect(
      (await callContract(transactionContracts.get, { params: { id }, token: student.token })).body.id,
    ).toBe(id);
    expect(
      (await callContract(transactionContracts.get, { params: { id }, token: admin.token })).body.id,
    ).toBe(id);
    expect(
      (await callContract(transactionContracts.get, { params: { id }, token: other.token })).status,
    ).toBe(403);
    expect(
      (await callContract(transactionContracts.get, { params: { id: "999999" }, token: admin.token })).body
        .code,
    ).toBe("transaction-not-found");
  });

  it("answers the student's latest transaction at /tx/last, and null before any", async () => {
    const student = await createStudent();
    const none = await callContract(transactionContracts.last, { token: student.token });
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
    const planId = await createPlan();
    await transaction(student.id, planId, TransactionStatus.Expired, 10);
    const newest = await transaction(student.id, planId, TransactionStatus.New, 1);
    expect((await callContract(transactionContracts.last, { token: student.token })).body).toMatchObject({
      id: newest,
      status: TransactionStatus.New,
    });
  });
});
