// «تقدّمي» (GET /progress, docs/rules.md "Learning after the lesson"): the student alone reads it;
// minutes per Saturday-first week on Cairo's clock, right across a daylight-saving change and a
// week boundary; lessons, tutors, words, homework, the streak; cancelled and absent-reported
// lessons never count.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { progressContracts, PROGRESS_WEEKS } from "../../schema/api/progress";
import { Role } from "../../schema/enums";
import { readProgress } from "../../worker/domain/learning/progress";
import { callContract } from "./helpers";
import { createStudent, createTutor, createUser, db, type Session } from "./factories-lessons";
import { seedLesson } from "./factories-stats";

const DAY = 24 * 60 * 60 * 1000;
const iso = () => new Date().toISOString();

async function learnedWord(studentId: number, word: string, learned: boolean) {
  await env.DB.prepare(
    "INSERT INTO student_words (student_id, word, word_key, meaning, step, due_at, learned_at, created_at, updated_at) VALUES (?, ?, ?, 'معنى', 4, ?, ?, ?, ?)",
  )
    .bind(studentId, word, word, iso(), learned ? iso() : null, iso(), iso())
    .run();
}

async function note(lessonId: number, tutorId: number, studentId: number, homeworkDone: boolean) {
  await env.DB.prepare(
    "INSERT INTO lesson_notes (lesson_id, tutor_id, student_id, summary, homework, homework_done_at, created_at, updated_at) VALUES (?, ?, ?, 'ملخص الحصة', 'واجب', ?, ?, ?)",
  )
    .bind(lessonId, tutorId, studentId, homeworkDone ? iso() : null, iso(), iso())
    .run();
}

describe("figures on Cairo's weeks (the domain, at a fixed now)", () => {
  // Thursday 5 November 2026, noon in Cairo (UTC+2: Egypt's summer time ended at the end of
  // Thursday 29 October, clocks 24:00 → 23:00). This week began Saturday 31 October.
  const now = new Date("2026-11-05T10:00:00.000Z");
  let student: Session;
  let tutorA: Session;
  let tutorB: Session;

  beforeAll(async () => {
    student = await createStudent();
    tutorA = await createTutor();
    tutorB = await createTutor();
    const lessons: Array<[Session, string, 15 | 30, { canceled?: boolean; reportedAbsent?: boolean }?]> = [
      // Friday 23 October 23:30 Cairo (UTC+3): the week of Saturday 17 October.
      [tutorA, "2026-10-23T20:30:00.000Z", 15],
      // Saturday 24 October 00:30 Cairo (UTC+3), an hour later: the next week. Read at UTC+2 it
      // would still be Friday 23:30, the week before.
      [tutorA, "2026-10-23T21:30:00.000Z", 30],
      // Friday 30 October 23:30 Cairo, after the change (UTC+2): still the week of 24 October.
      // Read at UTC+3 it would be Saturday 00:30, the week after.
      [tutorB, "2026-10-30T21:30:00.000Z", 15],
      // Saturday 31 October 00:30 Cairo (UTC+2): this week.
      [tutorB, "2026-10-30T22:30:00.000Z", 30],
      // Cancelled and absent-reported lessons, and one that has not ended by `now`: none counts.
      [tutorA, "2026-11-01T10:00:00.000Z", 30, { canceled: true }],
      [tutorA, "2026-11-02T10:00:00.000Z", 30, { reportedAbsent: true }],
      [tutorA, "2026-11-05T09:45:00.000Z", 30],
      // Ten weeks before this one (week of 22 August): in the chart, not in the streak.
      [tutorA, "2026-08-25T12:00:00.000Z", 30],
      // Thirteen weeks before: counted in the totals, outside the chart's twelve weeks.
      [tutorA, "2026-08-04T12:00:00.000Z", 30],
    ];
    for (const [tutor, start, duration, flags] of lessons)
      await seedLesson(tutor.id, student.id, { start, duration, ...flags });
  });

  it("puts each lesson in its Saturday-first Cairo week, across the daylight-saving change", async () => {
    const progress = await readProgress(db(), student.id, now);
    expect(progress.weeks).toHaveLength(PROGRESS_WEEKS);
    expect(progress.weeks.at(-1)).toEqual({ start: "2026-10-31", minutes: 30 });
    expect(progress.weeks.at(-2)).toEqual({ start: "2026-10-24", minutes: 45 });
    expect(progress.weeks.at(-3)).toEqual({ start: "2026-10-17", minutes: 15 });
    expect(progress.weeks[0]).toEqual({ start: "2026-08-15", minutes: 0 });
    expect(progress.weeks[1]).toEqual({ start: "2026-08-22", minutes: 30 });
    expect(progress.weeks.reduce((sum, week) => sum + week.minutes, 0)).toBe(120);
  });

  it("counts lessons, minutes and tutors from ended lessons only, and a streak of three weeks", async () => {
    const progress = await readProgress(db(), student.id, now);
    expect(progress.lessons).toBe(6);
    expect(progress.minutes).toBe(150);
    expect(progress.tutors).toBe(2);
    expect(progress.streakWeeks).toBe(3);
  });

  it("keeps a streak that ended last week, and loses it once a whole week passes without a lesson", async () => {
    // The next Saturday on: this week (7 November) has no lesson yet, last week had one.
    expect((await readProgress(db(), student.id, new Date("2026-11-08T10:00:00.000Z"))).streakWeeks).toBe(3);
    // Two Saturdays on: no lesson in the last two weeks.
    expect((await readProgress(db(), student.id, new Date("2026-11-15T10:00:00.000Z"))).streakWeeks).toBe(0);
  });

  it("counts a Saturday 00:30 lesson after the spring change (clocks 00:00 → 01:00 on Friday 24 April) in the new week", async () => {
    // Thursday 23 April 23:45 Cairo (UTC+2): the week of 18 April. Saturday 25 April 00:30 Cairo
    // (UTC+3 since the day before) is 21:30 UTC on the Friday: read at UTC+2 it would be Friday 23:30.
    const spring = await createStudent();
    await seedLesson(tutorA.id, spring.id, { start: "2026-04-23T21:45:00.000Z", duration: 15 });
    await seedLesson(tutorA.id, spring.id, { start: "2026-04-24T21:30:00.000Z", duration: 30 });
    const progress = await readProgress(db(), spring.id, new Date("2026-04-28T10:00:00.000Z"));
    expect(progress.weeks.at(-1)).toEqual({ start: "2026-04-25", minutes: 30 });
    expect(progress.weeks.at(-2)).toEqual({ start: "2026-04-18", minutes: 15 });
    expect(progress.streakWeeks).toBe(2);
  });
});

describe("GET /progress", () => {
  let student: Session;
  let tutor: Session;

  beforeAll(async () => {
    student = await createStudent();
    tutor = await createTutor();
    const lastWeek = new Date(Date.now() - 7 * DAY).toISOString();
    const yesterday = new Date(Date.now() - DAY).toISOString();
    const done = await seedLesson(tutor.id, student.id, { start: lastWeek, duration: 30 });
    const second = await seedLesson(tutor.id, student.id, { start: yesterday, duration: 15 });
    await seedLesson(tutor.id, student.id, { start: yesterday, duration: 30, canceled: true });
    await note(done, tutor.id, student.id, true);
    await note(second, tutor.id, student.id, false);
    await learnedWord(student.id, "sunrise", true);
    await learnedWord(student.id, "harbour", true);
    await learnedWord(student.id, "lantern", false);
    await env.DB.prepare(
      "INSERT INTO student_levels (student_id, tutor_id, lesson_id, level, reason, created_at) VALUES (?, ?, ?, 'A2', 'بداية كويسة', ?), (?, ?, ?, 'B1', 'اتحسن', ?)",
    )
      .bind(
        student.id,
        tutor.id,
        done,
        new Date(Date.now() - 2 * DAY).toISOString(),
        student.id,
        tutor.id,
        second,
        iso(),
      )
      .run();
  });

  it("answers the student their own figures and level history", async () => {
    const answer = await callContract(progressContracts.get, { token: student.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      lessons: 2,
      minutes: 45,
      tutors: 1,
      wordsLearned: 2,
      homeworkDone: 1,
      level: "B1",
    });
    expect(answer.body.levels.map((row) => row.level)).toEqual(["B1", "A2"]);
    expect(answer.body.weeks.reduce((sum, week) => sum + week.minutes, 0)).toBe(45);
    expect(answer.body.streakWeeks).toBeGreaterThanOrEqual(1);
  });

  it("answers a new student with zeros and no level", async () => {
    const fresh = await createStudent();
    const answer = await callContract(progressContracts.get, { token: fresh.token });
    expect(answer.body).toMatchObject({ lessons: 0, minutes: 0, streakWeeks: 0, level: null, levels: [] });
    expect(answer.body.weeks).toHaveLength(PROGRESS_WEEKS);
  });

  it("is the student's own page: a tutor or an admin is forbidden, nobody signed in unauthenticated", async () => {
    for (const who of [tutor, await createUser(Role.SuperAdmin)]) {
      const answer = await callContract(progressContracts.get, { token: who.token });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe("forbidden");
    }
    const anonymous = await callContract(progressContracts.get);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe("unauthenticated");
  });
});
