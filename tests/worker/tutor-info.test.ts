import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { InterviewStatus, Role } from "../../schema/enums";
import { DEMO_MEDIA_URLS, storeDemoMedia } from "../../emulators/media";
import { seedDemoData } from "../../emulators/seed";
import { createStudent, db } from "./factories-lessons";
import { insertInterview, manager } from "./factories-onboarding";
import { at, createSlot, onboardedTutor } from "./factories-tutors";
import { call, callContract, createUserWithRole, register } from "./helpers";
import { tutorContracts } from "../../schema/api/tutor";
import { chatContracts } from "../../schema/api/chat";

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A lesson of the tutor written straight to D1, `hoursFromNow` from now (negative: past). */
async function lesson(
  tutorId: number,
  studentId: number,
  hoursFromNow: number,
  options: { duration?: number; canceledBy?: number } = {},
) {
  const start = Math.floor((Date.now() + hoursFromNow * HOUR) / 60_000) * 60_000;
  const duration = options.duration ?? 30;
  const now = iso(Date.now());
  await env.DB.prepare(
    `INSERT INTO lessons (tutor_id, start, "end", duration, price, created_by, canceled_at, canceled_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
  )
    .bind(
      tutorId,
      iso(start),
      iso(start + duration * 60_000),
      duration,
      studentId,
      options.canceledBy ? now : null,
      options.canceledBy ?? null,
      now,
      now,
    )
    .run();
}

const list = (path: string, token?: string) => call("GET", `/api/v1${path}`, { token });

describe("the public list needs the studio's media", () => {
  it("does not list an activated, complete tutor without image, video and thumbnail", async () => {
    const name = "مدرس بلا صور";
    const tutor = await onboardedTutor({ name, media: false });
    const ids = async () =>
      (
        (await list(`/user/tutor/list/onboarded?size=100&name=${encodeURIComponent(name)}`)).body
          .list as Array<{ id: number }>
      ).map((t) => t.id);
    expect(await ids()).toEqual([]);
    await env.DB.prepare("UPDATE users SET image = ? WHERE id = ?")
      .bind(DEMO_MEDIA_URLS.image, tutor.user.id)
      .run();
    await env.DB.prepare("UPDATE tutors SET video = ?, thumbnail = ? WHERE id = ?")
      .bind(DEMO_MEDIA_URLS.video, DEMO_MEDIA_URLS.thumbnail, tutor.user.id)
      .run();
    await callContract(tutorContracts.flushCache, {
      token: (await createUserWithRole(Role.SuperAdmin)).token,
    });
    expect(await ids()).toEqual([tutor.user.id]);
  });

  it("serves the demo media as real files", async () => {
    await storeDemoMedia(env.MEDIA);
    const image = await call("GET", DEMO_MEDIA_URLS.image);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/png"]);
    const video = await env.MEDIA.get(DEMO_MEDIA_URLS.video.replace("/api/v1/assets/", ""));
    const bytes = new Uint8Array(await video!.arrayBuffer());
    expect(Array.from(bytes.subarray(0, 4))).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // the EBML (WebM) signature
  });
});

describe("GET /user/tutor/activity/{id}", () => {
  it("counts lessons taught per Cairo day and the cancellations, over the window", async () => {
    const tutor = await onboardedTutor();
    const student = await createStudent();
    await lesson(tutor.user.id, student.id, -3, { duration: 30 });
    await lesson(tutor.user.id, student.id, -2, { duration: 15 });
    await lesson(tutor.user.id, student.id, -5 * 24, { duration: 30 });
    await lesson(tutor.user.id, student.id, -4, { canceledBy: tutor.user.id });
    await lesson(tutor.user.id, student.id, -6, { canceledBy: student.id });
    await lesson(tutor.user.id, student.id, -40 * 24);
    const response = await list(`/user/tutor/activity/${tutor.user.id}?days=7`, tutor.token);
    expect(response.status).toBe(200);
    expect(response.body.days).toHaveLength(7);
    expect(response.body.totals).toEqual({
      lessons: 3,
      minutes: 75,
      canceledByTutor: 1,
      canceledByOthers: 1,
    });
    const sum = (response.body.days as Array<{ minutes: number }>).reduce(
      (total, day) => total + day.minutes,
      0,
    );
    expect(sum).toBe(75);
    expect(response.body.lastLessonAt).toBeTruthy();
  });

  it("is the tutor's own: another tutor is forbidden, a manager may read it", async () => {
    const tutor = await onboardedTutor();
    const other = await register(Role.Tutor);
    expect((await list(`/user/tutor/activity/${tutor.user.id}`, other.token)).status).toBe(403);
    expect((await list(`/user/tutor/activity/${tutor.user.id}`, (await manager()).token)).status).toBe(200);
    const admin = await createUserWithRole(Role.RegularAdmin);
    expect((await list(`/user/tutor/activity/${admin.user.id}`, admin.token)).body.code).toBe(
      "tutor-not-found",
    );
    expect((await list(`/user/tutor/activity/${tutor.user.id}?days=91`, tutor.token)).body.code).toBe(
      "bad-request",
    );
  });
});

describe("GET /user/interviewer/select", () => {
  it("lists the activated tutor managers only", async () => {
    const active = await manager();
    const inactive = await manager(false);
    const tutor = await register(Role.Tutor);
    const response = await list("/user/interviewer/select?size=100", tutor.token);
    const ids = (response.body.list as Array<{ id: number }>).map((m) => m.id);
    expect(ids).toContain(active.user.id);
    expect(ids).not.toContain(inactive.user.id);
    expect(response.body.list.find((m: { id: number }) => m.id === active.user.id)).toEqual({
      id: active.user.id,
      name: "مدير المدرسين",
      image: null,
    });
    expect((await list("/user/interviewer/select", (await register(Role.Student)).token)).status).toBe(403);
  });
});

describe("GET /user/tutor/full-tutors", () => {
  it("lists every tutor with every field for staff, filtered by activation and listing", async () => {
    const listed = await onboardedTutor({ name: "مدرس كامل البيانات" });
    const fresh = await register(Role.Tutor);
    const admin = await createUserWithRole(Role.SuperAdmin);
    const all = await list("/user/tutor/full-tutors?size=100", admin.token);
    const byId = new Map((all.body.list as Array<{ id: number }>).map((t) => [t.id, t]));
    expect(byId.get(listed.user.id)).toMatchObject({
      name: "مدرس كامل البيانات",
      activated: true,
      onboarded: true,
      verifiedPhone: true,
      image: DEMO_MEDIA_URLS.image,
    });
    expect(byId.get(fresh.user.id)).toMatchObject({
      activated: false,
      onboarded: false,
      email: fresh.user.email,
    });
    const onboarded = await list("/user/tutor/full-tutors?size=100&onboarded=true", admin.token);
    expect((onboarded.body.list as Array<{ id: number }>).map((t) => t.id)).not.toContain(fresh.user.id);
    const inactive = await list("/user/tutor/full-tutors?size=100&activated=false", admin.token);
    expect((inactive.body.list as Array<{ id: number }>).map((t) => t.id)).toContain(fresh.user.id);
    expect((await list("/user/tutor/full-tutors", fresh.token)).status).toBe(403);
  });

  it("filters by media: some of image, video and thumbnail missing, or all three there", async () => {
    const listed = await onboardedTutor({ name: "مدرس بملفات كاملة" });
    const partial = await register(Role.Tutor);
    await env.DB.prepare("UPDATE users SET image = ? WHERE id = ?")
      .bind(DEMO_MEDIA_URLS.image, partial.user.id)
      .run();
    const admin = await createUserWithRole(Role.SuperAdmin);
    const ids = async (media: string) =>
      (
        (await list(`/user/tutor/full-tutors?size=100&media=${media}`, admin.token)).body.list as Array<{
          id: number;
        }>
      ).map((t) => t.id);
    const missing = await ids("missing");
    const complete = await ids("complete");
    expect(missing).toContain(partial.user.id);
    expect(missing).not.toContain(listed.user.id);
    expect(complete).toContain(listed.user.id);
    expect(complete).not.toContain(partial.user.id);
    const refused = await list("/user/tutor/full-tutors?media=some", admin.token);
    expect([refused.status, refused.body.code]).toEqual([400, "bad-request"]);
  });
});

describe("GET /user/tutor/list/uncontacted", () => {
  it("lists the listed tutors the student has no chat with", async () => {
    const name = "مدرس لم يتواصل";
    const contacted = await onboardedTutor({ name });
    const other = await onboardedTutor({ name });
    const student = await register(Role.Student);
    await env.DB.prepare("UPDATE users SET verified_email = 1 WHERE id = ?").bind(student.user.id).run();
    expect(
      (
        await callContract(chatContracts.create, {
          token: student.token,
          body: { userId: contacted.user.id, message: "أهلًا يا أستاذ" },
        })
      ).status,
    ).toBe(201);
    const response = await list("/user/tutor/list/uncontacted?size=100", student.token);
    const ids = (response.body.list as Array<{ id: number }>).map((t) => t.id);
    expect(ids).toContain(other.user.id);
    expect(ids).not.toContain(contacted.user.id);
    expect(response.body.total).toBeGreaterThanOrEqual(1);
    expect((await list("/user/tutor/list/uncontacted", contacted.token)).status).toBe(403);
  });
});

describe("GET /user/tutor/tutoring-minutes", () => {
  it("answers the minutes taught and booked ahead, leaving out cancelled lessons", async () => {
    const tutor = await onboardedTutor();
    const student = await createStudent();
    await lesson(tutor.user.id, student.id, -2, { duration: 30 });
    await lesson(tutor.user.id, student.id, -3 * 24 * 40, { duration: 15 });
    await lesson(tutor.user.id, student.id, 30, { duration: 15 });
    await lesson(tutor.user.id, student.id, -5, { duration: 30, canceledBy: student.id });
    const response = await list("/user/tutor/tutoring-minutes", tutor.token);
    expect(response.body).toMatchObject({ tutorId: tutor.user.id, taught: 45, upcoming: 15 });
    expect(response.body.taughtThisMonth).toBeGreaterThanOrEqual(0);
    expect(response.body.taughtThisMonth).toBeLessThanOrEqual(30);
  });

  it("lets an admin read any tutor's and forbids a tutor another's", async () => {
    const tutor = await onboardedTutor();
    const admin = await createUserWithRole(Role.RegularAdmin);
    expect(
      (await list(`/user/tutor/tutoring-minutes?tutorId=${tutor.user.id}`, admin.token)).body.tutorId,
    ).toBe(tutor.user.id);
    const other = await register(Role.Tutor);
    expect((await list(`/user/tutor/tutoring-minutes?tutorId=${tutor.user.id}`, other.token)).status).toBe(
      403,
    );
  });
});

describe("GET /interview/{id}", () => {
  it("shows the interview to its tutor without the staff note, to its interviewer with it, and hides it from others", async () => {
    const m = await manager();
    const tutor = await register(Role.Tutor);
    const id = await insertInterview(tutor.user.id, m.user.id, at(-60), InterviewStatus.Pending);
    await env.DB.prepare("UPDATE interviews SET note = ? WHERE id = ?").bind("ملاحظة داخلية", id).run();
    expect((await list(`/interview/${id}`, m.token)).body).toMatchObject({
      id,
      note: "ملاحظة داخلية",
      intervieweeId: tutor.user.id,
    });
    expect((await list(`/interview/${id}`, tutor.token)).body).toMatchObject({ id, note: null });
    const other = await manager();
    const hidden = await list(`/interview/${id}`, other.token);
    expect([hidden.status, hidden.body.code]).toEqual([404, "interview-not-found"]);
    const admin = await createUserWithRole(Role.SuperAdmin);
    expect((await list(`/interview/${id}`, admin.token)).body.note).toBe("ملاحظة داخلية");
  });
});

describe("GET /demo-session/{id}", () => {
  it("is refused to a student", async () => {
    const student = await register(Role.Student);
    expect((await list("/demo-session/1", student.token)).status).toBe(403);
  });
});

describe("the tutor's free time in the list", () => {
  it("keeps a listed tutor with a slot in the list after the media became required", async () => {
    const name = "مدرس بصور الاستوديو";
    const tutor = await onboardedTutor({ name });
    await createSlot(tutor.token, at(24 * 60), at(25 * 60));
    const response = await list(`/user/tutor/list/onboarded?name=${encodeURIComponent(name)}`);
    expect(response.body.list[0]).toMatchObject({
      id: tutor.user.id,
      image: DEMO_MEDIA_URLS.image,
      video: DEMO_MEDIA_URLS.video,
      thumbnail: DEMO_MEDIA_URLS.thumbnail,
    });
  });
});

describe("the demo seed", () => {
  it("gives every demo tutor real media in R2, so npm start still lists them", async () => {
    await seedDemoData(db(), new Date(), env.MEDIA);
    const demo = await env.DB.prepare(
      "SELECT u.id, u.image, t.video, t.thumbnail FROM users u JOIN tutors t ON t.id = u.id WHERE u.email LIKE 'tutor%@dars.test'",
    ).all<{ id: number; image: string; video: string; thumbnail: string }>();
    expect(demo.results.length).toBe(13);
    for (const row of demo.results) expect(row).toMatchObject(DEMO_MEDIA_URLS);
    const listed = new Set(
      ((await list("/user/tutor/list/onboarded?size=100")).body.list as Array<{ id: number }>).map(
        (t) => t.id,
      ),
    );
    for (const row of demo.results) expect(listed.has(row.id)).toBe(true);
    const video = await call("GET", DEMO_MEDIA_URLS.video, { headers: { range: "bytes=0-3" } });
    expect([video.status, video.headers.get("content-type")]).toEqual([206, "video/webm"]);
  }, 30_000);

  it("writes each demo tutor's bio in their own gender (no woman called «مدرّس معتمد»)", async () => {
    await seedDemoData(db(), new Date(), env.MEDIA);
    const demo = await env.DB.prepare(
      "SELECT u.name, u.gender, t.bio FROM users u JOIN tutors t ON t.id = u.id WHERE u.email LIKE '%@dars.test'",
    ).all<{ name: string; gender: string; bio: string }>();
    const women = demo.results.filter((row) => row.gender === "female");
    expect(women.length).toBeGreaterThan(3);
    const masculine = /(^|\s)(مدرّس|مدرس|معتمد|متخصص)(\s|$)/;
    expect(women.filter((row) => masculine.test(row.bio)).map((row) => `${row.name}: ${row.bio}`)).toEqual(
      [],
    );
    expect(women.some((row) => row.bio.startsWith("مدرّسة"))).toBe(true);
  }, 30_000);
});
