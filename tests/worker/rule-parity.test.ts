import { env } from "cloudflare:workers";
import { sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { addDays, CAIRO, dayOf, dayStart, dayStartsJson, offsetSpans } from "../../schema/calendar";
import { dayStartInSql, localDaySql } from "../../schema/calendar-sql";
import { InterviewStatus, ReviewStatus, Role } from "../../schema/enums";
import { DAY_MS, HOUR_MS } from "../../schema/time";
import {
  bookableTutorSql,
  holdsTime,
  holdsTimeSql,
  isBookableTutor,
  isLiveSubscription,
  lessonChangeableSql,
  lessonChangeRefusal,
  lessonState,
  lessonStateSql,
  liveSubscriptionSql,
  subscriptionStatus,
  subscriptionStatusSql,
  type AppointmentKind,
} from "../../worker/domain/state-rules";

/**
 * Each rule of worker/domain/state-rules.ts and schema/calendar-sql.ts in both forms: the generated
 * rows are put into D1 (a VALUES table of the statement, in chunks under D1's 100 bound values),
 * the SQL form answers for every row there, and the TypeScript form must give the same answer.
 */

const dialect = new SQLiteAsyncDialect();
type Value = string | number | null;

/** The SQL form's answer for each row: `rows` become the table `r(id, ...columns)`, `answer` is read per row. */
async function answersInD1(
  columns: string[],
  rows: Value[][],
  answer: SQL,
  from: SQL = sql`r`,
): Promise<Value[]> {
  const perChunk = Math.floor(90 / (columns.length + 1));
  const statements = [];
  for (let first = 0; first < rows.length; first += perChunk) {
    const chunk = rows.slice(first, first + perChunk);
    const values = sql.join(
      chunk.map(
        (row, i) => sql`(${sql.join([sql`${first + i}`, ...row.map((value) => sql`${value}`)], sql`, `)})`,
      ),
      sql`, `,
    );
    const head = sql.raw(`r(id, ${columns.map((c) => `"${c}"`).join(", ")})`);
    const query = dialect.sqlToQuery(
      sql`WITH ${head} AS (VALUES ${values}) SELECT r.id AS id, ${answer} AS answer FROM ${from} ORDER BY r.id`,
    );
    statements.push(env.DB.prepare(query.sql).bind(...query.params));
  }
  const results = await env.DB.batch<{ id: number; answer: Value }>(statements);
  return results.flatMap((result) => result.results.map((row) => row.answer));
}

const NOW = new Date("2026-11-25T12:00:00.000Z");
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const MINUTE = 60_000;

describe("rule parity: TypeScript and SQL give the same answer", () => {
  it("a lesson's state (cancelled, pending, happening, fulfilled), at and around its start and end", async () => {
    const offsets = [-3 * HOUR_MS, -30 * MINUTE, -1, 0, 1, 15 * MINUTE, 30 * MINUTE, 2 * HOUR_MS];
    const rows: Array<{ start: string; end: string; canceledAt: string | null }> = [];
    for (const start of offsets)
      for (const length of [15 * MINUTE, 30 * MINUTE])
        for (const canceledAt of [null, at(-DAY_MS)])
          rows.push({ start: at(start), end: at(start + length), canceledAt });
    const answers = await answersInD1(
      ["start", "end", "canceled_at"],
      rows.map((row) => [row.start, row.end, row.canceledAt]),
      lessonStateSql("r", NOW.toISOString()),
    );
    expect(new Set(answers)).toEqual(new Set(["canceled", "pending", "happening", "fulfilled"]));
    expect(answers).toEqual(rows.map((row) => lessonState(row, NOW)));
  });

  it("a lesson can still be cancelled or moved: not cancelled, not started, outside the cancel window (0 and 6 hours)", async () => {
    const cases: Array<{ start: string; canceledAt: string | null; hours: number }> = [];
    for (const hours of [0, 6])
      for (const start of [
        -HOUR_MS,
        -1,
        0,
        1,
        hours * HOUR_MS - 1,
        hours * HOUR_MS,
        hours * HOUR_MS + 1,
        2 * DAY_MS,
      ])
        for (const canceledAt of [null, at(-DAY_MS)]) cases.push({ start: at(start), canceledAt, hours });
    for (const hours of [0, 6]) {
      const mine = cases.filter((c) => c.hours === hours);
      const business = { cancelWindowHours: hours };
      const answers = await answersInD1(
        ["start", "canceled_at"],
        mine.map((c) => [c.start, c.canceledAt]),
        lessonChangeableSql("r", NOW, business),
      );
      expect(answers.map(Boolean)).toEqual(mine.map((c) => lessonChangeRefusal(c, NOW, business) === null));
      expect(answers.filter(Boolean).length).toBeGreaterThan(0);
    }
    expect(new Set(cases.map((c) => lessonChangeRefusal(c, NOW, { cancelWindowHours: c.hours })))).toEqual(
      new Set([null, "illegal", "lesson-time-passed", "lesson-cancel-window-passed"]),
    );
  });

  it("a subscription's status and whether it is live, for every stored status and ends around now", async () => {
    const rows: Array<{ status: string; end: string }> = [];
    for (const status of ["active", "ended", "canceled"])
      for (const end of [-7 * DAY_MS, -1, 0, 1, 7 * DAY_MS]) rows.push({ status, end: at(end) });
    const columns = ["status", "end"];
    const values = rows.map((row) => [row.status, row.end]);
    const statuses = await answersInD1(columns, values, subscriptionStatusSql("r", NOW.toISOString()));
    const live = await answersInD1(columns, values, liveSubscriptionSql("r", NOW.toISOString()));
    expect(statuses).toEqual(rows.map((row) => subscriptionStatus(row, NOW)));
    expect(live.map(Boolean)).toEqual(rows.map((row) => isLiveSubscription(row, NOW)));
    expect(live.filter(Boolean)).toHaveLength(2);
  });

  it("an appointment holds its people's time only while pending, for every interview and demo status", async () => {
    const cases: Array<{ kind: AppointmentKind; status: number }> = [
      ...Object.values(InterviewStatus).map((status) => ({ kind: "interview" as const, status })),
      ...Object.values(ReviewStatus).map((status) => ({ kind: "demo" as const, status })),
    ];
    for (const kind of ["interview", "demo"] as const) {
      const mine = cases.filter((c) => c.kind === kind);
      const answers = await answersInD1(
        ["status"],
        mine.map((c) => [c.status]),
        holdsTimeSql(kind, "r"),
      );
      expect(answers.map(Boolean)).toEqual(mine.map((c) => holdsTime(kind, c.status)));
      expect(answers.filter(Boolean)).toHaveLength(1);
    }
  });

  it("a tutor can be booked: tutor side, activated, not suspended, not deleted, for every role", async () => {
    const rows: Array<{
      role: number;
      activated: number | null;
      suspendedAt: string | null;
      deletedAt: string | null;
    }> = [];
    for (const role of Object.values(Role))
      for (const activated of [null, 0, 1])
        for (const suspendedAt of [null, at(-DAY_MS)])
          for (const deletedAt of [null, at(-DAY_MS)]) rows.push({ role, activated, suspendedAt, deletedAt });
    const answers = await answersInD1(
      ["role", "activated", "suspended_at", "deleted_at"],
      rows.map((row) => [row.role, row.activated, row.suspendedAt, row.deletedAt]),
      bookableTutorSql("u", "t"),
      sql`r JOIN r u ON u.id = r.id JOIN r t ON t.id = r.id`,
    );
    expect(answers.map(Boolean)).toEqual(rows.map(isBookableTutor));
    expect(answers.filter(Boolean)).toHaveLength(2); // Tutor and TutorManager, activated, not suspended or deleted
  });

  it("an instant's Cairo day, hour by hour across both of 2026's clock changes", async () => {
    const instants: string[] = [];
    for (const [first, last] of [
      ["2026-04-22T00:00:00.000Z", "2026-04-26T00:00:00.000Z"],
      ["2026-10-28T00:00:00.000Z", "2026-11-01T00:00:00.000Z"],
    ] as const)
      for (let t = Date.parse(first); t <= Date.parse(last); t += HOUR_MS / 2)
        instants.push(new Date(t).toISOString());
    const spans = offsetSpans(Date.parse("2026-01-01T00:00:00Z"), Date.parse("2027-01-01T00:00:00Z"), CAIRO);
    const answers = await answersInD1(
      ["at"],
      instants.map((instant) => [instant]),
      localDaySql(sql.raw("r.at"), spans),
    );
    expect(answers).toEqual(instants.map((instant) => dayOf(instant, CAIRO)));
  });

  it("a Cairo day's first instant looked up from the day-starts JSON, on change days and ordinary ones", async () => {
    const days = Array.from({ length: 12 }, (_, i) => addDays("2026-04-20", i)).concat(
      Array.from({ length: 6 }, (_, i) => addDays("2026-10-27", i)),
    );
    const json = dayStartsJson("2026-04-20", "2026-11-01", CAIRO);
    const answers = await answersInD1(
      ["day"],
      days.map((day) => [day]),
      dayStartInSql(json, sql.raw("r.day")),
    );
    expect(answers).toEqual(days.map((day) => dayStart(day, CAIRO).toISOString()));
  });
});
