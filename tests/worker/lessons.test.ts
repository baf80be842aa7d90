import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import {
  addMinutes,
  book,
  createStudent,
  createTutor,
  createUser,
  gridTime,
  subscribe,
  tutorFreeAt,
  type Session,
} from "./factories-lessons";
import { call, callContract } from "./helpers";
import { subscriptionContracts } from "../../schema/api/subscription";
import { lessonContracts, type LessonView } from "../../schema/api/lesson";

/** A subscribed student with a booked 30-minute lesson `hours` ahead. */
async function booked(hours = 24, tutorOptions: { notice?: number } = {}) {
  const start = gridTime(hours);
  const tutor = await tutorFreeAt(addMinutes(start, -60), 4, tutorOptions);
  const student = await createStudent();
  await subscribe(student.id, { weeklyMinutes: 120 });
  const response = await book(student, tutor.id, start, 30);
  expect(response.status).toBe(201);
  return { start, tutor, student, lessonId: response.body.id as number };
}

/** A lesson written directly (for times that cannot be booked any more). */
async function storedLesson(tutor: Session, student: Session, start: Date) {
  const at = new Date().toISOString();
  const row = await env.DB.prepare(
    'INSERT INTO lessons (tutor_id, start, "end", duration, price, created_by, created_at, updated_at) VALUES (?, ?, ?, 30, 12750, ?, ?, ?) RETURNING id',
  )
    .bind(tutor.id, start.toISOString(), addMinutes(start, 30).toISOString(), student.id, at, at)
    .first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, 3, ?)",
    ).bind(row!.id, tutor.id, at),
    env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, 4, ?)",
    ).bind(row!.id, student.id, at),
  ]);
  return row!.id;
}

const remaining = async (student: Session) =>
  (await callContract(subscriptionContracts.current, { token: student.token })).body.remainingWeeklyMinutes;
const lastSubject = async (email: string) =>
  (
    await env.DB.prepare("SELECT subject FROM notifications_outbox WHERE recipient = ? ORDER BY id DESC")
      .bind(email)
      .first<{ subject: string }>()
  )?.subject;

describe("lesson notifications on each member's clock", () => {
  const lastBody = async (email: string) =>
    (
      await env.DB.prepare("SELECT body FROM notifications_outbox WHERE recipient = ? ORDER BY id DESC")
        .bind(email)
        .first<{ body: string }>()
    )?.body;
  const clock = (at: Date, zone: string) =>
    new Intl.DateTimeFormat("ar-EG", { timeZone: zone, dateStyle: "full", timeStyle: "short" }).format(at);

  it("books, moves and cancels with each member's times in their own zone, named", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(addMinutes(start, -60), 4);
    const student = await createStudent();
    await subscribe(student.id, { weeklyMinutes: 120 });
    await env.DB.prepare("UPDATE users SET time_zone = 'Asia/Riyadh' WHERE id = ?").bind(tutor.id).run();
    await env.DB.prepare("UPDATE users SET time_zone = 'Europe/London' WHERE id = ?").bind(student.id).run();
    const response = await book(student, tutor.id, start, 30);
    expect(response.status).toBe(201);
    expect(await lastBody(tutor.email)).toContain(`${clock(start, "Asia/Riyadh")} بتوقيت الرياض`);
    expect(await lastBody(student.email)).toContain(`${clock(start, "Europe/London")} بتوقيت لندن`);

    const to = addMinutes(start, 30);
    expect(
      (
        await callContract(lessonContracts.reschedule, {
          token: student.token,
          body: { id: response.body.id, start: to.toISOString() },
        })
      ).status,
    ).toBe(200);
    expect(await lastBody(tutor.email)).toContain(`${clock(to, "Asia/Riyadh")} بتوقيت الرياض`);
    expect(await lastBody(student.email)).toContain(`${clock(to, "Europe/London")} بتوقيت لندن`);

    expect(
      (await callContract(lessonContracts.cancel, { params: { id: response.body.id }, token: tutor.token }))
        .status,
    ).toBe(200);
    expect(await lastBody(student.email)).toContain(`${clock(to, "Europe/London")} بتوقيت لندن`);
    expect(clock(to, "Europe/London")).not.toBe(clock(to, "Asia/Riyadh"));
  });
});

describe("DELETE /lesson/{id}", () => {
  it("lets the student cancel more than 6 hours ahead, records who, returns the minutes and notifies the tutor", async () => {
    const { tutor, student, lessonId } = await booked(24);
    const before = await remaining(student);
    const response = await callContract(lessonContracts.cancel, {
      params: { id: lessonId },
      token: student.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: lessonId, state: "canceled", canceledBy: student.id });
    expect(
      await env.DB.prepare("SELECT canceled_by FROM lessons WHERE id = ?").bind(lessonId).first(),
    ).toEqual({ canceled_by: student.id });
    expect(await lastSubject(tutor.email)).toBe("اتلغت حصة في درس");
    // The lesson is 24 h ahead: in this subscription week unless the week turns over before it.
    const after = await remaining(student);
    expect(after === before + 30 || after === 120).toBe(true);
  });

  it("lets the tutor cancel and notifies the student", async () => {
    const { tutor, student, lessonId } = await booked(24);
    const response = await callContract(lessonContracts.cancel, {
      params: { id: lessonId },
      token: tutor.token,
    });
    expect(response.body.canceledBy).toBe(tutor.id);
    expect(await lastSubject(student.email)).toBe("اتلغت حصة في درس");
  });

  it("refuses a cancellation within 6 hours of the start with lesson-cancel-window-passed", async () => {
    const { student, lessonId } = await booked(3, { notice: 1 });
    const response = await callContract(lessonContracts.cancel, {
      params: { id: lessonId },
      token: student.token,
    });
    expect([response.status, response.body.code]).toEqual([422, "lesson-cancel-window-passed"]);
    expect(response.body.message).toMatch(/ست ساعات/);
    expect(
      await env.DB.prepare("SELECT canceled_at FROM lessons WHERE id = ?").bind(lessonId).first(),
    ).toEqual({ canceled_at: null });
  });

  it("refuses a lesson that has started with lesson-time-passed", async () => {
    const tutor = await createTutor();
    const student = await createStudent();
    const id = await storedLesson(tutor, student, gridTime(-0.25));
    const response = await callContract(lessonContracts.cancel, { params: { id }, token: student.token });
    expect([response.status, response.body.code]).toEqual([422, "lesson-time-passed"]);
  });

  it("refuses someone who is not a member", async () => {
    const { lessonId } = await booked(24);
    const stranger = await createStudent();
    expect(
      (await callContract(lessonContracts.cancel, { params: { id: lessonId }, token: stranger.token }))
        .status,
    ).toBe(403);
    expect(
      (await callContract(lessonContracts.cancel, { params: { id: "999999" }, token: stranger.token })).body
        .code,
    ).toBe("lesson-not-found");
  });
});

describe("PATCH /lesson (reschedule)", () => {
  it("moves the lesson onto time overlapping its own old time and notifies the tutor", async () => {
    const { start, tutor, student, lessonId } = await booked(24);
    const to = addMinutes(start, 15);
    const response = await callContract(lessonContracts.reschedule, {
      token: student.token,
      body: { id: lessonId, start: to.toISOString() },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: lessonId,
      start: to.toISOString(),
      end: addMinutes(to, 30).toISOString(),
      duration: 30,
    });
    expect(await env.DB.prepare("SELECT start FROM lessons WHERE id = ?").bind(lessonId).first()).toEqual({
      start: to.toISOString(),
    });
    expect(await lastSubject(tutor.email)).toBe("ميعاد حصتك في درس اتغيّر");
  });

  it("refuses a time the tutor has booked with another student (busy-tutor)", async () => {
    const { start, tutor, student, lessonId } = await booked(24);
    const other = await createStudent();
    await subscribe(other.id);
    expect((await book(other, tutor.id, addMinutes(start, 60), 30)).status).toBe(201);
    const response = await callContract(lessonContracts.reschedule, {
      token: student.token,
      body: { id: lessonId, start: addMinutes(start, 45).toISOString() },
    });
    expect(response.body.code).toBe("busy-tutor");
    expect(await env.DB.prepare("SELECT start FROM lessons WHERE id = ?").bind(lessonId).first()).toEqual({
      start: start.toISOString(),
    });
  });

  it("refuses the tutor moving a lesson (403) and a lesson within 6 hours (lesson-cancel-window-passed)", async () => {
    const { start, tutor, lessonId } = await booked(24);
    expect(
      (
        await callContract(lessonContracts.reschedule, {
          token: tutor.token,
          body: { id: lessonId, start: addMinutes(start, 15).toISOString() },
        })
      ).status,
    ).toBe(403);
    const soon = await booked(3, { notice: 1 });
    const response = await callContract(lessonContracts.reschedule, {
      token: soon.student.token,
      body: { id: soon.lessonId, start: addMinutes(soon.start, 15).toISOString() },
    });
    expect([response.status, response.body.code]).toEqual([422, "lesson-cancel-window-passed"]);
  });
});

describe("PATCH /lesson: the entitlement of a moved lesson", () => {
  it("moves a trial lesson as a trial (no subscription needed) and names the other member in each notification", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(addMinutes(start, -60), 4);
    const student = await createStudent();
    const trial = await book(student, tutor.id, start, 15);
    expect([trial.status, trial.body.isTrial]).toEqual([201, true]);
    const to = addMinutes(start, 30);
    const response = await callContract(lessonContracts.reschedule, {
      token: student.token,
      body: { id: trial.body.id, start: to.toISOString() },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      start: to.toISOString(),
      duration: 15,
      isTrial: true,
      subscriptionId: null,
      tutor: { id: tutor.id, name: "مدرس تجريبي" },
    });
    const body = await env.DB.prepare(
      "SELECT body FROM notifications_outbox WHERE recipient = ? ORDER BY id DESC",
    )
      .bind(student.email)
      .first<{ body: string }>();
    expect(body!.body).toContain("مع مدرس تجريبي");
  });

  it("refuses moving a subscription lesson once the subscription is cancelled (subscription-required), leaving it and sending nothing", async () => {
    const { start, tutor, student, lessonId } = await booked(24);
    await env.DB.prepare("UPDATE subscriptions SET status = 'canceled' WHERE user_id = ?")
      .bind(student.id)
      .run();
    const before = await env.DB.prepare("SELECT count(*) AS n FROM notifications_outbox WHERE recipient = ?")
      .bind(tutor.email)
      .first<{ n: number }>();
    const response = await callContract(lessonContracts.reschedule, {
      token: student.token,
      body: { id: lessonId, start: addMinutes(start, 30).toISOString() },
    });
    expect([response.status, response.body.code]).toEqual([422, "subscription-required"]);
    expect(await env.DB.prepare("SELECT start FROM lessons WHERE id = ?").bind(lessonId).first()).toEqual({
      start: start.toISOString(),
    });
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM notifications_outbox WHERE recipient = ?")
        .bind(tutor.email)
        .first<{ n: number }>(),
    ).toEqual(before);
  });

  it("counts the week's minutes without the lesson's own: a 30-minute lesson of a 30-minute week moves, a longer one does not fit", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(addMinutes(start, -60), 4);
    const student = await createStudent();
    await subscribe(student.id, { weeklyMinutes: 30 });
    const lesson = await book(student, tutor.id, start, 15);
    expect(lesson.status).toBe(201);
    const to = addMinutes(start, 60);
    expect(
      (
        await callContract(lessonContracts.reschedule, {
          token: student.token,
          body: { id: lesson.body.id, start: to.toISOString(), duration: 30 },
        })
      ).status,
    ).toBe(200);
    expect((await book(student, tutor.id, addMinutes(start, 120), 15)).body.code).toBe("no-enough-minutes");
  });
});

describe("PATCH /lesson by a student whose email is no longer verified", () => {
  it("refuses with email-not-verified and leaves the lesson where it was", async () => {
    const { start, student, lessonId } = await booked(24);
    await env.DB.prepare("UPDATE users SET verified_email = 0 WHERE id = ?").bind(student.id).run();
    const response = await callContract(lessonContracts.reschedule, {
      token: student.token,
      body: { id: lessonId, start: addMinutes(start, 30).toISOString() },
    });
    expect([response.status, response.body.code]).toEqual([422, "email-not-verified"]);
    expect(await env.DB.prepare("SELECT start FROM lessons WHERE id = ?").bind(lessonId).first()).toEqual({
      start: start.toISOString(),
    });
  });
});

describe("GET /lesson/{id}", () => {
  it("shows a lesson to its members and staff, not to others", async () => {
    const { tutor, student, lessonId } = await booked(24);
    const manager = await createUser(Role.TutorManager);
    const stranger = await createStudent();
    expect(
      (await callContract(lessonContracts.get, { params: { id: lessonId }, token: student.token })).body,
    ).toMatchObject({
      id: lessonId,
      tutor: { id: tutor.id },
      student: { id: student.id },
      state: "pending",
    });
    expect(
      (await callContract(lessonContracts.get, { params: { id: lessonId }, token: tutor.token })).status,
    ).toBe(200);
    expect(
      (await callContract(lessonContracts.get, { params: { id: lessonId }, token: manager.token })).status,
    ).toBe(200);
    expect(
      (await callContract(lessonContracts.get, { params: { id: lessonId }, token: stranger.token })).status,
    ).toBe(403);
  });
});

describe("GET /lesson/list/ and /lesson/attended/stats", () => {
  it("lists the caller's lessons with the ratified/canceled and future/past filters, paged", async () => {
    const { tutor, student, lessonId } = await booked(24);
    const past = await storedLesson(tutor, student, gridTime(-5));
    const second = await book(student, tutor.id, gridTime(24, 60), 15);
    await callContract(lessonContracts.cancel, { params: { id: second.body.id }, token: student.token });
    const list = async (query: string) =>
      (await call("GET", `/api/v1/lesson/list/?${query}`, { token: student.token })).body;
    expect((await list("")).total).toBe(3);
    expect((await list("when=future&status=ratified")).list.map((l: { id: number }) => l.id)).toEqual([
      lessonId,
    ]);
    expect((await list("when=past")).list.map((l: { id: number }) => l.id)).toEqual([past]);
    expect((await list("status=canceled")).list.map((l: { id: number }) => l.id)).toEqual([second.body.id]);
    const page = await list("size=1&page=2");
    expect(page.total).toBe(3);
    expect(page.list).toHaveLength(1);
  });

  it("answers each listed lesson as GET /lesson/{id} does, in the contract's shape (SQLite writes the list's items)", async () => {
    const { tutor, student, lessonId } = await booked(24);
    const past = await storedLesson(tutor, student, gridTime(-5));
    const happening = await storedLesson(tutor, student, addMinutes(new Date(), -10));
    const second = await book(student, tutor.id, gridTime(24, 60), 15);
    await callContract(lessonContracts.cancel, { params: { id: second.body.id }, token: student.token });
    // A trial lesson and a level set by the tutor: isTrial is a boolean and studentLevel the newest level.
    await env.DB.prepare("UPDATE lessons SET is_trial = 1, subscription_id = NULL WHERE id = ?")
      .bind(past)
      .run();
    const at = new Date().toISOString();
    await env.DB.batch(
      ["A2", "B1"].map((level, index) =>
        env.DB.prepare(
          "INSERT INTO student_levels (student_id, tutor_id, level, reason, created_at) VALUES (?, ?, ?, 'r', ?)",
        ).bind(student.id, tutor.id, level, addMinutes(new Date(at), index).toISOString()),
      ),
    );
    for (const member of [student, tutor]) {
      const answer = await call("GET", "/api/v1/lesson/list/", { token: member.token });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      const parsed = lessonContracts.list.response.strict().safeParse(answer.body);
      expect(parsed.error).toBeUndefined();
      expect(answer.body.total).toBe(4);
      const ids = answer.body.list.map((lesson: LessonView) => lesson.id);
      expect(ids).toEqual([second.body.id, lessonId, happening, past]);
      for (const item of answer.body.list as LessonView[]) {
        const one = await callContract(lessonContracts.get, { params: { id: item.id }, token: member.token });
        expect(item).toEqual({ ...one.body, studentLevel: "B1" });
      }
      const states = answer.body.list.map((lesson: LessonView) => [lesson.state, lesson.isTrial]);
      expect(states).toEqual([
        ["canceled", false],
        ["pending", false],
        ["happening", false],
        ["fulfilled", true],
      ]);
    }
    // A page past the end still answers the total, and no items.
    const beyond = await call("GET", "/api/v1/lesson/list/?page=9", { token: student.token });
    expect(beyond.body).toEqual({ list: [], total: 4 });
  });

  it("lets staff list one user's lessons and refuses a student asking for another's", async () => {
    const { student, lessonId } = await booked(24);
    const admin = await createUser(Role.RegularAdmin);
    const other = await createStudent();
    const listed = await callContract(lessonContracts.list, {
      query: { user: student.id },
      token: admin.token,
    });
    expect(listed.body).toMatchObject({ total: 1, list: [{ id: lessonId }] });
    expect(
      (await callContract(lessonContracts.list, { query: { user: student.id }, token: other.token })).status,
    ).toBe(403);
  });

  it("shows a tutor manager or admin their own lessons on their own screens, and everyone's only to admins asking with scope=all", async () => {
    const { lessonId } = await booked(24);
    const manager = await createUser(Role.TutorManager);
    const admin = await createUser(Role.SuperAdmin);
    const own = await callContract(lessonContracts.list, { query: { size: "100" }, token: manager.token });
    expect(own.body).toEqual({ list: [], total: 0 });
    const adminOwn = await callContract(lessonContracts.list, { query: { size: "100" }, token: admin.token });
    expect(adminOwn.body).toEqual({ list: [], total: 0 });
    const refused = await callContract(lessonContracts.list, {
      query: { scope: "all" },
      token: manager.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden");
    const all = await callContract(lessonContracts.list, {
      query: { scope: "all", size: "1" },
      token: admin.token,
    });
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(1);
    expect(lessonId).toBeGreaterThan(0);
    expect(all.body.list[0]!.tutor.id).not.toBe(admin.id);
  });

  it("counts attended, upcoming and cancelled lessons", async () => {
    const { tutor, student, lessonId } = await booked(24);
    await storedLesson(tutor, student, gridTime(-5));
    const other = await book(student, tutor.id, gridTime(24, 60), 15);
    await callContract(lessonContracts.cancel, { params: { id: other.body.id }, token: student.token });
    const stats = await callContract(lessonContracts.stats, { token: student.token });
    expect(stats.body).toEqual({
      attendedLessons: 1,
      attendedMinutes: 30,
      upcomingLessons: 1,
      canceledLessons: 1,
    });
    expect(lessonId).toBeGreaterThan(0);
  });
});
