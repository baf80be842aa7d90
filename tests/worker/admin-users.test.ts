import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { StudentStats, UserListItem } from "../../schema/api/admin-user";
import type { Paged } from "../../schema/api/common";
import { Role } from "../../schema/enums";
import { studentStats } from "../../worker/domain/staff/admin-users";
import { createStudent, createTutor, createUser, db } from "./factories-lessons";
import { seedLesson } from "./factories-stats";
import { call, callContract } from "./helpers";
import { pngBytes } from "./media-files";
import { adminUserContracts } from "../../schema/api/admin-user";
import { statsContracts } from "../../schema/api/stats";
import { userContracts } from "../../schema/api/user";

const list = (token: string, query = "") => call("GET", `/api/v1/user/list${query}`, { token });
const body = (response: { body: unknown }) => response.body as Paged<UserListItem>;

describe("GET /user/list (admins)", () => {
  it("answers every account newest first with the total, paged", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const a = await createStudent();
    const b = await createStudent();
    const response = await list(admin.token, "?size=2");
    expect(response.status).toBe(200);
    expect(body(response).list.map((user) => user.id)).toEqual([b.id, a.id]);
    const { count } = (await env.DB.prepare(
      "SELECT count(*) AS count FROM users WHERE deleted_at IS NULL",
    ).first<{ count: number }>())!;
    expect(body(response).total).toBe(count);
    const second = await list(admin.token, "?size=2&page=2");
    expect(body(second).list[0]?.id).toBe(admin.id);
  });

  it("never shows the password hash", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const response = await list(admin.token, "?size=1");
    expect(JSON.stringify(response.body)).not.toContain("passwordHash");
    expect(body(response).list[0]).toMatchObject({
      id: expect.any(Number),
      email: expect.any(String),
      hasPassword: false,
    });
  });

  it("filters by role", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const studio = await createUser(Role.Studio);
    const response = await list(admin.token, `?role=${Role.Studio}&size=100`);
    expect(body(response).list.every((user) => user.role === Role.Studio)).toBe(true);
    expect(body(response).list.map((user) => user.id)).toContain(studio.id);
  });

  it("searches names and emails, case-insensitively, treating % as a character", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const named = await createUser(Role.Student, { name: "زينب المصرية" });
    const byName = await list(admin.token, `?search=${encodeURIComponent("زينب")}`);
    expect(body(byName).list.map((user) => user.id)).toEqual([named.id]);
    const byEmail = await list(
      admin.token,
      `?search=${encodeURIComponent(named.email.slice(0, 14).toUpperCase())}`,
    );
    expect(body(byEmail).list.map((user) => user.id)).toEqual([named.id]);
    const wildcard = await list(admin.token, "?search=%25");
    expect(body(wildcard)).toEqual({ list: [], total: 0 });
  });

  it("searches as the table's search box does with q, and sorts by name, email or role either way", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const tag = `srt${Date.now().toString(36)}`;
    const b = await createUser(Role.Tutor, { name: `${tag} بسمة` });
    const a = await createUser(Role.Student, { name: `${tag} أحمد` });
    const c = await createUser(Role.Studio, { name: `${tag} تامر` });
    const ids = async (sort: string) =>
      body(await list(admin.token, `?q=${tag}&sort=${sort}`)).list.map((user) => user.id);
    expect(await ids("name")).toEqual([a.id, b.id, c.id]);
    expect(await ids("-name")).toEqual([c.id, b.id, a.id]);
    expect(await ids("role")).toEqual([b.id, a.id, c.id]); // Tutor 3, Student 4, Studio 6
    expect(await ids("-role")).toEqual([c.id, a.id, b.id]);
    expect(await ids("created")).toEqual([b.id, a.id, c.id]);
    expect(await ids("-created")).toEqual([c.id, a.id, b.id]);
    const byEmail = [a, b, c].sort((x, y) => (x.email < y.email ? -1 : 1)).map((user) => user.id);
    expect(await ids("email")).toEqual(byEmail);
    expect(await ids("-email")).toEqual([...byEmail].reverse());
  });

  it("refuses an unknown sort with bad-request", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const response = await list(admin.token, "?sort=password");
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("bad-request");
  });

  it("filters by verified email", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const unverified = await createUser(Role.Student, { verifiedEmail: false });
    const response = await list(admin.token, "?verified=false&size=100");
    expect(body(response).list.every((user) => !user.verifiedEmail)).toBe(true);
    expect(body(response).list.map((user) => user.id)).toContain(unverified.id);
  });

  it("shows tutors' activation and filters tutor-side accounts by it", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const active = await createTutor();
    const inactive = await createTutor({ activated: false });
    const student = await createStudent();
    const all = body(await list(admin.token, "?size=100")).list;
    expect(all.find((user) => user.id === active.id)?.activated).toBe(true);
    expect(all.find((user) => user.id === inactive.id)?.activated).toBe(false);
    expect(all.find((user) => user.id === student.id)?.activated).toBeNull();
    const off = body(await list(admin.token, "?activated=false&size=100")).list.map((user) => user.id);
    expect(off).toContain(inactive.id);
    expect(off).not.toContain(active.id);
    expect(off).not.toContain(student.id);
  });

  it("leaves deleted accounts out of the list and the total", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const gone = await createUser(Role.Student, { name: "حساب محذوف" });
    await env.DB.prepare("UPDATE users SET deleted_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), gone.id)
      .run();
    const response = await list(admin.token, `?search=${encodeURIComponent(gone.email)}`);
    expect(body(response)).toEqual({ list: [], total: 0 });
  });

  it("refuses a bad filter with bad-request", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const response = await list(admin.token, "?role=9");
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("bad-request");
  });

  it("is for admins only", async () => {
    const manager = await createUser(Role.TutorManager);
    expect((await list(manager.token)).status).toBe(403);
    expect((await callContract(adminUserContracts.list)).status).toBe(401);
  });

  it("reads in one D1 round trip", async () => {
    let batches = 0;
    let prepared = 0;
    const database = db();
    const client = (database as unknown as { $client: D1Database }).$client;
    const spy = new Proxy(client, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (key === "batch")
          return (...args: [D1PreparedStatement[]]) => (batches++, value.apply(target, args));
        if (key === "prepare") return (...args: [string]) => (prepared++, value.apply(target, args));
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    Object.assign(database, { $client: spy });
    const { listUsers } = await import("../../worker/domain/staff/admin-users");
    await listUsers(database, { page: 1, size: 10, search: "x" });
    expect(batches).toBe(1);
    expect(prepared).toBe(2);
  });
});

describe("GET /user/student/stats/{id}", () => {
  const NOW = new Date("2026-03-15T10:00:00.000Z");
  const MONTH = { start: "2026-02-28T22:00:00.000Z", end: "2026-03-31T22:00:00.000Z" };

  it("counts the student's attended, upcoming, cancelled and this month's lessons, and the next one", async () => {
    const tutor = await createTutor();
    const student = await createStudent();
    await seedLesson(tutor.id, student.id, { start: "2026-02-20T10:00:00.000Z" });
    await seedLesson(tutor.id, student.id, { start: "2026-03-10T10:00:00.000Z", duration: 15 });
    await seedLesson(tutor.id, student.id, { start: "2026-03-12T10:00:00.000Z", canceled: true });
    await seedLesson(tutor.id, student.id, { start: "2026-03-13T10:00:00.000Z", reportedAbsent: true });
    const next = await seedLesson(tutor.id, student.id, { start: "2026-03-16T09:00:00.000Z" });
    await seedLesson(tutor.id, student.id, { start: "2026-04-02T12:00:00.000Z" });
    const stats = await studentStats(db(), student.id, MONTH, NOW);
    expect(stats).toEqual({
      studentId: student.id,
      nextLesson: {
        id: next,
        start: "2026-03-16T09:00:00.000Z",
        duration: 30,
        otherMember: { id: tutor.id, name: "مدرس تجريبي", image: null },
      },
      lessonsThisMonth: 2,
      minutesThisMonth: 45,
      attendedLessons: 2,
      attendedMinutes: 45,
      upcomingLessons: 2,
      canceledLessons: 1,
    } satisfies StudentStats);
  });

  it("lets the student read their own numbers", async () => {
    const student = await createStudent();
    const response = await callContract(adminUserContracts.studentStats, {
      params: { id: student.id },
      token: student.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ studentId: student.id, attendedLessons: 0, nextLesson: null });
  });

  it("refuses another student's numbers to a student", async () => {
    const student = await createStudent();
    const other = await createStudent();
    const response = await callContract(adminUserContracts.studentStats, {
      params: { id: other.id },
      token: student.token,
    });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("forbidden");
  });

  it("lets admins and tutor managers read any student's numbers", async () => {
    const student = await createStudent();
    for (const role of [Role.SuperAdmin, Role.RegularAdmin, Role.TutorManager]) {
      const staff = await createUser(role);
      const response = await callContract(adminUserContracts.studentStats, {
        params: { id: student.id },
        token: staff.token,
      });
      expect(response.status).toBe(200);
      expect(response.body.studentId).toBe(student.id);
    }
  });

  it("answers student-not-found for an account that is not a student", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const tutor = await createTutor();
    const response = await callContract(adminUserContracts.studentStats, {
      params: { id: tutor.id },
      token: admin.token,
    });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("student-not-found");
  });

  it("keeps /user/student/stats/personalized for the signed-in student", async () => {
    const student = await createStudent();
    const response = await callContract(statsContracts.student, { token: student.token });
    expect(response.status).toBe(200);
    expect(response.body).toHaveProperty("lessonsThisMonth");
  });
});

describe("admins within their rights on another account (schema/staff-rights.ts)", () => {
  const avatarFor = (token: string, userId: number) => {
    const form = new FormData();
    form.set("image", new File([pngBytes(4, 4)], "me.png", { type: "image/png" }));
    return callContract(userContracts.uploadPicture, { query: { forUser: userId }, token, raw: form });
  };

  it("lets a RegularAdmin change a student's avatar (recorded as a media upload) but not a SuperAdmin's or another admin's", async () => {
    const regular = await createUser(Role.RegularAdmin);
    const superAdmin = await createUser(Role.SuperAdmin);
    const other = await createUser(Role.RegularAdmin);
    const student = await createStudent();
    expect((await avatarFor(regular.token, superAdmin.id)).body.code).toBe("forbidden");
    expect((await avatarFor(regular.token, other.id)).body.code).toBe("forbidden");
    const changed = await avatarFor(regular.token, student.id);
    expect(changed.status).toBe(200);
    const audit = await env.DB.prepare("SELECT action, target_id FROM audit_log WHERE actor_id = ?")
      .bind(regular.id)
      .all();
    expect(audit.results).toEqual([{ action: "media.upload", target_id: String(student.id) }]);
    expect((await avatarFor(superAdmin.token, other.id)).status).toBe(200);
  });

  it("answers user-not-found to an admin asking for an account that does not exist", async () => {
    const admin = await createUser(Role.SuperAdmin);
    expect((await avatarFor(admin.token, 99_999_999)).body.code).toBe("user-not-found");
    expect(
      (
        await callContract(userContracts.update, {
          params: { id: "99999999" },
          token: admin.token,
          body: { name: "لا أحد" },
        })
      ).body.code,
    ).toBe("user-not-found");
  });
});
