// The admin series read pre-aggregated hours (stats_hours: schema/db/search.ts, kept by the triggers
// of migrations/0017) and active tutors counted per Cairo period (migrations/0018, checked on its
// own in tests/worker/active-tutors.test.ts). Over generated lessons, payments and accounts around
// both of Cairo's 2027 clock changes — written, moved, cancelled, restored, refunded, deleted —
// GET /stats/series must answer exactly what the raw rows give when counted directly, as the
// series were computed before, and the hours must equal the rows' own aggregation (the backfill's).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AdminFigures, AdminSeries } from "../../schema/api/stats";
import { Role } from "../../schema/enums";
import { addDays, addMonths, CAIRO, dayStart, monthStartOf } from "../../schema/calendar";
import { adminSeries } from "../../worker/domain/staff/stats";
import { createPlan, createStudent, createTutor, db } from "./factories-lessons";
import { seedLesson } from "./factories-stats";
import migration from "../../migrations/0017_admin_search_and_daily_stats.sql?raw";
import { seededRandom } from "./seeded-random";

const next = seededRandom(20270430);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

/**
 * An instant around one of Cairo's 2027 clock changes (summer time from 30 April, back on 29
 * October): half of them within 90 minutes of 21:00 or 22:00 UTC, Cairo's midnight in summer and
 * in winter, the rest anywhere in the three weeks around it.
 */
function instant(): string {
  const base = Date.parse(pick(["2027-04-20T00:00:00.000Z", "2027-10-19T00:00:00.000Z"]));
  const day = Math.floor(next() * 21);
  const minute =
    next() < 0.5 ? pick([21, 22]) * 60 + Math.floor(next() * 181) - 90 : Math.floor(next() * 24 * 60);
  return new Date(base + day * 86_400_000 + minute * 60_000).toISOString();
}

async function run(sql: string, ...params: unknown[]) {
  await env.DB.prepare(sql)
    .bind(...params)
    .run();
}

/** The series as they were computed before the hours: straight from lessons, transactions and users. */
const direct: Record<keyof AdminFigures, string> = {
  lessons: "SELECT count(*) AS v FROM lessons WHERE start >= ?1 AND start < ?2 AND canceled_at IS NULL",
  revenue:
    "SELECT COALESCE(SUM(amount - refunded_amount), 0) AS v FROM transactions WHERE paid_at >= ?1 AND paid_at < ?2",
  newStudents: `SELECT count(*) AS v FROM users WHERE role = ${Role.Student} AND created_at >= ?1 AND created_at < ?2`,
  activeTutors:
    "SELECT count(DISTINCT tutor_id) AS v FROM lessons WHERE start >= ?1 AND start < ?2 AND canceled_at IS NULL",
};

async function directly(metric: keyof AdminFigures, first: string, next: string): Promise<number> {
  const row = await env.DB.prepare(direct[metric])
    .bind(dayStart(first, CAIRO).toISOString(), dayStart(next, CAIRO).toISOString())
    .first<{ v: number }>();
  return row!.v;
}

async function expected(series: AdminSeries): Promise<AdminSeries> {
  const figures = async (first: string, next: string): Promise<AdminFigures> => ({
    lessons: await directly("lessons", first, next),
    revenue: await directly("revenue", first, next),
    newStudents: await directly("newStudents", first, next),
    activeTutors: await directly("activeTutors", first, next),
  });
  const points = (metric: keyof AdminFigures, list: { start: string }[], step: (d: string) => string) =>
    Promise.all(
      list.map(async ({ start }) => ({ start, value: await directly(metric, start, step(start)) })),
    );
  const { day } = series;
  return {
    day,
    // The size is D1's own measure, not a figure counted from rows: taken as answered.
    database: series.database,
    today: await figures(day, addDays(day, 1)),
    thisMonth: await figures(monthStartOf(day), addMonths(day, 1)),
    lessonsPerDay: await points("lessons", series.lessonsPerDay, (d) => addDays(d, 1)),
    revenuePerMonth: await points("revenue", series.revenuePerMonth, (d) => addMonths(d, 1)),
    newStudentsPerWeek: await points("newStudents", series.newStudentsPerWeek, (d) => addDays(d, 7)),
    activeTutorsPerWeek: await points("activeTutors", series.activeTutorsPerWeek, (d) => addDays(d, 7)),
  };
}

/** The hours the triggers kept, and the same aggregation computed from the rows now (non-zero only). */
async function hoursBothWays() {
  const kept = await env.DB.prepare(
    `SELECT metric, hour, value FROM stats_hours WHERE value <> 0 ORDER BY 1, 2`,
  ).all();
  const fresh = await env.DB.prepare(
    `SELECT * FROM (
       SELECT 'lessons' AS metric, substr(start, 1, 13) AS hour, count(*) AS value FROM lessons WHERE canceled_at IS NULL GROUP BY 2
       UNION ALL SELECT 'revenue', substr(paid_at, 1, 13), SUM(amount - refunded_amount) FROM transactions WHERE paid_at IS NOT NULL GROUP BY 2
       UNION ALL SELECT 'newStudents', substr(created_at, 1, 13), count(*) FROM users WHERE role = ${Role.Student} GROUP BY 2
     ) WHERE value <> 0 ORDER BY 1, 2`,
  ).all();
  return { kept: kept.results, fresh: fresh.results };
}

describe("the admin series from pre-aggregated hours", () => {
  it("answer exactly as the raw rows do, across Cairo's clock changes, through every kind of write", async () => {
    const tutors = [await createTutor(), await createTutor(), await createTutor()];
    const learner = await createStudent();
    const planId = await createPlan();
    const lessons: number[] = [];
    for (let i = 0; i < 70; i++)
      lessons.push(
        await seedLesson(pick(tutors).id, learner.id, {
          start: instant(),
          duration: pick([15, 30] as const),
          canceled: next() < 0.2,
        }),
      );
    for (const id of lessons) {
      const roll = next();
      if (roll < 0.15) {
        const start = instant();
        await run(`UPDATE lessons SET start = ?, "end" = ? WHERE id = ?`, start, start, id);
      } else if (roll < 0.25) await run("UPDATE lessons SET canceled_at = ? WHERE id = ?", instant(), id);
      else if (roll < 0.3) await run("UPDATE lessons SET canceled_at = NULL WHERE id = ?", id);
      else if (roll < 0.35) await run("UPDATE lessons SET tutor_id = ? WHERE id = ?", pick(tutors).id, id);
      else if (roll < 0.4) {
        await run("DELETE FROM lesson_members WHERE lesson_id = ?", id);
        await run("DELETE FROM lessons WHERE id = ?", id);
      }
    }
    for (let i = 0; i < 40; i++) {
      const amount = 1000 * (1 + Math.floor(next() * 20));
      const paidAt = next() < 0.8 ? instant() : null;
      const now = new Date().toISOString();
      const row = await env.DB.prepare(
        `INSERT INTO transactions (user_id, plan_id, period, base_amount, amount, method, status, merchant_ref_num, refunded_amount, paid_at, created_at, updated_at)
         VALUES (?, ?, 0, ?, ?, 0, ?, ?, 0, ?, ?, ?) RETURNING id`,
      )
        .bind(learner.id, planId, amount, amount, paidAt ? 1 : 0, crypto.randomUUID(), paidAt, now, now)
        .first<{ id: number }>();
      const roll = next();
      if (roll < 0.25)
        await run("UPDATE transactions SET refunded_amount = ? WHERE id = ?", amount / 2, row!.id);
      else if (roll < 0.35) await run("UPDATE transactions SET paid_at = ? WHERE id = ?", instant(), row!.id);
      else if (roll < 0.4) await run("UPDATE transactions SET amount = amount + 500 WHERE id = ?", row!.id);
    }
    for (let i = 0; i < 30; i++) {
      const student = await createStudent();
      await run("UPDATE users SET created_at = ? WHERE id = ?", instant(), student.id);
      const roll = next();
      if (roll < 0.15) await run("UPDATE users SET role = ? WHERE id = ?", Role.Tutor, student.id);
      else if (roll < 0.25) await run("UPDATE users SET created_at = ? WHERE id = ?", instant(), student.id);
    }

    // The hours hold what aggregating the rows now gives (and what the migration's backfill computes).
    const hours = await hoursBothWays();
    expect(hours.kept.length).toBeGreaterThan(50);
    expect(hours.kept).toEqual(hours.fresh);

    // The migration's backfill, run again from empty, writes the same hours.
    const backfill = migration
      .split("--> statement-breakpoint")
      .map((chunk) => chunk.replace(/^--.*$/gm, "").trim())
      .filter((statement) => statement.startsWith("INSERT INTO stats_hours"));
    expect(backfill.length).toBe(3);
    await run("DELETE FROM stats_hours");
    for (const statement of backfill) await run(statement);
    expect(await hoursBothWays()).toEqual(hours);

    const asked = [
      { to: "2027-05-03", days: 20, weeks: 6, months: 2 },
      { to: "2027-04-30", days: 3, weeks: 2, months: 1 },
      { to: "2027-10-29", days: 14, weeks: 4, months: 1 },
      { to: "2027-11-08", days: 30, weeks: 10, months: 8 },
    ];
    let nonZero = 0;
    for (const query of asked) {
      const series = await adminSeries(db(), query);
      expect(series).toEqual(await expected(series));
      nonZero += series.lessonsPerDay.filter((point) => point.value > 0).length;
      nonZero += series.activeTutorsPerWeek.filter((point) => point.value > 0).length;
    }
    // The data really fell into the periods compared.
    expect(nonZero).toBeGreaterThan(20);
  });
});
