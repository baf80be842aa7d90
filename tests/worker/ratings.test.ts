import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { setDemoMediaStatements } from "../../emulators/media";
import { listOnboardedTutors } from "../../worker/domain/tutors/tutor-list";
import { createStudent, createTutor, createUser, db, type Session } from "./factories-lessons";
import { call, callContract } from "./helpers";
import { ratingContracts } from "../../schema/api/rating";

const hour = 60 * 60 * 1000;

/** A lesson of the pair written straight to D1, `hoursFromNow` from now (negative: past). */
async function lessonOf(
  student: Session,
  tutor: Session,
  hoursFromNow: number,
  options: { cancelled?: boolean } = {},
) {
  const start = new Date(Date.now() + hoursFromNow * hour);
  const end = new Date(start.getTime() + 30 * 60 * 1000);
  const at = new Date().toISOString();
  const row = await env.DB.prepare(
    `INSERT INTO lessons (tutor_id, start, "end", duration, price, created_by, canceled_at, created_at, updated_at)
     VALUES (?, ?, ?, 30, 12750, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(tutor.id, start.toISOString(), end.toISOString(), student.id, options.cancelled ? at : null, at, at)
    .first<{ id: number }>();
  await env.DB.prepare(
    "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?), (?, ?, ?, ?)",
  )
    .bind(row!.id, tutor.id, Role.Tutor, at, row!.id, student.id, Role.Student, at)
    .run();
  return row!.id;
}

/** A student and a tutor with one fulfilled lesson between them. */
async function taughtPair() {
  const student = await createStudent();
  const tutor = await createTutor();
  await lessonOf(student, tutor, -2);
  return { student, tutor };
}

const rate = (student: Session, body: Record<string, unknown>) =>
  call("POST", "/api/v1/rating/", { token: student.token, body });
const stored = (raterId: number, rateeId: number) =>
  env.DB.prepare("SELECT value, text FROM ratings WHERE rater_id = ? AND ratee_id = ?")
    .bind(raterId, rateeId)
    .first<{ value: number; text: string | null }>();

describe("POST /rating/", () => {
  it("lets a student rate a tutor after a past lesson with them", async () => {
    const { student, tutor } = await taughtPair();
    const response = await rate(student, { rateeId: tutor.id, value: 5, text: "مدرس ممتاز وصبور" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      raterId: student.id,
      rateeId: tutor.id,
      value: 5,
      text: "مدرس ممتاز وصبور",
    });
    expect(await stored(student.id, tutor.id)).toEqual({ value: 5, text: "مدرس ممتاز وصبور" });
  });

  it("accepts a rating without text", async () => {
    const { student, tutor } = await taughtPair();
    const response = await rate(student, { rateeId: tutor.id, value: 3 });
    expect(response.status).toBe(201);
    expect(await stored(student.id, tutor.id)).toEqual({ value: 3, text: null });
  });

  it("refuses a student who never had a lesson with the tutor", async () => {
    const student = await createStudent();
    const tutor = await createTutor();
    const response = await rate(student, { rateeId: tutor.id, value: 4 });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("forbidden");
    expect(await stored(student.id, tutor.id)).toBeNull();
  });

  it("refuses when the only lesson is still ahead", async () => {
    const student = await createStudent();
    const tutor = await createTutor();
    await lessonOf(student, tutor, 5);
    const response = await rate(student, { rateeId: tutor.id, value: 4 });
    expect(response.body.code).toBe("forbidden");
    expect(await stored(student.id, tutor.id)).toBeNull();
  });

  it("refuses when the only past lesson was cancelled", async () => {
    const student = await createStudent();
    const tutor = await createTutor();
    await lessonOf(student, tutor, -5, { cancelled: true });
    const response = await rate(student, { rateeId: tutor.id, value: 4 });
    expect(response.body.code).toBe("forbidden");
    expect(await stored(student.id, tutor.id)).toBeNull();
  });

  it("refuses when the past lesson was another student's", async () => {
    const { tutor } = await taughtPair();
    const other = await createStudent();
    const response = await rate(other, { rateeId: tutor.id, value: 4 });
    expect(response.body.code).toBe("forbidden");
    expect(await stored(other.id, tutor.id)).toBeNull();
  });

  it("allows one rating per pair (rating-exists)", async () => {
    const { student, tutor } = await taughtPair();
    await rate(student, { rateeId: tutor.id, value: 5 });
    const again = await rate(student, { rateeId: tutor.id, value: 1 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("rating-exists");
    expect(await stored(student.id, tutor.id)).toEqual({ value: 5, text: null });
  });

  it.each([
    [6, "too-high-rating-value"],
    [0, "too-low-rating-value"],
    [2.5, "invalid-type"],
  ])("refuses the value %s with %s", async (value, code) => {
    const { student, tutor } = await taughtPair();
    const response = await rate(student, { rateeId: tutor.id, value });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    expect(await stored(student.id, tutor.id)).toBeNull();
  });

  it.each([
    ["ab", "short-rating-text"],
    ["ا".repeat(1001), "long-rating-text"],
  ])("refuses the text %# with %s", async (text, code) => {
    const { student, tutor } = await taughtPair();
    const response = await rate(student, { rateeId: tutor.id, value: 4, text });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    expect(await stored(student.id, tutor.id)).toBeNull();
  });

  it("refuses a tutor rating another tutor", async () => {
    const tutor = await createTutor();
    const other = await createTutor();
    const response = await callContract(ratingContracts.create, {
      token: tutor.token,
      body: { rateeId: other.id, value: 4 },
    });
    expect(response.status).toBe(403);
  });

  it("refreshes the tutor list, which shows the new average", async () => {
    const { student, tutor } = await taughtPair();
    await env.DB.prepare(
      "UPDATE users SET phone = '01012345678', city = 1, verified_phone = 1, gender = 'male', birth_year = 1990, name = 'مدرس التقييم' WHERE id = ?",
    )
      .bind(tutor.id)
      .run();
    await env.DB.prepare("UPDATE tutors SET bio = 'نبذة', about = 'عن المدرس' WHERE id = ?")
      .bind(tutor.id)
      .run();
    await env.DB.batch(setDemoMediaStatements(env.DB, [tutor.id]));
    const card = async () =>
      (await listOnboardedTutors(db(), { page: 1, size: 100 } as never)).list.find((t) => t.id === tutor.id);
    expect((await card())?.rating).toEqual({ average: null, count: 0 });
    await rate(student, { rateeId: tutor.id, value: 4 });
    expect((await card())?.rating).toEqual({ average: 4, count: 1 });
  });
});

describe("GET /rating/{id}", () => {
  it("answers a rating to anyone", async () => {
    const { student, tutor } = await taughtPair();
    const created = await rate(student, { rateeId: tutor.id, value: 4, text: "جيد جدا" });
    const response = await callContract(ratingContracts.get, { params: { id: created.body.id } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: created.body.id,
      value: 4,
      text: "جيد جدا",
      raterId: student.id,
      rateeId: tutor.id,
    });
  });

  it("answers rating-not-found for an unknown id", async () => {
    const response = await callContract(ratingContracts.get, { params: { id: "999999" } });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("rating-not-found");
  });
});

describe("PUT /rating/{id}", () => {
  it("lets the rater change the value and text", async () => {
    const { student, tutor } = await taughtPair();
    const created = await rate(student, { rateeId: tutor.id, value: 2, text: "مقبول" });
    const response = await callContract(ratingContracts.update, {
      params: { id: created.body.id },
      token: student.token,
      body: { value: 5, text: "أفضل بكثير" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ value: 5, text: "أفضل بكثير" });
    expect(await stored(student.id, tutor.id)).toEqual({ value: 5, text: "أفضل بكثير" });
  });

  it("clears the text with null and keeps the value", async () => {
    const { student, tutor } = await taughtPair();
    const created = await rate(student, { rateeId: tutor.id, value: 2, text: "مقبول" });
    await callContract(ratingContracts.update, {
      params: { id: created.body.id },
      token: student.token,
      body: { text: null },
    });
    expect(await stored(student.id, tutor.id)).toEqual({ value: 2, text: null });
  });

  it("lets an admin edit anyone's rating", async () => {
    const { student, tutor } = await taughtPair();
    const admin = await createUser(Role.RegularAdmin);
    const created = await rate(student, { rateeId: tutor.id, value: 1, text: "كلام غير لائق" });
    const response = await callContract(ratingContracts.update, {
      params: { id: created.body.id },
      token: admin.token,
      body: { text: null },
    });
    expect(response.status).toBe(200);
    expect(await stored(student.id, tutor.id)).toEqual({ value: 1, text: null });
  });

  it("refuses anyone else, even the rated tutor", async () => {
    const { student, tutor } = await taughtPair();
    const created = await rate(student, { rateeId: tutor.id, value: 1 });
    for (const caller of [tutor, await createStudent()]) {
      const response = await callContract(ratingContracts.update, {
        params: { id: created.body.id },
        token: caller.token,
        body: { value: 5 },
      });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("forbidden");
    }
    expect(await stored(student.id, tutor.id)).toEqual({ value: 1, text: null });
  });

  it("validates the new value and text", async () => {
    const { student, tutor } = await taughtPair();
    const created = await rate(student, { rateeId: tutor.id, value: 3 });
    const high = await callContract(ratingContracts.update, {
      params: { id: created.body.id },
      token: student.token,
      body: { value: 9 },
    });
    expect(high.body.code).toBe("too-high-rating-value");
    const short = await callContract(ratingContracts.update, {
      params: { id: created.body.id },
      token: student.token,
      body: { text: "لا" },
    });
    expect(short.body.code).toBe("short-rating-text");
    expect(await stored(student.id, tutor.id)).toEqual({ value: 3, text: null });
  });

  it("answers rating-not-found for an unknown id", async () => {
    const student = await createStudent();
    const response = await callContract(ratingContracts.update, {
      params: { id: "999999" },
      token: student.token,
      body: { value: 3 },
    });
    expect(response.body.code).toBe("rating-not-found");
  });
});

describe("DELETE /rating/{id}", () => {
  it("lets the rater delete it, after which they may rate again", async () => {
    const { student, tutor } = await taughtPair();
    const created = await rate(student, { rateeId: tutor.id, value: 2 });
    const response = await callContract(ratingContracts.remove, {
      params: { id: created.body.id },
      token: student.token,
    });
    expect(response.status).toBe(204);
    expect(await stored(student.id, tutor.id)).toBeNull();
    expect((await rate(student, { rateeId: tutor.id, value: 4 })).status).toBe(201);
  });

  it("lets an admin delete it", async () => {
    const { student, tutor } = await taughtPair();
    const admin = await createUser(Role.SuperAdmin);
    const created = await rate(student, { rateeId: tutor.id, value: 2 });
    expect(
      (await callContract(ratingContracts.remove, { params: { id: created.body.id }, token: admin.token }))
        .status,
    ).toBe(204);
    expect(await stored(student.id, tutor.id)).toBeNull();
  });

  it("refuses anyone else", async () => {
    const { student, tutor } = await taughtPair();
    const created = await rate(student, { rateeId: tutor.id, value: 2 });
    const response = await callContract(ratingContracts.remove, {
      params: { id: created.body.id },
      token: tutor.token,
    });
    expect(response.status).toBe(403);
    expect(await stored(student.id, tutor.id)).toEqual({ value: 2, text: null });
  });
});

describe("rating lists", () => {
  async function twoReviews() {
    const tutor = await createTutor();
    const first = await createStudent();
    const second = await createStudent();
    await lessonOf(first, tutor, -3);
    await lessonOf(second, tutor, -3);
    await rate(first, { rateeId: tutor.id, value: 2, text: "الأول" });
    await rate(second, { rateeId: tutor.id, value: 5, text: "الثاني" });
    return { tutor, first, second };
  }

  it("lists a tutor's reviews newest first with the rater's name, the average and count", async () => {
    const { tutor, first, second } = await twoReviews();
    const response = await callContract(ratingContracts.tutorReviews, { params: { id: tutor.id } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 2, count: 2, average: 3.5 });
    expect(response.body.list.map((r: { raterId: number }) => r.raterId)).toEqual([second.id, first.id]);
    expect(response.body.list[0]).toMatchObject({
      text: "الثاني",
      raterName: "مستخدم تجريبي",
      raterImage: null,
    });
  });

  it("pages a tutor's reviews", async () => {
    const { tutor, first } = await twoReviews();
    const response = await callContract(ratingContracts.tutorReviews, {
      params: { id: tutor.id },
      query: { page: "2", size: "1" },
    });
    expect(response.body.total).toBe(2);
    expect(response.body.list.map((r: { raterId: number }) => r.raterId)).toEqual([first.id]);
  });

  it("answers an empty list with no average for an unrated tutor", async () => {
    const tutor = await createTutor();
    const response = await callContract(ratingContracts.tutorReviews, { params: { id: tutor.id } });
    expect(response.body).toEqual({ list: [], total: 0, average: null, count: 0 });
  });

  it("answers 404 tutor-not-found for an unknown tutor, like the tutor's profile", async () => {
    const student = await createStudent();
    for (const id of [999_999, student.id]) {
      const response = await callContract(ratingContracts.tutorReviews, { params: { id } });
      expect([response.status, response.body.code]).toEqual([404, "tutor-not-found"]);
    }
  });

  it("lists the ratings a user gave and received", async () => {
    const { tutor, first } = await twoReviews();
    const given = await callContract(ratingContracts.byRater, { params: { id: first.id } });
    expect(given.body.total).toBe(1);
    expect(given.body.list[0]).toMatchObject({ raterId: first.id, rateeId: tutor.id, value: 2 });
    const received = await callContract(ratingContracts.byRatee, { params: { id: tutor.id } });
    expect(received.body.total).toBe(2);
    expect(received.body.list.map((r: { value: number }) => r.value)).toEqual([5, 2]);
  });
});
