import { env } from "cloudflare:workers";
import { SlotPurpose } from "../../schema/enums";
import { describe, expect, it } from "vitest";
import { freeStarts } from "../../worker/domain/tutors/free-times";
import {
  addMinutes,
  addSlot,
  book,
  createStudent,
  createTutor,
  gridTime,
  subscribe,
} from "./factories-lessons";
import { callContract } from "./helpers";
import { lessonContracts } from "../../schema/api/lesson";

const free = (tutorId: number, from: Date, to: Date, duration: number) =>
  callContract(lessonContracts.freeTimes, {
    query: { tutorId, from: from.toISOString(), to: to.toISOString(), duration },
  });

describe("freeStarts", () => {
  const base = Date.UTC(2030, 0, 5, 14, 0);
  const iso = (minutes: number) => new Date(base + minutes * 60_000).toISOString();

  it("answers the grid starts whose whole lesson fits a slot and misses every busy time", () => {
    const slots = [{ start: iso(0), end: iso(90) }];
    const busy = [{ start: iso(30), end: iso(60) }];
    expect(freeStarts(slots, busy, base, base + 200 * 60_000, 30)).toEqual([iso(0), iso(60)]);
    expect(freeStarts(slots, busy, base, base + 200 * 60_000, 15)).toEqual([
      iso(0),
      iso(15),
      iso(60),
      iso(75),
    ]);
  });

  it("starts on the grid after the earliest moment and stops before the window's end", () => {
    const slots = [{ start: iso(0), end: iso(120) }];
    expect(freeStarts(slots, [], base + 20 * 60_000, base + 61 * 60_000, 30)).toEqual([
      iso(30),
      iso(45),
      iso(60),
    ]);
  });

  it("does not repeat a start covered by two slots", () => {
    const slots = [
      { start: iso(0), end: iso(30) },
      { start: iso(0), end: iso(45) },
    ];
    expect(freeStarts(slots, [], base, base + 1e7, 30)).toEqual([iso(0), iso(15)]);
  });
});

describe("GET /lesson/free-times", () => {
  it("lists the free starts after the notice, without booked, cancelled-aware, and only in Lesson/General slots", async () => {
    const start = gridTime(24);
    const tutor = await createTutor({ notice: 60 });
    await addSlot(tutor.id, start, addMinutes(start, 90));
    await addSlot(tutor.id, addMinutes(start, 180), addMinutes(start, 240), SlotPurpose.Interview); // an interview-only slot
    const from = addMinutes(start, -60);
    const to = addMinutes(start, 300);

    const before = await free(tutor.id, from, to, 30);
    expect(before.status).toBe(200);
    expect(before.body.starts).toEqual([0, 15, 30, 45, 60].map((m) => addMinutes(start, m).toISOString()));

    const student = await createStudent();
    await subscribe(student.id, { weeklyMinutes: 120 });
    const booked = await book(student, tutor.id, addMinutes(start, 30), 30);
    expect(booked.status).toBe(201);
    const after = await free(tutor.id, from, to, 30);
    expect(after.body.starts).toEqual([0, 60].map((m) => addMinutes(start, m).toISOString()));
    const short = await free(tutor.id, from, to, 15);
    expect(short.body.starts).toEqual([0, 15, 60, 75].map((m) => addMinutes(start, m).toISOString()));

    // Every listed start books (the picker and booking agree).
    const other = await createStudent();
    await subscribe(other.id, { weeklyMinutes: 120 });
    expect((await book(other, tutor.id, new Date(after.body.starts[1]!), 30)).status).toBe(201);

    // A cancelled lesson frees its time again.
    const cancel = await callContract(lessonContracts.cancel, {
      params: { id: booked.body.id },
      token: student.token,
    });
    expect(cancel.status).toBe(200);
    expect((await free(tutor.id, from, to, 30)).body.starts).toEqual(
      [0, 15, 30].map((m) => addMinutes(start, m).toISOString()),
    );
  });

  it("leaves out the starts inside the tutor's notice", async () => {
    const start = gridTime(1);
    const tutor = await createTutor({ notice: 180 });
    await addSlot(tutor.id, start, addMinutes(start, 240));
    const response = await free(tutor.id, start, addMinutes(start, 300), 30);
    const noticeEnd = Date.now() + 180 * 60_000;
    expect(response.body.starts.length).toBeGreaterThan(0);
    for (const s of response.body.starts as string[])
      expect(Date.parse(s)).toBeGreaterThanOrEqual(noticeEnd - 1000);
  });

  it("answers tutor-not-found for a tutor that is not activated, and bad-request for a bad window", async () => {
    const tutor = await createTutor({ activated: false });
    const now = gridTime(2);
    expect((await free(tutor.id, now, addMinutes(now, 60), 30)).body.code).toBe("tutor-not-found");
    const active = await createTutor();
    expect((await free(active.id, now, addMinutes(now, 60), 20)).status).toBe(400);
    expect((await free(active.id, addMinutes(now, 60), now, 30)).status).toBe(400);
    expect((await free(active.id, now, addMinutes(now, 60 * 24 * 40), 30)).status).toBe(400);
  });

  it("answers tutor-not-found for a suspended tutor, whom booking refuses too (worker/domain/state-rules.ts)", async () => {
    const start = gridTime(1);
    const tutor = await createTutor();
    await addSlot(tutor.id, start, addMinutes(start, 120));
    expect((await free(tutor.id, start, addMinutes(start, 120), 30)).body.starts.length).toBeGreaterThan(0);
    await env.DB.prepare("UPDATE users SET suspended_at = ?, suspension_reason = 'test' WHERE id = ?")
      .bind(new Date().toISOString(), tutor.id)
      .run();
    const response = await free(tutor.id, start, addMinutes(start, 120), 30);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("tutor-not-found");
  });
});
