import { env } from "cloudflare:workers";
import { createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { emulators } from "../../emulators/local";
import { runScheduled, schedules } from "../../worker/jobs";
import { addMinutes, book, createStudent, gridTime, subscribe, tutorFreeAt } from "./factories-lessons";

const DAY = 86_400_000;
const HOUR = 3_600_000;

async function runCron(cron: string, at: Date) {
  await runScheduled(createScheduledController({ cron, scheduledTime: at.getTime() }), env, emulators);
}

const keys = async (prefix: string) =>
  (
    await env.DB.prepare(
      "SELECT dedupe_key FROM notifications_outbox WHERE dedupe_key LIKE ? ORDER BY dedupe_key",
    )
      .bind(`${prefix}%`)
      .all<{ dedupe_key: string }>()
  ).results.map((row) => row.dedupe_key);

async function bookedLesson(hours: number) {
  const start = gridTime(hours);
  const tutor = await tutorFreeAt(start, 2, { notice: 1 });
  const student = await createStudent();
  await subscribe(student.id, { weeklyMinutes: 120 });
  const response = await book(student, tutor.id, start, 30);
  expect(response.status).toBe(201);
  return { start, tutor, student, lessonId: response.body.id as number };
}

describe("cron: lesson reminders", () => {
  it("sends the 1-day reminder to both members once, however often the job runs", async () => {
    const { start, tutor, student, lessonId } = await bookedLesson(30);
    const dayBefore = new Date(start.getTime() - 23 * HOUR);
    await runCron(schedules.everyFiveMinutes, dayBefore);
    await runCron(schedules.everyFiveMinutes, new Date(dayBefore.getTime() + 5 * 60_000));
    expect(await keys(`reminder:${lessonId}:`)).toEqual(
      [`reminder:${lessonId}:1d:${tutor.id}:email`, `reminder:${lessonId}:1d:${student.id}:email`].sort(),
    );
    const subject = await env.DB.prepare("SELECT subject FROM notifications_outbox WHERE dedupe_key = ?")
      .bind(`reminder:${lessonId}:1d:${student.id}:email`)
      .first();
    expect(subject).toEqual({ subject: "تذكير: حصتك بعد يوم" });
  });

  it("writes the reminder's time on each member's own clock and names that clock", async () => {
    const { start, tutor, student, lessonId } = await bookedLesson(30);
    await env.DB.prepare("UPDATE users SET time_zone = 'Asia/Riyadh' WHERE id = ?").bind(student.id).run();
    await runCron(schedules.everyFiveMinutes, new Date(start.getTime() - 23 * HOUR));
    const body = async (userId: number) =>
      (
        await env.DB.prepare("SELECT body FROM notifications_outbox WHERE dedupe_key = ?")
          .bind(`reminder:${lessonId}:1d:${userId}:email`)
          .first<{ body: string }>()
      )?.body;
    const clock = (zone: string) =>
      new Intl.DateTimeFormat("ar-EG", { timeZone: zone, dateStyle: "full", timeStyle: "short" }).format(
        start,
      );
    expect(clock("Asia/Riyadh")).not.toBe(clock("Africa/Cairo"));
    expect(await body(student.id)).toContain(`${clock("Asia/Riyadh")} بتوقيت الرياض`);
    expect(await body(tutor.id)).toContain(`${clock("Africa/Cairo")} بتوقيت القاهرة`);
    expect(await body(student.id)).not.toContain("\uE000");
  });

  it("sends the 1-hour reminder once when the lesson is within the hour", async () => {
    const { start, lessonId } = await bookedLesson(30);
    const hourBefore = new Date(start.getTime() - 50 * 60_000);
    await runCron(schedules.everyFiveMinutes, hourBefore);
    await runCron(schedules.everyFiveMinutes, new Date(hourBefore.getTime() + 10 * 60_000));
    expect((await keys(`reminder:${lessonId}:1h:`)).length).toBe(2);
    expect((await keys(`reminder:${lessonId}:1d:`)).length).toBe(0);
  });

  it("sends nothing for a cancelled lesson or one more than a day away", async () => {
    const { start, lessonId } = await bookedLesson(30);
    await runCron(schedules.everyFiveMinutes, new Date(start.getTime() - 2 * DAY));
    expect(await keys(`reminder:${lessonId}:`)).toEqual([]);
    await env.DB.prepare("UPDATE lessons SET canceled_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), lessonId)
      .run();
    await runCron(schedules.everyFiveMinutes, new Date(start.getTime() - 30 * 60_000));
    expect(await keys(`reminder:${lessonId}:`)).toEqual([]);
  });
});

describe("cron: weekly renewal", () => {
  it("announces the new week's minutes once and records the closed week's usage", async () => {
    const student = await createStudent();
    const now = Date.now();
    const sub = await subscribe(student.id, { weeklyMinutes: 60, now: new Date(now - 8 * DAY) });
    const at = new Date(now - 8 * DAY).toISOString();
    const used = addMinutes(new Date(now - 7.5 * DAY), 0);
    const insert = (start: Date, duration: number, canceled: string | null) =>
      env.DB.prepare(
        'INSERT INTO lessons (tutor_id, start, "end", duration, price, subscription_id, created_by, canceled_at, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?)',
      )
        .bind(
          student.id,
          start.toISOString(),
          addMinutes(start, duration).toISOString(),
          duration,
          sub.id,
          student.id,
          canceled,
          at,
          at,
        )
        .run();
    await insert(used, 30, null);
    await insert(addMinutes(used, 60), 15, at);
    await runCron(schedules.hourly, new Date(now));
    await runCron(schedules.hourly, new Date(now + HOUR));
    const weeks = await env.DB.prepare(
      "SELECT week_index, used_minutes, announced_at IS NOT NULL AS announced, closed_at IS NOT NULL AS closed FROM subscription_weeks WHERE subscription_id = ? ORDER BY week_index",
    )
      .bind(sub.id)
      .all();
    expect(weeks.results).toEqual([
      { week_index: 0, used_minutes: 30, announced: 0, closed: 1 },
      { week_index: 1, used_minutes: null, announced: 1, closed: 0 },
    ]);
    expect(await keys(`renewal:${sub.id}:`)).toEqual([`renewal:${sub.id}:1:${student.id}:email`]);
    const message = await env.DB.prepare("SELECT body FROM notifications_outbox WHERE dedupe_key = ?")
      .bind(`renewal:${sub.id}:1:${student.id}:email`)
      .first<{ body: string }>();
    expect(message?.body).toContain("٦٠ دقيقة");
  });

  it("ends subscriptions whose end has passed and records all their weeks", async () => {
    const student = await createStudent();
    const sub = await subscribe(student.id, { now: new Date(Date.now() - 30 * DAY) });
    await runCron(schedules.hourly, new Date());
    expect(
      await env.DB.prepare("SELECT status FROM subscriptions WHERE id = ?").bind(sub.id).first(),
    ).toEqual({ status: "ended" });
    const weeks = await env.DB.prepare(
      "SELECT count(*) AS n, sum(closed_at IS NOT NULL) AS closed FROM subscription_weeks WHERE subscription_id = ?",
    )
      .bind(sub.id)
      .first();
    expect(weeks).toEqual({ n: 4, closed: 4 });
    expect(await keys(`renewal:${sub.id}:`)).toEqual([]);
  });
});
