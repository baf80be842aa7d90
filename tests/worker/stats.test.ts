import { describe, expect, it } from "vitest";
import type { StudentPersonalStats, TutorPersonalStats } from "../../schema/api/stats";
import { Role } from "../../schema/enums";
import { settings } from "../../worker/core/settings";
import { cairoMonthWindow, personalStats } from "../../worker/domain/staff/stats";
import { tutorEarning } from "../../worker/domain/lessons/lessons";
import { createStudent, createTutor, db } from "./factories-lessons";
import { seedLesson } from "./factories-stats";
import { callContract } from "./helpers";
import { statsContracts } from "../../schema/api/stats";

// 15 March 2026, 12:00 in Cairo (UTC+2 until the last Friday of April).
const NOW = new Date("2026-03-15T10:00:00.000Z");

/** A tutor and a student with a fixed history around NOW. */
async function history() {
  const tutor = await createTutor();
  const student = await createStudent();
  const ids = {
    // 28 Feb 23:30 Cairo: last month, fulfilled.
    lastMonth: await seedLesson(tutor.id, student.id, { start: "2026-02-28T21:30:00.000Z", earning: 7500 }),
    // 1 March 00:30 Cairo (still 28 Feb in UTC): this month, fulfilled.
    monthStart: await seedLesson(tutor.id, student.id, { start: "2026-02-28T22:30:00.000Z", earning: 7500 }),
    fulfilled15: await seedLesson(tutor.id, student.id, {
      start: "2026-03-10T10:00:00.000Z",
      duration: 15,
      earning: 3750,
    }),
    canceledPast: await seedLesson(tutor.id, student.id, {
      start: "2026-03-12T10:00:00.000Z",
      canceled: true,
      earning: 7500,
    }),
    absent: await seedLesson(tutor.id, student.id, {
      start: "2026-03-13T10:00:00.000Z",
      reportedAbsent: true,
      earning: 7500,
    }),
    canceledSoon: await seedLesson(tutor.id, student.id, {
      start: "2026-03-15T12:00:00.000Z",
      canceled: true,
    }),
    next: await seedLesson(tutor.id, student.id, { start: "2026-03-16T09:00:00.000Z", duration: 15 }),
    later: await seedLesson(tutor.id, student.id, { start: "2026-03-20T12:00:00.000Z" }),
    nextMonth: await seedLesson(tutor.id, student.id, { start: "2026-04-02T12:00:00.000Z" }),
  };
  return { tutor, student, ids };
}

describe("Cairo calendar month", () => {
  it("starts at Cairo midnight of the 1st, not UTC midnight", () => {
    expect(cairoMonthWindow(NOW)).toEqual({
      start: "2026-02-28T22:00:00.000Z",
      end: "2026-03-31T22:00:00.000Z",
    });
  });

  it("counts the first hours of a UTC month that are still the previous month in Cairo", () => {
    expect(cairoMonthWindow(new Date("2026-03-31T23:30:00.000Z")).start).toBe("2026-03-31T22:00:00.000Z");
    expect(cairoMonthWindow(new Date("2026-12-31T23:00:00.000Z"))).toEqual({
      start: "2026-12-31T22:00:00.000Z",
      end: "2027-01-31T22:00:00.000Z",
    });
  });

  it("follows Egypt's summer time (UTC+3)", () => {
    expect(cairoMonthWindow(new Date("2026-07-10T00:00:00.000Z"))).toEqual({
      start: "2026-06-30T21:00:00.000Z",
      end: "2026-07-31T21:00:00.000Z",
    });
  });
});

describe("personal stats", () => {
  it("counts this Cairo month's lessons that are not cancelled nor reported absent, past and coming", async () => {
    const { student } = await history();
    const stats = await personalStats(db(), student.id, NOW);
    // monthStart 30 + fulfilled15 15 + next 15 + later 30.
    expect(stats.lessonsThisMonth).toBe(4);
    expect(stats.minutesThisMonth).toBe(90);
  });

  it("names the next lesson that has not ended, skipping cancelled ones, with the tutor as the other member", async () => {
    const { tutor, student, ids } = await history();
    const stats = await personalStats(db(), student.id, NOW);
    expect(stats.nextLesson).toEqual({
      id: ids.next,
      start: "2026-03-16T09:00:00.000Z",
      duration: 15,
      otherMember: { id: tutor.id, name: "مدرس تجريبي", image: null },
    });
  });

  it("gives the tutor the student as the other member", async () => {
    const { tutor, student } = await history();
    const stats = await personalStats(db(), tutor.id, NOW);
    expect(stats.nextLesson?.otherMember.id).toBe(student.id);
  });

  it("keeps a happening lesson as the next one until it ends", async () => {
    const tutor = await createTutor();
    const student = await createStudent();
    const happening = await seedLesson(tutor.id, student.id, { start: "2026-03-15T09:45:00.000Z" });
    await seedLesson(tutor.id, student.id, { start: "2026-03-15T11:00:00.000Z" });
    expect((await personalStats(db(), student.id, NOW)).nextLesson?.id).toBe(happening);
    expect(
      (await personalStats(db(), student.id, new Date("2026-03-15T10:15:00.000Z"))).nextLesson?.id,
    ).not.toBe(happening);
  });

  it("answers no next lesson and zeros without lessons", async () => {
    const student = await createStudent();
    expect(await personalStats(db(), student.id, NOW)).toEqual({
      nextLesson: null,
      lessonsThisMonth: 0,
      minutesThisMonth: 0,
      earningsThisMonth: 0,
      totalEarnings: 0,
    });
  });

  it("earns the tutor only fulfilled lessons: this month's and in total", async () => {
    const { tutor } = await history();
    const stats = await personalStats(db(), tutor.id, NOW);
    expect(stats.earningsThisMonth).toBe(7500 + 3750);
    expect(stats.totalEarnings).toBe(7500 + 7500 + 3750);
  });

  it("gives no earnings to the student of the same lessons", async () => {
    const { student } = await history();
    const stats = await personalStats(db(), student.id, NOW);
    expect(stats.totalEarnings).toBe(0);
  });

  it("counts only the caller's own lessons", async () => {
    const { tutor } = await history();
    const other = await createStudent();
    await seedLesson(tutor.id, other.id, { start: "2026-03-14T10:00:00.000Z", earning: 7500 });
    expect((await personalStats(db(), other.id, NOW)).lessonsThisMonth).toBe(1);
    expect((await personalStats(db(), tutor.id, NOW)).lessonsThisMonth).toBe(5);
  });

  it("values a tutor's fulfilled hour at the tutor hourly rate (150 EGP by default)", () => {
    expect(settings.lessons.tutorHourlyRate).toBe(15_000);
    expect(tutorEarning(30)).toBe(7500);
    expect(tutorEarning(15)).toBe(3750);
  });
});

describe("GET /user/student/stats/personalized and /user/tutor/stats/personalized", () => {
  const soon = () => new Date(Math.ceil((Date.now() + 3 * 60 * 60_000) / 900_000) * 900_000).toISOString();

  it("answers the signed-in student's next lesson and month without earnings", async () => {
    const tutor = await createTutor();
    const student = await createStudent();
    const start = soon();
    const id = await seedLesson(tutor.id, student.id, { start });
    const response = await callContract(statsContracts.student, { token: student.token });
    expect(response.status).toBe(200);
    const body = response.body as StudentPersonalStats;
    expect(body.nextLesson).toMatchObject({ id, start, duration: 30, otherMember: { id: tutor.id } });
    expect(body).not.toHaveProperty("earningsThisMonth");
    expect(body).not.toHaveProperty("totalEarnings");
  });

  it("answers the signed-in tutor's earnings in piasters", async () => {
    const tutor = await createTutor();
    const student = await createStudent();
    await seedLesson(tutor.id, student.id, {
      start: new Date(Math.floor((Date.now() - 2 * 60 * 60_000) / 900_000) * 900_000).toISOString(),
      earning: 7500,
    });
    const response = await callContract(statsContracts.tutor, { token: tutor.token });
    expect(response.status).toBe(200);
    const body = response.body as TutorPersonalStats;
    expect(body.totalEarnings).toBe(7500);
    expect(body.nextLesson).toBeNull();
  });

  it("answers a tutor manager on the tutor endpoint", async () => {
    const manager = await createTutor({ role: Role.TutorManager });
    expect((await callContract(statsContracts.tutor, { token: manager.token })).status).toBe(200);
  });

  it("refuses a student on the tutor endpoint and a tutor on the student endpoint", async () => {
    const tutor = await createTutor();
    const student = await createStudent();
    expect((await callContract(statsContracts.tutor, { token: student.token })).status).toBe(403);
    expect((await callContract(statsContracts.student, { token: tutor.token })).status).toBe(403);
  });

  it("refuses nobody", async () => {
    expect((await callContract(statsContracts.student)).status).toBe(401);
    expect((await callContract(statsContracts.tutor)).status).toBe(401);
  });
});
