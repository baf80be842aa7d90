import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Role } from "../../schema/enums";
import type { AuthResponse } from "../../schema/api/user";
import { dayWindow } from "../../schema/calendar";
import {
  ABOUT,
  BIO,
  addMinutes,
  at,
  bookLessonInSlot,
  createSlot,
  createTopicRow,
  onboardedTutor,
} from "./factories-tutors";
import { call, callContract, createUserWithRole, register } from "./helpers";
import { tutorContracts } from "../../schema/api/tutor";
import { topicContracts } from "../../schema/api/topic";

const letters = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي";
let counter = 0;
/** A unique Arabic word, so each test finds its own tutors with the name filter. */
function word(): string {
  counter++;
  return [
    counter % 28,
    Math.floor(counter / 28) % 28,
    Math.floor(Math.random() * 28),
    Math.floor(Math.random() * 28),
  ]
    .map((i) => letters[i])
    .join("");
}

/** A unique Latin name for a topic. */
function latinWord(): string {
  counter++;
  return [
    counter % 26,
    Math.floor(counter / 26) % 26,
    Math.floor(Math.random() * 26),
    Math.floor(Math.random() * 26),
  ]
    .map((i) => "abcdefghijklmnopqrstuvwxyz"[i])
    .join("");
}

const list = (query: string) => call("GET", `/api/v1/user/tutor/list/onboarded?${query}`);
const namesOf = (body: { list: Array<{ name: string }> }) => body.list.map((card) => card.name);

async function rate(tutorId: number, value: number) {
  const student = await register(Role.Student);
  const now = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO ratings (rater_id, ratee_id, value, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(student.user.id, tutorId, value, now, now)
    .run();
}

/** A lesson that already happened (not cancelled), written straight to D1. */
async function pastLesson(tutorId: number, studentId: number, daysAgo: number, duration = 30) {
  const start = new Date(Math.floor(Date.now() / 900_000) * 900_000 - daysAgo * 86_400_000).toISOString();
  const now = new Date().toISOString();
  const row = await env.DB.prepare(
    "INSERT INTO lessons (tutor_id, start, end, duration, price, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?) RETURNING id",
  )
    .bind(tutorId, start, addMinutes(start, duration), duration, studentId, now, now)
    .first<{ id: number }>();
  await env.DB.prepare(
    "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
  )
    .bind(row!.id, studentId, Role.Student, now)
    .run();
}

let admin: AuthResponse;
beforeAll(async () => {
  admin = await createUserWithRole(Role.SuperAdmin);
});

describe("the tutor's profile", () => {
  it("stores the Arabic name, bio, about and notice", async () => {
    const tutor = await register(Role.Tutor);
    const body = { name: "أحمد السيد", bio: BIO, about: ABOUT, notice: 120 };
    const response = await callContract(tutorContracts.updateProfile, { token: tutor.token, body });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: tutor.user.id, ...body });
    const row = await env.DB.prepare(
      "SELECT u.name, t.bio, t.about, t.notice FROM users u JOIN tutors t ON t.id = u.id WHERE u.id = ?",
    )
      .bind(tutor.user.id)
      .first();
    expect(row).toEqual({ name: body.name, bio: BIO, about: ABOUT, notice: 120 });
  });

  it.each([
    ["bio", "", "empty-bio"],
    ["bio", "نبذة قصيرة جدا", "short-bio"],
    ["bio", "م".repeat(61), "long-bio"],
    ["bio", "English teacher with ten years of experience", "invalid-bio"],
    ["bio", "مدرس English بخبرة عشر سنوات في التدريس", "invalid-bio"],
    ["about", "تعريف قصير", "short-tutor-about"],
    ["about", "ت".repeat(1001), "long-tutor-about"],
    [
      "about",
      "I have been teaching English for many years to students and employees.",
      "invalid-tutor-about",
    ],
    ["notice", 0, "invalid-notice"],
    ["notice", 1.5, "invalid-notice"],
    ["notice", "60", "invalid-notice"],
    ["notice", 1441, "max-notice-exceeded"],
    ["name", "Ahmed Sayed", "invalid-tutor-name"],
    ["name", "أ", "short-user-name"],
    ["name", "أ".repeat(31), "long-user-name"],
  ])("refuses %s %j with %s and stores nothing", async (field, value, code) => {
    const tutor = await register(Role.Tutor);
    const response = await callContract(tutorContracts.updateProfile, {
      token: tutor.token,
      body: { [field]: value },
    });
    expect([response.status, response.body.code, response.body.fields]).toEqual([
      400,
      code,
      { [field]: code },
    ]);
    const row = await env.DB.prepare("SELECT bio, about, notice FROM tutors WHERE id = ?")
      .bind(tutor.user.id)
      .first();
    expect(row).toEqual({ bio: null, about: null, notice: 60 });
  });

  it("accepts the bounds: a 25-character bio, notice 1 and 1440", async () => {
    const tutor = await register(Role.Tutor);
    const bio = "مدرس لغة إنجليزية محترف ج";
    expect(bio).toHaveLength(25);
    const low = await callContract(tutorContracts.updateProfile, {
      token: tutor.token,
      body: { bio, notice: 1 },
    });
    const high = await callContract(tutorContracts.updateProfile, {
      token: tutor.token,
      body: { notice: 1440 },
    });
    expect([low.status, high.body.notice, high.body.bio]).toEqual([200, 1440, bio]);
  });

  it("answers empty-request for an empty change", async () => {
    const tutor = await register(Role.Tutor);
    const response = await callContract(tutorContracts.updateProfile, { token: tutor.token, body: {} });
    expect([response.status, response.body.code]).toEqual([400, "empty-request"]);
  });

  it("lets an admin change a tutor's profile, but not a tutor another's", async () => {
    const tutor = await register(Role.Tutor);
    const other = await register(Role.Tutor);
    const byAdmin = await callContract(tutorContracts.updateProfile, {
      query: { tutorId: tutor.user.id },
      token: admin.token,
      body: { notice: 30 },
    });
    const byOther = await callContract(tutorContracts.updateProfile, {
      query: { tutorId: tutor.user.id },
      token: other.token,
      body: { notice: 45 },
    });
    expect([byAdmin.status, byAdmin.body.notice, byOther.status, byOther.body.code]).toEqual([
      200,
      30,
      403,
      "forbidden",
    ]);
    const row = await env.DB.prepare("SELECT notice FROM tutors WHERE id = ?").bind(tutor.user.id).first();
    expect(row).toEqual({ notice: 30 });
  });

  it("answers tutor-not-found when the target is not a tutor", async () => {
    const student = await register(Role.Student);
    const response = await callContract(tutorContracts.updateProfile, {
      query: { tutorId: student.user.id },
      token: admin.token,
      body: { notice: 30 },
    });
    expect([response.status, response.body.code]).toEqual([404, "tutor-not-found"]);
  });

  it("is refused to students", async () => {
    const student = await register(Role.Student);
    const response = await callContract(tutorContracts.updateProfile, {
      token: student.token,
      body: { notice: 30 },
    });
    expect([response.status, response.body.code]).toEqual([403, "forbidden"]);
  });
});

describe("the public tutor list", () => {
  it("is reached before /user/:id takes the path", async () => {
    const response = await list("size=1");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      list: expect.any(Array),
      total: expect.any(Number),
      totalIsLowerBound: false,
    });
  });

  it("lists activated tutors with a complete profile, with their card", async () => {
    const name = `مدرس ${word()}`;
    const tutor = await onboardedTutor({ name, gender: "female" });
    const topicId = await createTopicRow(`موضوع ${word()}`, `Topic ${latinWord()}`);
    await callContract(topicContracts.addToUser, { token: tutor.token, body: { topicIds: [topicId] } });
    const response = await list(`name=${encodeURIComponent(name)}`);
    expect(response.body.total).toBe(1);
    expect(response.body.list[0]).toMatchObject({
      id: tutor.user.id,
      name,
      gender: "female",
      bio: BIO,
      topics: [expect.objectContaining({ id: topicId })],
      rating: { average: null, count: 0 },
      lessonsTaught: 0,
      nextFreeAt: null,
    });
  });

  it.each([
    ["not activated", { activated: false }],
    ["without a bio", { bio: null }],
  ])("leaves out a tutor %s", async (_label, overrides) => {
    const name = `مدرس ${word()}`;
    await onboardedTutor({ name, ...overrides });
    const response = await list(`name=${encodeURIComponent(name)}`);
    expect(response.body).toEqual({ list: [], total: 0, totalIsLowerBound: false });
  });

  it("leaves out a tutor whose phone is not verified", async () => {
    const name = `مدرس ${word()}`;
    const tutor = await onboardedTutor({ name });
    await env.DB.prepare("UPDATE users SET verified_phone = 0 WHERE id = ?").bind(tutor.user.id).run();
    const response = await list(`name=${encodeURIComponent(name)}`);
    expect(response.body.total).toBe(0);
  });

  it("orders by soonest free time, then average rating, then lessons taught", async () => {
    const tag = word();
    const soon = await onboardedTutor({ name: `أول ${tag}` });
    const later = await onboardedTutor({ name: `ثاني ${tag}` });
    const rated = await onboardedTutor({ name: `ثالث ${tag}` });
    const busy = await onboardedTutor({ name: `رابع ${tag}` });
    const idle = await onboardedTutor({ name: `خامس ${tag}` });
    await createSlot(later.token, at(2 * 1440), at(2 * 1440 + 60));
    await createSlot(soon.token, at(1440), at(1440 + 60));
    await rate(rated.user.id, 5);
    await rate(busy.user.id, 3);
    await rate(idle.user.id, 3);
    const student = await register(Role.Student);
    await pastLesson(busy.user.id, student.user.id, 2);
    const response = await list(`name=${encodeURIComponent(tag)}`);
    expect(namesOf(response.body)).toEqual([
      `أول ${tag}`,
      `ثاني ${tag}`,
      `ثالث ${tag}`,
      `رابع ${tag}`,
      `خامس ${tag}`,
    ]);
    expect(response.body.list[0].nextFreeAt).toBe(at(1440));
    expect(response.body.list[2].rating).toEqual({ average: 5, count: 1 });
    expect(response.body.list[3].lessonsTaught).toBe(1);
  });

  it("answers the soonest free time on the 15-minute grid, never the notice's odd minute", async () => {
    const tag = word();
    const tutor = await onboardedTutor({ name: `مدرس ${tag}` });
    await env.DB.prepare("UPDATE tutors SET notice = 7 WHERE id = ?").bind(tutor.user.id).run();
    // A slot open from now: its free time starts at now + 7 minutes, an odd minute.
    await createSlot(tutor.token, at(0), at(180));
    await callContract(tutorContracts.flushCache, { token: admin.token });
    const response = await list(`name=${encodeURIComponent(tag)}`);
    const next = Date.parse(response.body.list[0].nextFreeAt);
    expect(next % (15 * 60_000)).toBe(0);
    expect(next).toBeGreaterThanOrEqual(Date.now() + 7 * 60_000 - 1000);
  });

  it("does not count a fully booked slot as free time", async () => {
    const tag = word();
    const tutor = await onboardedTutor({ name: `مدرس ${tag}` });
    const student = await register(Role.Student);
    const slot = await createSlot(tutor.token, at(1440), at(1440 + 30));
    await bookLessonInSlot(tutor.user.id, student.user.id, slot, at(1440), 30);
    await callContract(tutorContracts.flushCache, { token: admin.token });
    const response = await list(`name=${encodeURIComponent(tag)}`);
    expect(response.body.list[0].nextFreeAt).toBeNull();
  });

  it("filters by topic, by gender, and by a day with free time", async () => {
    const tag = word();
    const withTopic = await onboardedTutor({ name: `أول ${tag}`, gender: "female" });
    const freeThatDay = await onboardedTutor({ name: `ثاني ${tag}`, gender: "male" });
    const topicId = await createTopicRow(`موضوع ${word()}`, `Topic ${latinWord()}`);
    await callContract(topicContracts.addToUser, { token: withTopic.token, body: { topicIds: [topicId] } });
    const start = at(3 * 1440 + 600);
    await createSlot(freeThatDay.token, start, addMinutes(start, 60));
    const cairoDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Cairo" }).format(new Date(start));
    const nextDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Cairo" }).format(
      new Date(Date.parse(start) + 2 * 86_400_000),
    );
    const name = `name=${encodeURIComponent(tag)}`;
    expect(namesOf((await list(`${name}&topicId=${topicId}`)).body)).toEqual([`أول ${tag}`]);
    expect(namesOf((await list(`${name}&gender=female`)).body)).toEqual([`أول ${tag}`]);
    expect(namesOf((await list(`${name}&day=${cairoDate}`)).body)).toEqual([`ثاني ${tag}`]);
    expect(namesOf((await list(`${name}&day=${nextDay}`)).body)).toEqual([]);
  });

  it("reads the day filter in the viewer's zone when one is given", async () => {
    const tag = word();
    const lateTutor = await onboardedTutor({ name: `متأخر ${tag}` });
    const cairoDateOf = (ms: number) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Cairo" }).format(new Date(ms));
    const day = cairoDateOf(Date.now() + 3 * 86_400_000);
    // 23:00–23:30 in Cairo on `day` is already the next day in Dubai.
    const start = new Date(dayWindow(day).end.getTime() - 60 * 60_000).toISOString();
    await createSlot(lateTutor.token, start, addMinutes(start, 30));
    const nextDay = cairoDateOf(Date.parse(`${day}T12:00:00Z`) + 86_400_000);
    const name = `name=${encodeURIComponent(tag)}`;
    expect(namesOf((await list(`${name}&day=${day}`)).body)).toEqual([`متأخر ${tag}`]);
    expect(namesOf((await list(`${name}&day=${day}&timeZone=Asia/Dubai`)).body)).toEqual([]);
    expect(namesOf((await list(`${name}&day=${nextDay}&timeZone=Asia/Dubai`)).body)).toEqual([
      `متأخر ${tag}`,
    ]);
    const bad = await list(`${name}&day=${day}&timeZone=Mars/Olympus`);
    expect([bad.status, bad.body.code]).toEqual([400, "invalid-time-zone"]);
  });

  it("refuses a malformed day or gender with bad-request", async () => {
    const day = await list("day=2031-02-30");
    const gender = await list("gender=other");
    expect([day.status, day.body.code, gender.status]).toEqual([400, "bad-request", 400]);
  });

  it("pages with the total", async () => {
    const tag = word();
    for (const n of ["أول", "ثاني", "ثالث"]) await onboardedTutor({ name: `${n} ${tag}` });
    const page = await list(`name=${encodeURIComponent(tag)}&page=2&size=2`);
    expect([page.body.total, page.body.list.length]).toEqual([3, 1]);
  });

  it("serves a repeated query from the cache until a tutor changes or an admin flushes it", async () => {
    const name = `مدرس ${word()}`;
    const tutor = await onboardedTutor({ name });
    const query = `name=${encodeURIComponent(name)}`;
    expect((await list(query)).body.list[0].bio).toBe(BIO);
    const silentBio = "نبذة جديدة كتبت مباشرة في قاعدة البيانات";
    await env.DB.prepare("UPDATE tutors SET bio = ? WHERE id = ?").bind(silentBio, tutor.user.id).run();
    expect((await list(query)).body.list[0].bio).toBe(BIO);
    const flush = await callContract(tutorContracts.flushCache, { token: admin.token });
    expect(flush.status).toBe(204);
    expect((await list(query)).body.list[0].bio).toBe(silentBio);
    const newBio = "مدرس محادثة يساعدك على الكلام بثقة وطلاقة";
    await callContract(tutorContracts.updateProfile, { token: tutor.token, body: { bio: newBio } });
    expect((await list(query)).body.list[0].bio).toBe(newBio);
  });

  it("answers a cache miss with one D1 round trip and a hit with none", async () => {
    const name = `مدرس ${word()}`;
    await onboardedTutor({ name });
    const batch = vi.spyOn(env.DB, "batch");
    const prepare = vi.spyOn(env.DB, "prepare");
    try {
      // One batch: the stale order columns recomputed, the page, the total and (anonymous: no user's
      // read carried them) the caches' shared versions (worker/core/shared-versions.ts).
      await list(`name=${encodeURIComponent(name)}&size=5`);
      expect([batch.mock.calls.length, prepare.mock.calls.length]).toEqual([1, 4]);
      // The hit right after: the versions read a moment ago still hold, so nothing is read.
      await list(`name=${encodeURIComponent(name)}&size=5`);
      expect([batch.mock.calls.length, prepare.mock.calls.length]).toEqual([1, 4]);
    } finally {
      batch.mockRestore();
      prepare.mockRestore();
    }
  });

  it("lets only admins flush the cache", async () => {
    const tutor = await register(Role.Tutor);
    const response = await callContract(tutorContracts.flushCache, { token: tutor.token });
    expect([response.status, response.body.code]).toEqual([403, "forbidden"]);
  });

  it("reads a day as its local midnight to midnight, Cairo's summer time included, or another zone's", () => {
    expect(dayWindow("2031-01-15")).toEqual({
      start: new Date("2031-01-14T22:00:00.000Z"),
      end: new Date("2031-01-15T22:00:00.000Z"),
    });
    expect(dayWindow("2031-07-15")).toEqual({
      start: new Date("2031-07-14T21:00:00.000Z"),
      end: new Date("2031-07-15T21:00:00.000Z"),
    });
    expect(dayWindow("2031-07-15", "Asia/Dubai")).toEqual({
      start: new Date("2031-07-14T20:00:00.000Z"),
      end: new Date("2031-07-15T20:00:00.000Z"),
    });
  });
});

describe("a tutor's public profile and stats", () => {
  it("shows a listed tutor's profile to anyone", async () => {
    const name = `مدرس ${word()}`;
    const tutor = await onboardedTutor({ name });
    await rate(tutor.user.id, 4);
    await rate(tutor.user.id, 5);
    const response = await callContract(tutorContracts.info, { params: { id: tutor.user.id } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: tutor.user.id,
      name,
      bio: BIO,
      about: ABOUT,
      notice: 60,
      topics: [],
      rating: { average: 4.5, count: 2 },
    });
  });

  it("hides an unlisted tutor from visitors but not from the tutor or staff", async () => {
    const tutor = await onboardedTutor({ activated: false });
    const visitor = await callContract(tutorContracts.info, { params: { id: tutor.user.id } });
    const self = await callContract(tutorContracts.info, {
      params: { id: tutor.user.id },
      token: tutor.token,
    });
    const staff = await callContract(tutorContracts.stats, {
      params: { id: tutor.user.id },
      token: admin.token,
    });
    expect([visitor.status, visitor.body.code, self.status, staff.status]).toEqual([
      404,
      "tutor-not-found",
      200,
      200,
    ]);
  });

  it("answers tutor-not-found for a user who is not a tutor", async () => {
    const student = await register(Role.Student);
    const info = await callContract(tutorContracts.info, { params: { id: student.user.id } });
    const stats = await callContract(tutorContracts.stats, { params: { id: student.user.id } });
    expect([info.status, info.body.code, stats.body.code]).toEqual([
      404,
      "tutor-not-found",
      "tutor-not-found",
    ]);
  });

  it("counts lessons and minutes taught, students, upcoming lessons and the rating", async () => {
    const tutor = await onboardedTutor();
    const first = await register(Role.Student);
    const second = await register(Role.Student);
    await pastLesson(tutor.user.id, first.user.id, 3, 30);
    await pastLesson(tutor.user.id, first.user.id, 2, 15);
    await pastLesson(tutor.user.id, second.user.id, 1, 30);
    const slot = await createSlot(tutor.token, at(1440), at(1500));
    await bookLessonInSlot(tutor.user.id, second.user.id, slot, at(1440));
    await rate(tutor.user.id, 3);
    const response = await callContract(tutorContracts.stats, { params: { id: tutor.user.id } });
    expect(response.body).toMatchObject({
      id: tutor.user.id,
      lessonsTaught: 3,
      minutesTaught: 75,
      studentsTaught: 2,
      upcomingLessons: 1,
      rating: { average: 3, count: 1 },
    });
  });
});
