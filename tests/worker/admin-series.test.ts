import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AdminSeries } from "../../schema/api/stats";
import { Role } from "../../schema/enums";
import { adminSeries } from "../../worker/domain/staff/stats";
import { addMonths, weekStartOf } from "../../schema/calendar";
import { createPlan, createStudent, createTutor, createUser, db } from "./factories-lessons";
import { seedLesson } from "./factories-stats";
import { call, callContract } from "./helpers";
import { statsContracts } from "../../schema/api/stats";

// Storage is shared by the tests of this file, so each test works in its own months of 2025 (the
// other tests' rows are created now, in 2026 or later).

/** A student account created at `createdAt` (the series count students by creation time). */
async function studentCreatedAt(createdAt: string): Promise<number> {
  const student = await createStudent();
  await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?").bind(createdAt, student.id).run();
  return student.id;
}

/** A transaction of `amount` piasters paid at `paidAt` (null: never paid), with `refunded` given back. */
async function payment(userId: number, amount: number, paidAt: string | null, refunded = 0): Promise<void> {
  const planId = await createPlan();
  const now = new Date().toISOString();
  await env.DB.prepare(
    `INSERT INTO transactions (user_id, plan_id, period, base_amount, amount, method, status, merchant_ref_num, refunded_amount, paid_at, created_at, updated_at)
     VALUES (?, ?, 0, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(userId, planId, amount, amount, paidAt ? 1 : 0, crypto.randomUUID(), refunded, paidAt, now, now)
    .run();
}

describe("Cairo calendar helpers for the series", () => {
  it("starts a week on the Saturday on or before the day", () => {
    expect(weekStartOf("2025-03-08")).toBe("2025-03-08"); // a Saturday
    expect(weekStartOf("2025-03-14")).toBe("2025-03-08"); // the Friday after it
    expect(weekStartOf("2025-03-02")).toBe("2025-03-01"); // a Sunday, across the month
  });

  it("steps whole calendar months across a year's end", () => {
    expect(addMonths("2025-12-31", 1)).toBe("2026-01-01");
    expect(addMonths("2025-03-15", -3)).toBe("2024-12-01");
    expect(addMonths("2025-03-15", 0)).toBe("2025-03-01");
  });
});

describe("the admin area's series", () => {
  it("counts lessons on the Cairo day they start, not the UTC one, and leaves cancelled lessons out", async () => {
    const tutor = await createTutor();
    const student = await createStudent();
    // 10 Jan 2025 00:30 in Cairo (UTC+2) is still 9 Jan in UTC.
    await seedLesson(tutor.id, student.id, { start: "2025-01-09T22:30:00.000Z" });
    // 10 Jan 23:45 Cairo.
    await seedLesson(tutor.id, student.id, { start: "2025-01-10T21:45:00.000Z", duration: 15 });
    // 9 Jan 23:30 Cairo.
    await seedLesson(tutor.id, student.id, { start: "2025-01-09T21:30:00.000Z" });
    await seedLesson(tutor.id, student.id, { start: "2025-01-10T10:00:00.000Z", canceled: true });
    // 11 Jan 00:00 Cairo.
    await seedLesson(tutor.id, student.id, { start: "2025-01-10T22:00:00.000Z" });

    const series = await adminSeries(db(), { to: "2025-01-11", days: 3, weeks: 1, months: 1 });
    expect(series.lessonsPerDay).toEqual([
      { start: "2025-01-09", value: 1 },
      { start: "2025-01-10", value: 2 },
      { start: "2025-01-11", value: 1 },
    ]);
    expect(series.day).toBe("2025-01-11");
    expect(series.today.lessons).toBe(1);
    expect(series.thisMonth.lessons).toBe(4);
  });

  it("follows Egypt's summer time: a July day begins at 21:00 UTC the day before", async () => {
    const tutor = await createTutor();
    const student = await createStudent();
    await seedLesson(tutor.id, student.id, { start: "2025-07-14T21:00:00.000Z" }); // 15 Jul 00:00 Cairo
    await seedLesson(tutor.id, student.id, { start: "2025-07-15T20:45:00.000Z", duration: 15 }); // 15 Jul 23:45 Cairo
    await seedLesson(tutor.id, student.id, { start: "2025-07-15T21:00:00.000Z" }); // 16 Jul
    const series = await adminSeries(db(), { to: "2025-07-15", days: 1, weeks: 1, months: 1 });
    expect(series.lessonsPerDay).toEqual([{ start: "2025-07-15", value: 2 }]);
  });

  it("sums revenue per Cairo month: what was paid less what was refunded, unpaid orders left out", async () => {
    const student = await createStudent();
    await payment(student.id, 50_000, "2025-03-31T22:30:00.000Z"); // 1 Apr 00:30 Cairo: April
    await payment(student.id, 30_000, "2025-04-15T10:00:00.000Z", 10_000); // April, 100 EGP refunded
    await payment(student.id, 45_000, "2025-03-31T21:30:00.000Z"); // 31 Mar 23:30 Cairo: March
    await payment(student.id, 99_900, null); // never paid
    await payment(student.id, 12_000, "2025-05-02T09:00:00.000Z"); // May

    const series = await adminSeries(db(), { to: "2025-05-20", days: 1, weeks: 1, months: 3 });
    expect(series.revenuePerMonth).toEqual([
      { start: "2025-03-01", value: 45_000 },
      { start: "2025-04-01", value: 50_000 + 20_000 },
      { start: "2025-05-01", value: 12_000 },
    ]);
    expect(series.thisMonth.revenue).toBe(12_000);
    expect(series.today.revenue).toBe(0);
  });

  it("counts new students per Saturday-first Cairo week, other roles left out", async () => {
    // Week of Sat 6 Sep 2025 (summer time, UTC+3): Friday 5 Sep 23:30 Cairo belongs to the week before.
    await studentCreatedAt("2025-09-05T20:30:00.000Z"); // Fri 5 Sep 23:30 Cairo → week of 30 Aug
    await studentCreatedAt("2025-09-05T21:00:00.000Z"); // Sat 6 Sep 00:00 Cairo → week of 6 Sep
    await studentCreatedAt("2025-09-12T20:59:00.000Z"); // Fri 12 Sep 23:59 Cairo → week of 6 Sep
    await studentCreatedAt("2025-09-13T08:00:00.000Z"); // Sat 13 Sep → week of 13 Sep
    const tutor = await createUser(Role.Tutor);
    await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?")
      .bind("2025-09-07T08:00:00.000Z", tutor.id)
      .run();

    const series = await adminSeries(db(), { to: "2025-09-16", days: 1, weeks: 3, months: 1 });
    expect(series.newStudentsPerWeek).toEqual([
      { start: "2025-08-30", value: 1 },
      { start: "2025-09-06", value: 2 },
      { start: "2025-09-13", value: 1 },
    ]);
    expect(series.thisMonth.newStudents).toBe(4);
  });

  it("counts each tutor with a lesson in a week once, and tutors whose lessons were all cancelled not at all", async () => {
    const [busy, once, canceled] = [await createTutor(), await createTutor(), await createTutor()];
    const student = await createStudent();
    await seedLesson(busy.id, student.id, { start: "2025-11-01T08:00:00.000Z" }); // Sat 1 Nov
    await seedLesson(busy.id, student.id, { start: "2025-11-03T08:00:00.000Z" });
    await seedLesson(once.id, student.id, { start: "2025-11-07T08:00:00.000Z" }); // Fri 7 Nov
    await seedLesson(canceled.id, student.id, { start: "2025-11-04T08:00:00.000Z", canceled: true });
    await seedLesson(once.id, student.id, { start: "2025-11-08T08:00:00.000Z" }); // Sat 8 Nov: next week

    const series = await adminSeries(db(), { to: "2025-11-08", days: 1, weeks: 2, months: 1 });
    expect(series.activeTutorsPerWeek).toEqual([
      { start: "2025-11-01", value: 2 },
      { start: "2025-11-08", value: 1 },
    ]);
    expect(series.today.activeTutors).toBe(1);
    expect(series.thisMonth.activeTutors).toBe(2);
  });
});

describe("the series' cost", () => {
  it("reads everything in one D1 round trip: one batch of four statements, one per metric", async () => {
    let batches = 0;
    let prepared = 0;
    const database = db();
    const client = (database as unknown as { $client: D1Database }).$client;
    const spy = new Proxy(client, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (key === "batch")
          return (...args: [D1PreparedStatement[]]) => (batches++, value.apply(target, args));
        if (key === "prepare") return (...args: [string]) => (prepared++, value.apply(target, args));
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    Object.assign(database, { $client: spy });
    await adminSeries(database, { to: "2025-06-30", days: 92, weeks: 52, months: 24 });
    expect(batches).toBe(1);
    expect(prepared).toBe(4);
  });
});

describe("GET /stats/series", () => {
  it("answers an admin the figures and four series of the default lengths, ending today in Cairo", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const response = await callContract(statsContracts.series, { token: admin.token });
    expect(response.status).toBe(200);
    const body = response.body as AdminSeries;
    expect(body.lessonsPerDay).toHaveLength(14);
    expect(body.revenuePerMonth).toHaveLength(6);
    expect(body.newStudentsPerWeek).toHaveLength(8);
    expect(body.activeTutorsPerWeek).toHaveLength(8);
    expect(body.lessonsPerDay.at(-1)?.start).toBe(body.day);
    expect(body.newStudentsPerWeek.at(-1)?.start).toBe(weekStartOf(body.day));
    // This file's own student accounts were created now.
    expect(body.today.newStudents).toBeGreaterThan(0);
  });

  it("takes the last day and the lengths from the query", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const response = await callContract(statsContracts.series, {
      query: { to: "2025-02-10", days: "3", weeks: "2", months: "2" },
      token: admin.token,
    });
    expect(response.status).toBe(200);
    const body = response.body as AdminSeries;
    expect(body.lessonsPerDay.map((point) => point.start)).toEqual([
      "2025-02-08",
      "2025-02-09",
      "2025-02-10",
    ]);
    expect(body.newStudentsPerWeek.map((point) => point.start)).toEqual(["2025-02-01", "2025-02-08"]);
    expect(body.revenuePerMonth.map((point) => point.start)).toEqual(["2025-01-01", "2025-02-01"]);
  });

  it("refuses a day that does not exist and lengths out of range", async () => {
    const admin = await createUser(Role.SuperAdmin);
    for (const query of ["to=2025-02-30", "to=10-02-2025", "days=0", "days=93", "weeks=53", "months=abc"]) {
      const response = await call("GET", `/api/v1/stats/series?${query}`, { token: admin.token });
      expect([query, response.status, (response.body as { code: string }).code]).toEqual([
        query,
        400,
        "bad-request",
      ]);
    }
  });

  it("reports the database's size as D1 measures it, against D1's 10 GB limit", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const measured = (await env.DB.prepare("SELECT 1").run()).meta.size_after;
    const response = await callContract(statsContracts.series, { token: admin.token });
    expect(response.status).toBe(200);
    const { database } = response.body as AdminSeries;
    expect(database.limitBytes).toBe(10 * 1024 ** 3);
    // The series only reads, so the file is the size it was just before (SQLite pages: a multiple of 4 KiB).
    expect(database.bytes).toBe(measured);
    expect(database.bytes % 4096).toBe(0);
    expect(database.bytes).toBeGreaterThan(0);
  });

  it("refuses a tutor manager: the figures are the admins'", async () => {
    const manager = await createTutor({ role: Role.TutorManager });
    const response = await callContract(statsContracts.series, { token: manager.token });
    expect(response.status).toBe(403);
  });
});
