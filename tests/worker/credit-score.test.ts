import { env } from "cloudflare:workers";
import { createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { emulators } from "../../emulators/local";
import { Role, RoomMembershipEvent } from "../../schema/enums";
import { runScheduled, schedules } from "../../worker/jobs";
import { CREDIT_SCORE_LESSONS } from "../../worker/domain/lessons/credit-score";
import {
  book,
  createStudent,
  createTutor,
  gridTime,
  subscribe,
  tutorFreeAt,
  type Session,
} from "./factories-lessons";
import { availabilitySlotContracts } from "../../schema/api/availability-slot";
import { callContract, register } from "./helpers";

/**
 * The reliability figure (users.credit_score, docs/rules.md Lessons: reliability): recomputed by
 * the five-minute cron for the members of lessons whose end just passed.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Lesson = {
  startMinutesAgo: number;
  joined?: Session[];
  canceledBy?: Session | null;
  /** How long before the start it was cancelled (minutes). */
  canceledMinutesBefore?: number;
  reportedAbsent?: boolean;
};

/** A 30-minute lesson of the pair, relative to `now`, with its room's joins. */
async function lesson(now: Date, tutor: Session, student: Session, options: Lesson) {
  const start = new Date(now.getTime() - options.startMinutesAgo * MINUTE);
  const end = new Date(start.getTime() + 30 * MINUTE);
  const canceledAt =
    options.canceledMinutesBefore !== undefined
      ? new Date(start.getTime() - options.canceledMinutesBefore * MINUTE).toISOString()
      : options.reportedAbsent
        ? new Date(start.getTime() + 15 * MINUTE).toISOString()
        : null;
  const at = new Date(start.getTime() - 2 * 24 * HOUR).toISOString();
  const row = await env.DB.prepare(
    `INSERT INTO lessons (tutor_id, start, "end", duration, price, created_by, canceled_at, canceled_by, reported_absent_at, created_at, updated_at)
     VALUES (?, ?, ?, 30, 12750, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      tutor.id,
      start.toISOString(),
      end.toISOString(),
      student.id,
      canceledAt,
      options.canceledBy?.id ?? null,
      options.reportedAbsent ? canceledAt : null,
      at,
      at,
    )
    .first<{ id: number }>();
  const id = row!.id;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?), (?, ?, ?, ?)",
    ).bind(id, tutor.id, Role.Tutor, at, id, student.id, Role.Student, at),
    ...(options.joined ?? []).map((who) =>
      env.DB.prepare(
        "INSERT INTO session_attendance (session_id, user_id, event, at) VALUES (?, ?, ?, ?)",
      ).bind(`lesson:${id}`, who.id, RoomMembershipEvent.UserJoined, start.toISOString()),
    ),
  ]);
  return id;
}

const scoreOf = async (who: Session) =>
  (await env.DB.prepare("SELECT credit_score AS score FROM users WHERE id = ?").bind(who.id).first<{
    score: number;
  }>())!.score;

const runCron = (at: Date, cron: string = schedules.everyFiveMinutes) =>
  runScheduled(createScheduledController({ cron, scheduledTime: at.getTime() }), env, emulators);

/** A pair with a lesson that ended two minutes before `now` (so the cron at `now` sees it end). */
async function pair() {
  const tutor = await createTutor();
  const student = await createStudent();
  return { tutor, student };
}

describe("the reliability figure (credit score)", () => {
  it("is 100 for both members once an attended lesson ends", async () => {
    const now = new Date();
    const { tutor, student } = await pair();
    await lesson(now, tutor, student, { startMinutesAgo: 32, joined: [tutor, student] });
    expect(await scoreOf(student)).toBe(0); // as stored before the recomputation
    await runCron(now);
    expect([await scoreOf(tutor), await scoreOf(student)]).toEqual([100, 100]);
  });

  it("counts a lesson the student never joined as the student's no-show", async () => {
    const now = new Date();
    const { tutor, student } = await pair();
    // Three attended lessons earlier in the week, then a no-show that just ended: 3 of 4.
    for (const days of [3, 2, 1])
      await lesson(now, tutor, student, { startMinutesAgo: days * 24 * 60, joined: [tutor, student] });
    await lesson(now, tutor, student, { startMinutesAgo: 31, joined: [tutor] });
    await runCron(now);
    expect([await scoreOf(tutor), await scoreOf(student)]).toEqual([100, 75]);
  });

  it("counts a tutor reported absent as the tutor's no-show, not against the student", async () => {
    const now = new Date();
    const { tutor, student } = await pair();
    await lesson(now, tutor, student, { startMinutesAgo: 24 * 60, joined: [tutor, student] });
    await lesson(now, tutor, student, { startMinutesAgo: 33, joined: [student], reportedAbsent: true });
    await runCron(now);
    expect([await scoreOf(tutor), await scoreOf(student)]).toEqual([50, 100]);
  });

  it("counts a cancellation inside the cancel window against whoever cancelled, and an early one not at all", async () => {
    const now = new Date();
    const { tutor, student } = await pair();
    await lesson(now, tutor, student, { startMinutesAgo: 2 * 24 * 60, joined: [tutor, student] });
    // Cancelled by the tutor 2 hours before the start (the default window is 24 hours): late.
    await lesson(now, tutor, student, { startMinutesAgo: 31, canceledBy: tutor, canceledMinutesBefore: 120 });
    // Cancelled by the student 3 days before: early, not counted.
    await lesson(now, tutor, student, {
      startMinutesAgo: 34,
      canceledBy: student,
      canceledMinutesBefore: 3 * 24 * 60,
    });
    await runCron(now);
    expect([await scoreOf(tutor), await scoreOf(student)]).toEqual([50, 100]);
  });

  it(`looks at the last ${CREDIT_SCORE_LESSONS} counted lessons only`, async () => {
    const now = new Date();
    const { tutor, student } = await pair();
    // An old no-show, then 20 attended lessons: the no-show has dropped out of the window.
    await lesson(now, tutor, student, { startMinutesAgo: 30 * 24 * 60, joined: [tutor] });
    for (let day = CREDIT_SCORE_LESSONS; day >= 1; day--)
      await lesson(now, tutor, student, { startMinutesAgo: day * 24 * 60, joined: [tutor, student] });
    await lesson(now, tutor, student, { startMinutesAgo: 35, joined: [tutor, student] });
    await runCron(now);
    expect(await scoreOf(student)).toBe(100);
  });

  it("leaves alone the people whose lessons have not ended, and the hourly run sets old zeros to 100", async () => {
    const now = new Date();
    const { tutor, student } = await pair();
    await lesson(now, tutor, student, { startMinutesAgo: 10, joined: [tutor, student] });
    await runCron(now);
    expect([await scoreOf(tutor), await scoreOf(student)]).toEqual([0, 0]);
    await runCron(now, schedules.hourly);
    expect([await scoreOf(tutor), await scoreOf(student)]).toEqual([100, 100]);
  });

  it.each([
    [2, 0],
    [72, 100],
  ])(
    "counts a tutor deleting a slot booked %i hours ahead at once (late: 0, early: not counted, 100)",
    async (hours, expected) => {
      const start = gridTime(hours);
      const tutor = await tutorFreeAt(start, 2, { notice: 1 });
      const student = await createStudent();
      await subscribe(student.id, { weeklyMinutes: 120 });
      expect((await book(student, tutor.id, start, 30)).status).toBe(201);
      // A figure neither case gives, so both show the recomputation.
      await env.DB.prepare("UPDATE users SET credit_score = 50 WHERE id = ?").bind(tutor.id).run();
      const slot = await env.DB.prepare("SELECT id FROM availability_slots WHERE user_id = ?")
        .bind(tutor.id)
        .first<{ id: number }>();
      const response = await callContract(availabilitySlotContracts.apply, {
        token: tutor.token,
        body: { actions: [{ type: "delete", id: slot!.id }] },
      });
      expect(response.status).toBe(200);
      expect(await scoreOf(tutor)).toBe(expected);
    },
  );

  it("gives a new account 100 from the start", async () => {
    const { user } = await register();
    expect(await scoreOf({ id: user.id } as Session)).toBe(100);
  });
});
