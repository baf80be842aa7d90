import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { grantSubscription, refundAmount } from "../../worker/domain/payments/subscriptions";
import { CAIRO, dayStart } from "../../schema/calendar";
import { subscriptionWeek, weekContaining, weeksElapsed } from "../../worker/domain/lessons/weekly-minutes";
import {
  addMinutes,
  book,
  createPlan,
  createStudent,
  createTutor,
  createUser,
  db,
  gridTime,
  subscribe,
  tutorFreeAt,
} from "./factories-lessons";
import { callContract } from "./helpers";
import { subscriptionContracts } from "../../schema/api/subscription";
import { devContracts } from "../../schema/api/dev";

const DAY = 86_400_000;

describe("subscription weeks in Cairo time", () => {
  it("starts a winter day at 22:00 UTC and a summer day at 21:00 UTC (Egypt's DST)", () => {
    expect(dayStart("2024-01-10", CAIRO).toISOString()).toBe("2024-01-09T22:00:00.000Z");
    expect(dayStart("2024-07-10", CAIRO).toISOString()).toBe("2024-07-09T21:00:00.000Z");
  });

  it("starts the spring-forward day and the fall-back day at their first instant", () => {
    // 2024-04-26 00:00 EET jumped to 01:00 EEST; 2024-10-31 24:00 EEST fell back to 23:00 EET.
    expect(dayStart("2024-04-26", CAIRO).toISOString()).toBe("2024-04-25T22:00:00.000Z");
    expect(dayStart("2024-11-01", CAIRO).toISOString()).toBe("2024-10-31T22:00:00.000Z");
  });

  it("runs week k from Cairo midnight of the start day + 7k days, across a DST change", () => {
    const start = "2024-04-20T10:00:00.000Z"; // Saturday noon in Cairo
    expect(subscriptionWeek(start, 0)).toEqual({
      index: 0,
      start: "2024-04-19T22:00:00.000Z",
      end: "2024-04-26T21:00:00.000Z",
    });
    expect(subscriptionWeek(start, 1)).toEqual({
      index: 1,
      start: "2024-04-26T21:00:00.000Z",
      end: "2024-05-03T21:00:00.000Z",
    });
  });

  it("places an instant in its week, a late-night Cairo lesson in the next day's week", () => {
    const start = "2024-01-06T08:00:00.000Z"; // Saturday 10:00 Cairo
    // Friday 2024-01-12 23:30 Cairo is still week 0; Saturday 00:15 Cairo is week 1.
    expect(weekContaining(start, 4, "2024-01-12T21:30:00.000Z").index).toBe(0);
    expect(weekContaining(start, 4, "2024-01-12T22:15:00.000Z").index).toBe(1);
    expect(weekContaining(start, 4, "2024-02-02T20:00:00.000Z").index).toBe(3);
    expect(weeksElapsed(start, 4, "2024-01-20T00:00:00.000Z")).toBe(2);
  });
});

describe("refund arithmetic", () => {
  it("refunds what was paid less whole weeks and this week's used minutes at 255 EGP/h", () => {
    // 500 EGP, 30 min a week, one week over, 15 minutes used: 45 × 425 = 19,125 consumed.
    expect(
      refundAmount({
        amount: 50_000,
        weeklyMinutes: 30,
        weeksElapsed: 1,
        usedThisWeek: 15,
        feeBasisPoints: 0,
      }),
    ).toBe(30_875);
  });

  it("deducts the provider fee and never goes below 0", () => {
    expect(
      refundAmount({
        amount: 50_000,
        weeklyMinutes: 30,
        weeksElapsed: 0,
        usedThisWeek: 0,
        feeBasisPoints: 250,
      }),
    ).toBe(48_750);
    expect(
      refundAmount({
        amount: 10_000,
        weeklyMinutes: 120,
        weeksElapsed: 1,
        usedThisWeek: 0,
        feeBasisPoints: 0,
      }),
    ).toBe(0);
  });
});

describe("grantSubscription", () => {
  it("starts now for 4, 12 or 52 weeks with the plan's weekly minutes copied", async () => {
    const student = await createStudent();
    const now = new Date("2030-03-01T10:00:00.000Z");
    const planId = await createPlan({ weeklyMinutes: 90 });
    const sub = await grantSubscription(db(), {
      userId: student.id,
      planId,
      period: 1,
      amount: 120_000,
      transactionId: null,
      now,
    });
    expect(sub).toMatchObject({
      userId: student.id,
      planId,
      period: 1,
      weeklyMinutes: 90,
      amount: 120_000,
      status: "active",
      start: now.toISOString(),
    });
    expect(sub.end).toBe(new Date(now.getTime() + 12 * 7 * DAY).toISOString());
  });

  it("refuses a second active subscription with subscription-exists", async () => {
    const student = await createStudent();
    await subscribe(student.id);
    await expect(subscribe(student.id)).rejects.toMatchObject({ code: "subscription-exists" });
    const count = await env.DB.prepare("SELECT count(*) AS n FROM subscriptions WHERE user_id = ?")
      .bind(student.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("ends an expired subscription in the same batch that grants the new one", async () => {
    const student = await createStudent();
    const old = await subscribe(student.id, { now: new Date(Date.now() - 40 * DAY) });
    const fresh = await subscribe(student.id);
    expect(fresh.status).toBe("active");
    expect(
      await env.DB.prepare("SELECT status FROM subscriptions WHERE id = ?").bind(old.id).first(),
    ).toEqual({ status: "ended" });
  });

  it("answers the same subscription for a repeated paid transaction and creates nothing new", async () => {
    const student = await createStudent();
    const planId = await createPlan();
    const at = new Date().toISOString();
    const tx = await env.DB.prepare(
      "INSERT INTO transactions (user_id, plan_id, period, base_amount, amount, method, status, merchant_ref_num, created_at, updated_at) VALUES (?, ?, 0, 50000, 50000, 0, 1, ?, ?, ?) RETURNING id",
    )
      .bind(student.id, planId, `ref-${student.id}`, at, at)
      .first<{ id: number }>();
    const input = { userId: student.id, planId, period: 0 as const, amount: 50_000, transactionId: tx!.id };
    const first = await grantSubscription(db(), input);
    const again = await grantSubscription(db(), input);
    expect(again.id).toBe(first.id);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM subscriptions WHERE user_id = ?")
      .bind(student.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("refuses a deleted plan with plan-not-found", async () => {
    const student = await createStudent();
    const planId = await createPlan();
    await env.DB.prepare("UPDATE plans SET deleted_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), planId)
      .run();
    await expect(
      grantSubscription(db(), { userId: student.id, planId, period: 0, amount: 1, transactionId: null }),
    ).rejects.toMatchObject({ code: "plan-not-found" });
  });
});

describe("GET /sub/user", () => {
  it("answers no subscription and 0 minutes for a student without one", async () => {
    const student = await createStudent();
    const response = await callContract(subscriptionContracts.current, { token: student.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ info: null, remainingWeeklyMinutes: 0, week: null, refundInputs: null });
  });

  it("computes the minutes left from this week's lessons that are not cancelled", async () => {
    const student = await createStudent();
    const sub = await subscribe(student.id, { weeklyMinutes: 60 });
    const start = gridTime(2);
    const tutor = await tutorFreeAt(start, 3, { notice: 1 });
    const kept = await book(student, tutor.id, start, 30);
    expect(kept.status).toBe(201);
    const dropped = await book(student, tutor.id, addMinutes(start, 60), 15);
    await env.DB.prepare("UPDATE lessons SET canceled_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), dropped.body.id)
      .run();
    const nextWeek = gridTime(8 * 24);
    await tutorFreeAt(nextWeek);
    const response = await callContract(subscriptionContracts.current, { token: student.token });
    expect(response.body).toMatchObject({
      info: { id: sub.id, status: "active", weeklyMinutes: 60 },
      remainingWeeklyMinutes: 30,
      week: { index: 0 },
    });
  });
});

describe("GET /sub/{id} and /sub/list", () => {
  it("shows a subscription to its student and admins, not to another student", async () => {
    const student = await createStudent();
    const other = await createStudent();
    const admin = await createUser(Role.RegularAdmin);
    const sub = await subscribe(student.id);
    expect(
      (await callContract(subscriptionContracts.get, { params: { id: sub.id }, token: student.token })).body,
    ).toMatchObject({
      id: sub.id,
      userId: student.id,
    });
    expect(
      (await callContract(subscriptionContracts.get, { params: { id: sub.id }, token: admin.token })).status,
    ).toBe(200);
    expect(
      (await callContract(subscriptionContracts.get, { params: { id: sub.id }, token: other.token })).status,
    ).toBe(403);
    expect(
      (await callContract(subscriptionContracts.get, { params: { id: "999999" }, token: admin.token })).body
        .code,
    ).toBe("subscription-not-found");
  });

  it("lists a user's subscriptions to admins, paged", async () => {
    const student = await createStudent();
    const admin = await createUser(Role.SuperAdmin);
    await subscribe(student.id, { now: new Date(Date.now() - 60 * DAY) });
    await subscribe(student.id);
    const all = await callContract(subscriptionContracts.list, {
      query: { user: student.id },
      token: admin.token,
    });
    expect(all.body.total).toBe(2);
    const ended = await callContract(subscriptionContracts.list, {
      query: { user: student.id, status: "ended" },
      token: admin.token,
    });
    expect(ended.body).toMatchObject({ total: 1, list: [{ status: "ended" }] });
    expect((await callContract(subscriptionContracts.list, { token: student.token })).status).toBe(403);
  });
});

describe("PATCH /sub/cancel", () => {
  it("cancels the student's subscription, records the full refund when nothing was used, and cancels future lessons", async () => {
    const student = await createStudent();
    const sub = await subscribe(student.id, { amount: 50_000 });
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start);
    const lesson = await book(student, tutor.id, start, 30);
    const response = await callContract(subscriptionContracts.cancel, { token: student.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      refundAmount: 50_000,
      canceledLessons: 1,
      subscription: { id: sub.id, status: "canceled" },
    });
    expect(
      await env.DB.prepare("SELECT status, refund_amount, canceled_by FROM subscriptions WHERE id = ?")
        .bind(sub.id)
        .first(),
    ).toEqual({
      status: "canceled",
      refund_amount: 50_000,
      canceled_by: student.id,
    });
    const row = await env.DB.prepare("SELECT canceled_at, canceled_by FROM lessons WHERE id = ?")
      .bind(lesson.body.id)
      .first<{ canceled_at: string; canceled_by: number | null }>();
    expect(row?.canceled_at).toBeTruthy();
    expect(row?.canceled_by).toBeNull();
    const told = await env.DB.prepare(
      "SELECT subject FROM notifications_outbox WHERE recipient = ? ORDER BY id DESC",
    )
      .bind(tutor.email)
      .first();
    expect(told).toEqual({ subject: "اتلغت حصة في درس" });
  });

  it("deducts the whole weeks elapsed and this week's used minutes", async () => {
    const student = await createStudent();
    const sub = await subscribe(student.id, {
      weeklyMinutes: 60,
      amount: 50_000,
      now: new Date(Date.now() - 8 * DAY),
    });
    const tutor = await createTutor();
    const started = gridTime(-1);
    const at = new Date().toISOString();
    await env.DB.prepare(
      'INSERT INTO lessons (tutor_id, start, "end", duration, price, subscription_id, created_by, created_at, updated_at) VALUES (?, ?, ?, 15, 6375, ?, ?, ?, ?)',
    )
      .bind(
        tutor.id,
        started.toISOString(),
        addMinutes(started, 15).toISOString(),
        sub.id,
        student.id,
        at,
        at,
      )
      .run();
    const response = await callContract(subscriptionContracts.cancel, { token: student.token });
    // (60 + 15) minutes × 425 piasters = 31,875 consumed.
    expect(response.body.refundAmount).toBe(18_125);
  });

  it("refuses a cancellation that would refund nothing with subscription-uncancellable", async () => {
    const student = await createStudent();
    const sub = await subscribe(student.id, {
      weeklyMinutes: 120,
      amount: 20_000,
      now: new Date(Date.now() - 8 * DAY),
    });
    const response = await callContract(subscriptionContracts.cancel, { token: student.token });
    expect([response.status, response.body.code]).toEqual([422, "subscription-uncancellable"]);
    expect(
      await env.DB.prepare("SELECT status FROM subscriptions WHERE id = ?").bind(sub.id).first(),
    ).toEqual({ status: "active" });
  });

  it("answers subscription-not-found to a student without one", async () => {
    const student = await createStudent();
    expect((await callContract(subscriptionContracts.cancel, { token: student.token })).body.code).toBe(
      "subscription-not-found",
    );
  });

  it("lets a SuperAdmin cancel a named subscription", async () => {
    const student = await createStudent();
    const admin = await createUser(Role.SuperAdmin);
    const sub = await subscribe(student.id);
    const response = await callContract(subscriptionContracts.cancel, {
      query: { id: sub.id },
      token: admin.token,
    });
    expect(response.body).toMatchObject({ subscription: { id: sub.id, status: "canceled" } });
  });
});

describe("demo data", () => {
  it("gives the demo student one active subscription through grantSubscription, idempotently", async () => {
    expect((await callContract(devContracts.seed)).status).toBe(200);
    expect((await callContract(devContracts.seed)).status).toBe(200);
    const rows = await env.DB.prepare(
      "SELECT s.status, s.weekly_minutes = p.weekly_minutes AS copied FROM subscriptions s JOIN users u ON u.id = s.user_id JOIN plans p ON p.id = s.plan_id WHERE u.email = 'student@dars.test'",
    ).all();
    expect(rows.results).toEqual([{ status: "active", copied: 1 }]);
  }, 30_000);
});
