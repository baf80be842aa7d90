import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role, SlotPurpose } from "../../schema/enums";
import {
  addMinutes,
  addSlot,
  book,
  createStudent,
  createTutor,
  gridTime,
  subscribe,
  tutorFreeAt,
} from "./factories-lessons";
import { call, callContract } from "./helpers";
import { lessonContracts } from "../../schema/api/lesson";

const lessonCount = async (tutorId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM lessons WHERE tutor_id = ? AND canceled_at IS NULL")
    .bind(tutorId)
    .first<{ n: number }>())!.n;

describe("POST /lesson/ books a lesson", () => {
  it("books a 30-minute lesson of a subscribed student, stores both members and the price", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start);
    const student = await createStudent();
    const sub = await subscribe(student.id);
    const response = await book(student, tutor.id, start, 30);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      tutor: { id: tutor.id },
      student: { id: student.id },
      start: start.toISOString(),
      end: addMinutes(start, 30).toISOString(),
      duration: 30,
      price: 12_750, // 30 × 255 EGP/h = 127.50 EGP
      state: "pending",
      isTrial: false,
      subscriptionId: sub.id,
    });
    const members = await env.DB.prepare(
      "SELECT user_id, role FROM lesson_members WHERE lesson_id = ? ORDER BY role",
    )
      .bind(response.body.id)
      .all();
    expect(members.results).toEqual([
      { user_id: tutor.id, role: Role.Tutor },
      { user_id: student.id, role: Role.Student },
    ]);
    const lesson = await env.DB.prepare("SELECT tutor_earning, slot_id, created_by FROM lessons WHERE id = ?")
      .bind(response.body.id)
      .first();
    expect(lesson).toMatchObject({ tutor_earning: 7_500, created_by: student.id });
    expect(lesson!.slot_id).not.toBeNull();
  });

  it("creates the pair's chat room once, with both members", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start);
    const student = await createStudent();
    await subscribe(student.id);
    expect((await book(student, tutor.id, start, 15)).status).toBe(201);
    expect((await book(student, tutor.id, addMinutes(start, 60), 15)).status).toBe(201);
    const key = `${Math.min(student.id, tutor.id)}:${Math.max(student.id, tutor.id)}`;
    const rooms = await env.DB.prepare("SELECT id FROM chat_rooms WHERE pair_key = ?")
      .bind(key)
      .all<{ id: number }>();
    expect(rooms.results).toHaveLength(1);
    const members = await env.DB.prepare(
      "SELECT user_id FROM chat_room_members WHERE room_id = ? ORDER BY user_id",
    )
      .bind(rooms.results[0]!.id)
      .all();
    expect(members.results.map((m) => m.user_id)).toEqual([tutor.id, student.id].sort((a, b) => a - b));
  });

  it("notifies both the tutor and the student", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start);
    const student = await createStudent();
    await subscribe(student.id);
    await book(student, tutor.id, start, 30);
    for (const email of [tutor.email, student.email]) {
      const row = await env.DB.prepare(
        "SELECT subject FROM notifications_outbox WHERE recipient = ? ORDER BY id DESC",
      )
        .bind(email)
        .first<{ subject: string }>();
      expect(row?.subject).toBe("اتحجزت حصة جديدة في درس");
    }
  });

  it("notifies each member on their chosen app too, naming the other member, and stores nothing for a refused booking", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start);
    const student = await createStudent();
    await subscribe(student.id);
    await env.DB.prepare(
      "UPDATE users SET name = 'منى المدرسة', phone = '01012345678', verified_phone = 1, notification_method = 1 WHERE id = ?",
    )
      .bind(tutor.id)
      .run();
    await env.DB.prepare(
      "UPDATE users SET name = 'كريم', telegram_chat_id = '777', verified_phone = 1, notification_method = 2 WHERE id = ?",
    )
      .bind(student.id)
      .run();
    expect((await book(student, tutor.id, start, 30)).status).toBe(201);
    const sent = await env.DB.prepare(
      "SELECT user_id AS userId, channel, recipient, body FROM notifications_outbox WHERE user_id IN (?, ?) ORDER BY id",
    )
      .bind(tutor.id, student.id)
      .all<{ userId: number; channel: string; recipient: string; body: string }>();
    expect(sent.results.map((row) => [row.userId, row.channel, row.recipient])).toEqual([
      [tutor.id, "email", tutor.email],
      [tutor.id, "whatsapp", "01012345678"],
      [student.id, "email", student.email],
      [student.id, "telegram", "777"],
    ]);
    expect(
      sent.results.filter((row) => row.userId === tutor.id).every((row) => row.body.includes("مع كريم")),
    ).toBe(true);
    expect(
      sent.results
        .filter((row) => row.userId === student.id)
        .every((row) => row.body.includes("مع منى المدرسة")),
    ).toBe(true);
    const other = await createStudent();
    await subscribe(other.id);
    expect((await book(other, tutor.id, start, 30)).body.code).toBe("busy-tutor");
    const none = await env.DB.prepare("SELECT count(*) AS n FROM notifications_outbox WHERE user_id = ?")
      .bind(other.id)
      .first<{ n: number }>();
    expect(none!.n).toBe(0);
  });

  it("prices a lesson with a tutor manager at 0", async () => {
    const start = gridTime(24);
    const manager = await tutorFreeAt(start, 4, { role: Role.TutorManager });
    const student = await createStudent();
    await subscribe(student.id);
    const response = await book(student, manager.id, start, 30);
    expect(response.status).toBe(201);
    expect(response.body.price).toBe(0);
  });

  it("refuses a start off the 15-minute grid", async () => {
    const start = gridTime(24, 5);
    const tutor = await tutorFreeAt(gridTime(23));
    const student = await createStudent();
    const response = await book(student, tutor.id, start, 15);
    expect(response.status).toBe(400);
    expect(await lessonCount(tutor.id)).toBe(0);
  });

  it("refuses a duration other than 15 or 30", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start);
    const student = await createStudent();
    const response = await call("POST", "/api/v1/lesson/", {
      token: student.token,
      body: { tutorId: tutor.id, start: start.toISOString(), duration: 45 },
    });
    expect(response.status).toBe(400);
  });
});

describe("POST /lesson/ checks every rule in order", () => {
  it("refuses a student whose email is not verified with email-not-verified, and books nothing", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start);
    const student = await createStudent({ verifiedEmail: false });
    const response = await book(student, tutor.id, start, 15);
    expect([response.status, response.body.code]).toEqual([422, "email-not-verified"]);
    expect(response.body.message).toBe("أكّد بريدك الإلكتروني أولًا");
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM lessons WHERE created_by = ?").bind(student.id).first(),
    ).toEqual({ n: 0 });
  });

  it("refuses a tutor booking a lesson (403)", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start);
    const other = await createTutor();
    expect((await book(other, tutor.id, start, 15)).status).toBe(403);
  });

  it("refuses a start in the past with lesson-time-passed, before looking at the tutor", async () => {
    const student = await createStudent();
    const response = await book(student, 999_999, gridTime(-1), 15);
    expect([response.status, response.body.code]).toEqual([422, "lesson-time-passed"]);
  });

  it("refuses a booking inside the tutor's notice period", async () => {
    const start = gridTime(1);
    const tutor = await tutorFreeAt(gridTime(0), 6, { notice: 180 });
    const student = await createStudent();
    await subscribe(student.id);
    const response = await book(student, tutor.id, start, 15);
    expect(response.body.code).toBe("busy-tutor");
    expect(await lessonCount(tutor.id)).toBe(0);
  });

  it("refuses an unknown tutor, a student id and a tutor not activated with tutor-not-found", async () => {
    const start = gridTime(24);
    const student = await createStudent();
    const inactive = await createTutor({ activated: false });
    await addSlot(inactive.id, start, addMinutes(start, 60));
    expect((await book(student, 999_999, start, 15)).body.code).toBe("tutor-not-found");
    expect((await book(student, student.id, start, 15)).body.code).toBe("tutor-not-found");
    const response = await book(student, inactive.id, start, 15);
    expect([response.status, response.body.code]).toEqual([404, "tutor-not-found"]);
  });

  it("refuses a time outside the tutor's slots with busy-tutor", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start, 1);
    const student = await createStudent();
    await subscribe(student.id);
    // Overhangs the slot's end by 15 minutes.
    const response = await book(student, tutor.id, addMinutes(start, 45), 30);
    expect([response.status, response.body.code]).toEqual([409, "busy-tutor"]);
  });

  it("refuses a time inside an interview-only slot with busy-tutor", async () => {
    const start = gridTime(24);
    const tutor = await createTutor({ role: Role.TutorManager });
    await addSlot(tutor.id, start, addMinutes(start, 60), SlotPurpose.Interview);
    const student = await createStudent();
    await subscribe(student.id);
    expect((await book(student, tutor.id, start, 15)).body.code).toBe("busy-tutor");
  });

  it("refuses a time overlapping the tutor's booked lesson with busy-tutor", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start);
    const first = await createStudent();
    const second = await createStudent();
    await subscribe(first.id);
    await subscribe(second.id);
    expect((await book(first, tutor.id, start, 30)).status).toBe(201);
    const response = await book(second, tutor.id, addMinutes(start, 15), 30);
    expect(response.body.code).toBe("busy-tutor");
    // Touching is fine.
    expect((await book(second, tutor.id, addMinutes(start, 30), 30)).status).toBe(201);
  });

  it("refuses a time overlapping the tutor's pending interview with busy-tutor", async () => {
    const start = gridTime(24);
    const manager = await tutorFreeAt(start, 4, { role: Role.TutorManager });
    const interviewee = await createTutor();
    const at = new Date().toISOString();
    await env.DB.prepare(
      'INSERT INTO interviews (interviewee_id, interviewer_id, start, "end", status, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)',
    )
      .bind(interviewee.id, manager.id, start.toISOString(), addMinutes(start, 30).toISOString(), at, at)
      .run();
    const student = await createStudent();
    await subscribe(student.id);
    expect((await book(student, manager.id, addMinutes(start, 15), 15)).body.code).toBe("busy-tutor");
  });

  it("refuses a lesson overlapping another lesson of the student with conflicting-lessons", async () => {
    const start = gridTime(24);
    const one = await tutorFreeAt(start);
    const two = await tutorFreeAt(start);
    const student = await createStudent();
    await subscribe(student.id);
    expect((await book(student, one.id, start, 30)).status).toBe(201);
    const response = await book(student, two.id, addMinutes(start, 15), 15);
    expect([response.status, response.body.code]).toEqual([409, "conflicting-lessons"]);
  });

  it("refuses a lesson beyond the minutes left in its subscription week with no-enough-minutes", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start);
    const student = await createStudent();
    await subscribe(student.id, { weeklyMinutes: 45 });
    expect((await book(student, tutor.id, start, 30)).status).toBe(201);
    const response = await book(student, tutor.id, addMinutes(start, 60), 30);
    expect([response.status, response.body.code]).toEqual([422, "no-enough-minutes"]);
    expect((await book(student, tutor.id, addMinutes(start, 60), 15)).status).toBe(201);
  });

  it("refuses a lesson after the subscription ends with subscription-required", async () => {
    const student = await createStudent();
    // A month that started 27 days ago ends tomorrow; the lesson is in two days.
    await subscribe(student.id, { now: new Date(Date.now() - 27 * 86_400_000) });
    const start = gridTime(48);
    const tutor = await tutorFreeAt(start);
    expect((await book(student, tutor.id, start, 15)).body.code).toBe("subscription-required");
  });
});

describe("the free trial lesson", () => {
  it("lets a student without a subscription book one free 15-minute trial lesson", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start);
    const student = await createStudent();
    const response = await book(student, tutor.id, start, 15);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ isTrial: true, subscriptionId: null, duration: 15 });
  });

  it("refuses anything but the free trial to a student without a plan with subscription-required (422)", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start);
    const student = await createStudent();
    const response = await book(student, tutor.id, start, 30);
    expect([response.status, response.body.code]).toEqual([422, "subscription-required"]);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM lessons WHERE created_by = ?")
        .bind(student.id)
        .first("n"),
    ).toBe(0);
  });

  it("refuses a second booking while the trial is pending with reached-booking-limit", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start);
    const student = await createStudent();
    expect((await book(student, tutor.id, start, 15)).status).toBe(201);
    const response = await book(student, tutor.id, addMinutes(start, 60), 15);
    expect([response.status, response.body.code]).toEqual([422, "reached-booking-limit"]);
  });

  it("needs a subscription once the trial has happened (subscription-required)", async () => {
    const student = await createStudent();
    const tutor = await createTutor();
    const past = gridTime(-3);
    const at = new Date().toISOString();
    const lesson = await env.DB.prepare(
      'INSERT INTO lessons (tutor_id, start, "end", duration, price, is_trial, created_by, created_at, updated_at) VALUES (?, ?, ?, 15, 0, 1, ?, ?, ?) RETURNING id',
    )
      .bind(tutor.id, past.toISOString(), addMinutes(past, 15).toISOString(), student.id, at, at)
      .first<{ id: number }>();
    await env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, 4, ?)",
    )
      .bind(lesson!.id, student.id, at)
      .run();
    const start = gridTime(24);
    await addSlot(tutor.id, start, addMinutes(start, 60));
    const response = await book(student, tutor.id, start, 15);
    expect([response.status, response.body.code]).toEqual([422, "subscription-required"]);
  });

  it("frees the trial again when the pending trial lesson is cancelled", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start);
    const student = await createStudent();
    const first = await book(student, tutor.id, start, 15);
    expect(
      (await callContract(lessonContracts.cancel, { params: { id: first.body.id }, token: student.token }))
        .status,
    ).toBe(200);
    expect((await book(student, tutor.id, addMinutes(start, 60), 15)).status).toBe(201);
  });
});

describe("no double booking", () => {
  it("lets exactly one of 200 concurrent bookings of the same tutor time succeed; the rest get busy-tutor", async () => {
    const start = gridTime(30);
    const tutor = await tutorFreeAt(start, 2);
    const students = await Promise.all(Array.from({ length: 200 }, () => createStudent()));
    const responses = await Promise.all(students.map((student) => book(student, tutor.id, start, 15)));
    const ok = responses.filter((r) => r.status === 201);
    expect(ok).toHaveLength(1);
    expect(responses.filter((r) => r.status !== 201).map((r) => r.body.code)).toEqual(
      Array(199).fill("busy-tutor"),
    );
    expect(await lessonCount(tutor.id)).toBe(1);
    const members = await env.DB.prepare("SELECT count(*) AS n FROM lesson_members WHERE lesson_id = ?")
      .bind(ok[0]!.body.id)
      .first<{ n: number }>();
    expect(members?.n).toBe(2);
  });

  it("lets exactly one of 200 concurrent overlapping bookings of one student succeed; the rest get conflicting-lessons", async () => {
    const start = gridTime(30);
    const tutors = await Promise.all(Array.from({ length: 200 }, () => tutorFreeAt(start, 2)));
    const student = await createStudent();
    await subscribe(student.id, { weeklyMinutes: 10_080 });
    // Every request overlaps every other: [start, +30) or [start + 15, +45).
    const responses = await Promise.all(
      tutors.map((tutor, i) => book(student, tutor.id, addMinutes(start, (i % 2) * 15), 30)),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status !== 201).map((r) => r.body.code)).toEqual(
      Array(199).fill("conflicting-lessons"),
    );
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM lesson_members WHERE user_id = ?")
      .bind(student.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(1);
  });
});
