// The booking finds the subscription week of a lesson inside its one SQL batch (SQLite knows no
// time zones): the week must be exactly weekContaining's, across Cairo's clock changes and at a
// subscription's last hours.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { bookingContextSql } from "../../worker/domain/lessons/booking";
import { rows } from "../../worker/domain/lessons/lessons";
import { weekContaining } from "../../worker/domain/lessons/weekly-minutes";
import { createUser, db, subscribe } from "./factories-lessons";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

async function sqlWeek(
  studentId: number,
  subStart: Date,
  weeks: number,
  period: number,
  now: Date,
  lessonStart: Date,
) {
  const end = new Date(subStart.getTime() + weeks * 7 * DAY).toISOString();
  await env.DB.prepare(
    "UPDATE subscriptions SET start = ?, \"end\" = ?, period = ?, status = 'active' WHERE user_id = ?",
  )
    .bind(subStart.toISOString(), end, period, studentId)
    .run();
  const w = {
    tutorId: 0,
    studentId,
    start: lessonStart.toISOString(),
    end: new Date(lessonStart.getTime() + 30 * 60 * 1000).toISOString(),
    excludeId: 0,
  };
  const [row] = await rows<{ weekStart: string | null; weekEnd: string | null; subId: number | null }>(
    db(),
    bookingContextSql(w, studentId, now),
  );
  return row!;
}

describe("the booking's subscription week, in SQL", () => {
  it("is weekContaining's week for starts around Cairo midnight in summer and winter and across both clock changes", async () => {
    const student = await createUser(Role.Student);
    await subscribe(student.id);
    const starts: Date[] = [];
    // Every 4 days of 2026 at 21:30 UTC (Cairo's next day in summer, the same day in winter) ...
    for (
      let t = Date.parse("2026-01-02T21:30:00.000Z");
      t < Date.parse("2027-01-01T00:00:00.000Z");
      t += 4 * DAY
    )
      starts.push(new Date(t));
    // ... and every 3 hours over the days around the April and October changes.
    for (const around of ["2026-04-22T00:00:00.000Z", "2026-10-27T00:00:00.000Z"])
      for (let t = Date.parse(around); t < Date.parse(around) + 5 * DAY; t += 3 * HOUR)
        starts.push(new Date(t));
    let checked = 0;
    for (const subStart of starts) {
      const now = new Date(subStart.getTime() + HOUR);
      for (const lessonStart of [
        new Date(subStart.getTime() + 2 * HOUR),
        new Date(subStart.getTime() + 9 * DAY + 3 * HOUR),
        new Date(subStart.getTime() + 28 * DAY - 30 * 60 * 1000),
      ]) {
        const row = await sqlWeek(student.id, subStart, 4, 0, now, lessonStart);
        const expected = weekContaining(subStart.toISOString(), 4, lessonStart);
        expect([subStart.toISOString(), lessonStart.toISOString(), row.weekStart, row.weekEnd]).toEqual([
          subStart.toISOString(),
          lessonStart.toISOString(),
          expected.start,
          expected.end,
        ]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it("is weekContaining's week for a year's subscription booked in its last weeks (offsets a year back)", async () => {
    const student = await createUser(Role.Student);
    await subscribe(student.id);
    for (const start of [
      "2026-04-23T21:30:00.000Z",
      "2026-06-10T21:15:00.000Z",
      "2026-10-29T21:45:00.000Z",
      "2026-12-01T22:30:00.000Z",
    ]) {
      const subStart = new Date(start);
      const end = subStart.getTime() + 52 * 7 * DAY;
      const now = new Date(end - 3 * DAY);
      for (const lessonStart of [new Date(end - 2 * DAY), new Date(end - 30 * 60 * 1000)]) {
        const row = await sqlWeek(student.id, subStart, 52, 2, now, lessonStart);
        const expected = weekContaining(start, 52, lessonStart);
        expect([start, row.weekStart, row.weekEnd]).toEqual([start, expected.start, expected.end]);
      }
    }
  });

  it("has no week without a live subscription", async () => {
    const student = await createUser(Role.Student);
    const now = new Date();
    const lessonStart = new Date(now.getTime() + DAY);
    const w = {
      tutorId: 0,
      studentId: student.id,
      start: lessonStart.toISOString(),
      end: new Date(lessonStart.getTime() + 30 * 60 * 1000).toISOString(),
      excludeId: 0,
    };
    const [row] = await rows<{ weekStart: string | null; subId: number | null }>(
      db(),
      bookingContextSql(w, student.id, now),
    );
    expect(row).toMatchObject({ subId: null, weekStart: null });
  });
});
