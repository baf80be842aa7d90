import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { createUser } from "./factories-lessons";
import { call, callContract } from "./helpers";
import { couponContracts } from "../../schema/api/coupon";
import { tutorContracts } from "../../schema/api/tutor";
import { lessonContracts } from "../../schema/api/lesson";

const future = (days: number) => new Date(Date.now() + days * 864e5).toISOString();

/** The admin area's tables ask the API for one page in one order, filtered as the admin types. */
describe("the admin coupons table", () => {
  it("finds coupons by part of their code as the admin types, in any case", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const tag = `T${Date.now() % 100000}`;
    for (const code of [`${tag}AAA`, `${tag}BBB`, `OTHER${tag}`])
      expect(
        (
          await callContract(couponContracts.create, {
            token: admin.token,
            body: { code, discount: 1000, expiresAt: future(7) },
          })
        ).status,
      ).toBe(201);
    const found = await call("GET", `/api/v1/coupon/list?q=${tag.toLowerCase()}b&size=100`, {
      token: admin.token,
    });
    expect(found.status).toBe(200);
    expect(found.body.list.map((coupon: { code: string }) => coupon.code)).toEqual([`${tag}BBB`]);
    expect(found.body.total).toBe(1);
    const all = await callContract(couponContracts.list, {
      query: { q: tag, size: "100" },
      token: admin.token,
    });
    expect(all.body.total).toBe(3);
  });

  it("orders coupons by discount, expiry or code, either way, newest first by default", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const tag = `S${Date.now() % 100000}`;
    const made = [
      { code: `${tag}C`, discount: 3000, expiresAt: future(3) },
      { code: `${tag}A`, discount: 1000, expiresAt: future(9) },
      { code: `${tag}B`, discount: 2000, expiresAt: future(1) },
    ];
    for (const body of made) await callContract(couponContracts.create, { token: admin.token, body });
    const codes = async (sort?: string) =>
      (
        await call("GET", `/api/v1/coupon/list?q=${tag}&size=100${sort ? `&sort=${sort}` : ""}`, {
          token: admin.token,
        })
      ).body.list.map((coupon: { code: string }) => coupon.code);
    expect(await codes()).toEqual([`${tag}B`, `${tag}A`, `${tag}C`]);
    expect(await codes("discount")).toEqual([`${tag}A`, `${tag}B`, `${tag}C`]);
    expect(await codes("-discount")).toEqual([`${tag}C`, `${tag}B`, `${tag}A`]);
    expect(await codes("expires")).toEqual([`${tag}B`, `${tag}C`, `${tag}A`]);
    expect(await codes("-code")).toEqual([`${tag}C`, `${tag}B`, `${tag}A`]);
  });

  it("refuses an unknown order with bad-request", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const res = await call("GET", "/api/v1/coupon/list?sort=price", { token: admin.token });
    expect([res.status, res.body.code]).toEqual([400, "bad-request"]);
  });
});

describe("the admin tutors table", () => {
  it("orders tutors found by name by name or email, either way, newest first by default", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const tag = `مرتب${Date.now() % 100000}`;
    const made = [];
    for (const letter of ["ب", "ج", "أ"]) {
      const tutor = await createUser(Role.Tutor, { name: `${tag} ${letter}` });
      await env.DB.prepare(
        "INSERT INTO tutors (id, notice, activated, created_at, updated_at) VALUES (?, 60, 1, ?, ?)",
      )
        .bind(tutor.id, new Date().toISOString(), new Date().toISOString())
        .run();
      made.push(tutor);
    }
    const names = async (sort?: string) =>
      (
        await call(
          "GET",
          `/api/v1/user/tutor/full-tutors?size=100&name=${encodeURIComponent(tag)}${sort ? `&sort=${sort}` : ""}`,
          { token: admin.token },
        )
      ).body.list.map((tutor: { name: string }) => tutor.name.slice(-1));
    expect(await names()).toEqual(["أ", "ج", "ب"]);
    expect(await names("name")).toEqual(["أ", "ب", "ج"]);
    expect(await names("-name")).toEqual(["ج", "ب", "أ"]);
    const byEmail = [...made].sort((a, b) => (a.email < b.email ? -1 : 1)).map((tutor) => tutor.id);
    const ids = (
      await callContract(tutorContracts.fullTutors, {
        query: { size: "100", name: tag, sort: "email" },
        token: admin.token,
      })
    ).body.list.map((tutor: { id: number }) => tutor.id);
    expect(ids).toEqual(byEmail);
  });

  it("refuses an unknown order with bad-request", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const res = await call("GET", "/api/v1/user/tutor/full-tutors?sort=rating", { token: admin.token });
    expect([res.status, res.body.code]).toEqual([400, "bad-request"]);
  });
});

/** A lesson of the pair written straight to D1, `hoursFromNow` from now, with its price and length. */
async function lessonOf(
  tutorId: number,
  studentId: number,
  hoursFromNow: number,
  duration: number,
  price: number,
): Promise<number> {
  const now = new Date().toISOString();
  const start = new Date(Math.floor((Date.now() + hoursFromNow * 3_600_000) / 900_000) * 900_000);
  const lesson = await env.DB.prepare(
    'INSERT INTO lessons (tutor_id, start, "end", duration, price, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(
      tutorId,
      start.toISOString(),
      new Date(start.getTime() + duration * 60_000).toISOString(),
      duration,
      price,
      studentId,
      now,
      now,
    )
    .first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
    ).bind(lesson!.id, tutorId, Role.Tutor, now),
    env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
    ).bind(lesson!.id, studentId, Role.Student, now),
  ]);
  return lesson!.id;
}

describe("the admin lessons table", () => {
  it("orders a member's lessons by time, length or price, either way (newest first without an order)", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const tutor = await createUser(Role.Tutor);
    const student = await createUser(Role.Student);
    const early = await lessonOf(tutor.id, student.id, 24, 30, 2000);
    const middle = await lessonOf(tutor.id, student.id, 48, 15, 500);
    const late = await lessonOf(tutor.id, student.id, 72, 30, 1000);
    const ids = async (sort?: string) => {
      const res = await call(
        "GET",
        `/api/v1/lesson/list/?user=${student.id}&size=100${sort ? `&sort=${sort}` : ""}`,
        { token: admin.token },
      );
      expect(res.status).toBe(200);
      return res.body.list.map((lesson: { id: number }) => lesson.id);
    };
    expect(await ids()).toEqual([late, middle, early]);
    expect(await ids("start")).toEqual([early, middle, late]);
    expect(await ids("-price")).toEqual([early, late, middle]);
    expect(await ids("price")).toEqual([middle, late, early]);
    // The same length: the later lesson first.
    expect(await ids("-duration")).toEqual([late, early, middle]);
    expect(await ids("duration")).toEqual([middle, late, early]);
  });

  it("finds everyone's lessons by part of the tutor's or the student's name as the admin types", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const tag = `بحث${Date.now() % 100000}`;
    const tutor = await createUser(Role.Tutor, { name: `${tag} المدرّسة` });
    const student = await createUser(Role.Student, { name: `${tag} الطالب` });
    const other = await createUser(Role.Student, { name: "طالب تاني" });
    const withStudent = await lessonOf(tutor.id, student.id, 24, 30, 1000);
    const withOther = await lessonOf(tutor.id, other.id, 48, 30, 1000);
    const ids = async (q: string) => {
      const res = await callContract(lessonContracts.list, {
        query: { scope: "all", size: "100", q },
        token: admin.token,
      });
      expect(res.status).toBe(200);
      return { ids: res.body.list.map((lesson: { id: number }) => lesson.id), total: res.body.total };
    };
    // The tutor's name finds both lessons; the student's only theirs (newest first).
    expect(await ids(`${tag} المدرّسة`)).toEqual({ ids: [withOther, withStudent], total: 2 });
    expect(await ids(`${tag} الطالب`)).toEqual({ ids: [withStudent], total: 1 });
    expect((await ids(`${tag}`)).total).toBe(2);
    // % and _ are letters here, not wildcards.
    expect((await ids(`${tag}%`)).total).toBe(0);
  });

  it("refuses an unknown order with bad-request", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const res = await call("GET", "/api/v1/lesson/list/?scope=all&sort=tutor", { token: admin.token });
    expect([res.status, res.body.code]).toEqual([400, "bad-request"]);
  });
});
