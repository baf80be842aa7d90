// The admin series' active tutors, counted per Cairo period as lessons are written
// (stats_tutor_periods, stats_active_tutors, cairo_offsets: schema/db/search.ts; the triggers of
// migrations/0018_active_tutor_periods.sql). The offsets table must agree with Intl's Africa/Cairo,
// the kept counts with the lessons counted directly through every kind of write, and
// GET /stats/series must read the same D1 rows whether there are 2,000 lessons or 20,000.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AdminSeries } from "../../schema/api/stats";
import { Role } from "../../schema/enums";
import {
  addDays,
  addMonths,
  CAIRO,
  dayOf,
  dayStart,
  monthStartOf,
  offsetMinutes,
  weekStartOf,
} from "../../schema/calendar";
import { adminSeries } from "../../worker/domain/staff/stats";
import { ROWS_READ_HEADER, ROWS_READ_REQUEST } from "../../worker/core/db";
import { createStudent, createTutor, db } from "./factories-lessons";
import { seedLesson } from "./factories-stats";
import { call, createUserWithRole } from "./helpers";
import migration from "../../migrations/0018_active_tutor_periods.sql?raw";
import { seededRandom } from "./seeded-random";

const HOUR_MS = 3_600_000;

const next = seededRandom(20280428);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

/**
 * Cairo days whose edges matter: 2028's clock changes (summer time from Friday 28 April, back on
 * Thursday 26 October), the ends of weeks (Friday → Saturday) and of months and a year.
 */
const edges = [
  "2028-04-28",
  "2028-04-29",
  "2028-06-30",
  "2028-09-30",
  "2028-10-27",
  "2028-12-30",
  "2029-01-01",
];

/** An instant within 90 minutes of one of those days' first instant, or anywhere in the days around it. */
function instant(): string {
  const start = dayStart(pick(edges), CAIRO).getTime();
  const offset =
    next() < 0.6
      ? (Math.floor(next() * 181) - 90) * 60_000
      : Math.floor(next() * 3 * 86_400) * 1000 - 86_400_000;
  return new Date(start + offset + Math.floor(next() * 60) * 1000).toISOString();
}

async function run(sql: string, ...params: unknown[]) {
  await env.DB.prepare(sql)
    .bind(...params)
    .run();
}

/** The kept rows, and the same computed here from the lessons with Intl (dayOf, weekStartOf). */
async function periodsBothWays() {
  const periods = await env.DB.prepare(
    "SELECT period, tutor_id AS tutorId, lessons FROM stats_tutor_periods ORDER BY period, tutor_id",
  ).all<{ period: string; tutorId: number; lessons: number }>();
  const counts = await env.DB.prepare(
    "SELECT period, tutors FROM stats_active_tutors WHERE tutors <> 0 ORDER BY period",
  ).all<{ period: string; tutors: number }>();
  const lessons = await env.DB.prepare(
    "SELECT tutor_id AS tutorId, start FROM lessons WHERE canceled_at IS NULL",
  ).all<{ tutorId: number; start: string }>();
  const perTutor = new Map<string, number>();
  for (const { tutorId, start } of lessons.results) {
    const day = dayOf(start, CAIRO);
    for (const period of [`d${day}`, `w${weekStartOf(day)}`, `m${day.slice(0, 7)}`]) {
      const key = `${period}|${String(tutorId).padStart(12, "0")}`;
      perTutor.set(key, (perTutor.get(key) ?? 0) + 1);
    }
  }
  const fresh = [...perTutor.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, count]) => {
      const [period, tutorId] = key.split("|") as [string, string];
      return { period, tutorId: Number(tutorId), lessons: count };
    });
  const tutors = new Map<string, number>();
  for (const { period } of fresh) tutors.set(period, (tutors.get(period) ?? 0) + 1);
  return {
    kept: { periods: periods.results, counts: counts.results },
    fresh: {
      periods: fresh,
      counts: [...tutors.entries()].map(([period, count]) => ({ period, tutors: count })),
    },
  };
}

/** Tutors with a lesson not cancelled in the Cairo days [first, next), counted straight from lessons. */
async function directly(first: string, next: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(DISTINCT tutor_id) AS v FROM lessons WHERE start >= ?1 AND start < ?2 AND canceled_at IS NULL",
  )
    .bind(dayStart(first, CAIRO).toISOString(), dayStart(next, CAIRO).toISOString())
    .first<{ v: number }>();
  return row!.v;
}

describe("cairo_offsets", () => {
  it("gives Intl's Africa/Cairo offset for every UTC hour of 2020–2040, each change on a whole hour", async () => {
    const rows = (
      await env.DB.prepare(
        "SELECT from_hour AS fromHour, minutes FROM cairo_offsets ORDER BY from_hour",
      ).all<{
        fromHour: string;
        minutes: number;
      }>()
    ).results;
    // Summer time came back in 2023: the table holds it, in both directions.
    expect(rows.filter((row) => row.fromHour.startsWith("2023-"))).toEqual([
      { fromHour: "2023-04-27T22", minutes: 180 },
      { fromHour: "2023-10-26T21", minutes: 120 },
    ]);
    let index = 0;
    let checked = 0;
    for (let at = Date.UTC(2020, 0, 1); at < Date.UTC(2041, 0, 1); at += HOUR_MS) {
      const hour = new Date(at).toISOString().slice(0, 13);
      while (index + 1 < rows.length && rows[index + 1]!.fromHour <= hour) index++;
      const kept = rows[index]!.minutes;
      if (offsetMinutes(at, CAIRO) !== kept)
        expect(`${hour}: ${offsetMinutes(at, CAIRO)}`).toBe(`${hour}: ${kept}`);
      // The last instant of the hour too, where the next hour's offset differs: the change is at the hour.
      if (rows[index + 1]?.fromHour === new Date(at + HOUR_MS).toISOString().slice(0, 13))
        expect(offsetMinutes(at + HOUR_MS - 1, CAIRO)).toBe(kept);
      checked++;
    }
    expect(checked).toBe(7_671 * 24); // 21 years, 6 of them leap
  });
});

describe("the active tutors per Cairo period", () => {
  it("equal the lessons counted directly, through inserts, cancellations, moves, tutor changes and deletes", async () => {
    const tutors = [await createTutor(), await createTutor(), await createTutor(), await createTutor()];
    const learner = await createStudent();
    const lessons: number[] = [];
    for (let i = 0; i < 90; i++)
      lessons.push(
        await seedLesson(pick(tutors).id, learner.id, { start: instant(), canceled: next() < 0.15 }),
      );
    const writes = { moved: 0, cancelled: 0, restored: 0, retutored: 0, deleted: 0 };
    for (const id of lessons) {
      const roll = next();
      if (roll < 0.15) {
        const start = instant();
        await run(`UPDATE lessons SET start = ?, "end" = ? WHERE id = ?`, start, start, id);
        writes.moved++;
      } else if (roll < 0.25) {
        await run("UPDATE lessons SET canceled_at = ? WHERE id = ?", new Date().toISOString(), id);
        writes.cancelled++;
      } else if (roll < 0.3) {
        await run("UPDATE lessons SET canceled_at = NULL WHERE id = ?", id);
        writes.restored++;
      } else if (roll < 0.4) {
        await run("UPDATE lessons SET tutor_id = ? WHERE id = ?", pick(tutors).id, id);
        writes.retutored++;
      } else if (roll < 0.47) {
        await run("DELETE FROM lesson_members WHERE lesson_id = ?", id);
        await run("DELETE FROM lessons WHERE id = ?", id);
        writes.deleted++;
      }
    }
    for (const count of Object.values(writes)) expect(count).toBeGreaterThan(0);

    const both = await periodsBothWays();
    expect(both.kept.periods.length).toBeGreaterThan(40);
    expect(both.kept).toEqual(both.fresh);
    // Only counts above 0 are kept per tutor (a period left empty loses its row).
    expect(both.kept.periods.every((row) => row.lessons > 0)).toBe(true);

    // The migration's backfill, run again from empty, writes the same rows.
    const backfill = migration
      .split("--> statement-breakpoint")
      .map((chunk) => chunk.replace(/^--.*$/gm, "").trim())
      .filter((statement) => /^INSERT INTO stats_(tutor_periods|active_tutors)/.test(statement));
    expect(backfill.length).toBe(2);
    await run("DELETE FROM stats_tutor_periods");
    await run("DELETE FROM stats_active_tutors");
    for (const statement of backfill) await run(statement);
    expect((await periodsBothWays()).kept).toEqual(both.fresh);

    // GET /stats/series answers what the lessons give, for days on both clock changes and on week, month and year edges.
    let nonZero = 0;
    for (const to of ["2028-04-28", "2028-04-29", "2028-07-01", "2028-10-01", "2028-10-27", "2029-01-01"]) {
      const series: AdminSeries = await adminSeries(db(), { to, days: 3, weeks: 3, months: 1 });
      expect(series.today.activeTutors).toBe(await directly(to, addDays(to, 1)));
      expect(series.thisMonth.activeTutors).toBe(await directly(monthStartOf(to), addMonths(to, 1)));
      for (const point of series.activeTutorsPerWeek)
        expect({ week: point.start, value: point.value }).toEqual({
          week: point.start,
          value: await directly(point.start, addDays(point.start, 7)),
        });
      nonZero += [series.today, series.thisMonth, ...series.activeTutorsPerWeek].filter(
        (figure) => ("activeTutors" in figure ? figure.activeTutors : figure.value) > 0,
      ).length;
    }
    // The lessons really fell into the periods compared.
    expect(nonZero).toBeGreaterThan(15);
  });
});

describe("a lesson whose start is not a readable time", () => {
  it("is written all the same and counted in no period until its start is mended", async () => {
    const tutor = await createTutor();
    const periods = async () =>
      (
        await env.DB.prepare(
          "SELECT period, lessons FROM stats_tutor_periods WHERE tutor_id = ? ORDER BY period",
        )
          .bind(tutor.id)
          .all<{ period: string; lessons: number }>()
      ).results;
    const at = new Date().toISOString();
    // A damaged start, as the staging rehearsal writes one (scripts/rehearse.mjs): SQLite's date() gives NULL.
    await run(
      `INSERT INTO lessons (tutor_id, start, "end", duration, price, created_by, created_at, updated_at)
       VALUES (?, '2028-04-28T10:00:00.000Z~', '2028-04-28T10:30:00.000Z', 30, 0, ?, ?, ?)`,
      tutor.id,
      tutor.id,
      at,
      at,
    );
    expect(await periods()).toEqual([]);
    await run("UPDATE lessons SET start = '2028-04-28T10:00:00.000Z' WHERE tutor_id = ?", tutor.id);
    expect(await periods()).toEqual([
      { period: "d2028-04-28", lessons: 1 },
      { period: "m2028-04", lessons: 1 },
      { period: "w2028-04-22", lessons: 1 },
    ]);
  });
});

describe("GET /stats/series at any data size", () => {
  it("reads the same D1 rows with 20,000 lessons as with 2,000", async () => {
    const admin = await createUserWithRole(Role.SuperAdmin);
    const tutors = await Promise.all(Array.from({ length: 40 }, () => createTutor()));
    const ids = JSON.stringify(tutors.map((tutor) => tutor.id));
    // Every UTC hour of May 2031 and the week after gets a lesson from the first 2,000 on, so the
    // hourly sums (stats_hours) read as many rows at both sizes: what could still grow is the tutors.
    const first = dayStart("2031-05-01", CAIRO).toISOString();
    const hours = 912;
    const seed = (from: number, to: number) =>
      run(
        `WITH RECURSIVE n(i) AS (SELECT CAST(?1 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
         INSERT INTO lessons (tutor_id, start, "end", duration, price, tutor_earning, created_by, created_at, updated_at)
         SELECT json_extract(?3, '$[' || (i % 40) || ']'),
                strftime('%Y-%m-%dT%H:%M:%fZ', ?4, '+' || (i % CAST(?5 AS INTEGER)) || ' hours', '+' || (i / CAST(?5 AS INTEGER)) || ' minutes'),
                strftime('%Y-%m-%dT%H:%M:%fZ', ?4, '+' || (i % CAST(?5 AS INTEGER)) || ' hours', '+' || (i / CAST(?5 AS INTEGER) + 30) || ' minutes'),
                30, 0, 0, json_extract(?3, '$[' || (i % 40) || ']'), ?4, ?4
         FROM n`,
        from,
        to - 1,
        ids,
        first,
        hours,
      );
    const ask = async () => {
      const answer = await call("GET", "/api/v1/stats/series?to=2031-05-31&days=31&weeks=4&months=1", {
        token: admin.token,
        headers: { [ROWS_READ_REQUEST.name]: ROWS_READ_REQUEST.value },
      });
      expect(answer.status).toBe(200);
      return { rows: Number(answer.headers.get(ROWS_READ_HEADER)), body: answer.body as AdminSeries };
    };

    await seed(0, 2_000);
    const small = await ask();
    await seed(2_000, 20_000);
    const large = await ask();

    // The data really is ten times larger where the series look, every tutor active at both sizes.
    expect(small.body.thisMonth.activeTutors).toBe(40);
    expect(large.body.thisMonth.activeTutors).toBe(40);
    expect(large.body.thisMonth.lessons).toBeGreaterThan(8 * small.body.thisMonth.lessons);
    expect(small.rows).toBeGreaterThan(0);
    expect(large.rows).toBe(small.rows);
  });
});
