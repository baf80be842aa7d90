import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mp4Bytes, padTo } from "./media-files";
import { Role } from "../../schema/enums";
import { TestSocket, closeAll, eventually } from "./factories-chat";
import {
  book,
  bookedSession,
  hoursFromNow,
  mediaRow,
  namedTutor,
  patch,
  png,
  sessionRow,
  storedCount,
  studio,
  uploadAssets,
  webm,
} from "./factories-photo";
import { call, callContract, createUserWithRole, latestMessage, register } from "./helpers";
import { photoSessionContracts } from "../../schema/api/photo-session";
import { onboardingContracts } from "../../schema/api/onboarding";

const MiB = 1024 * 1024;

describe("POST /photo-session", () => {
  it("lets a tutor ask a studio for a session, stored as pending, and tells the studio", async () => {
    const tutor = await namedTutor("سامي الصور");
    const place = await studio();
    const scheduledAt = hoursFromNow(48);
    const response = await book(tutor.token, { studioId: place.user.id, scheduledAt });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      tutorId: tutor.user.id,
      tutorName: "سامي الصور",
      studioId: place.user.id,
      status: "pending",
      scheduledAt,
    });
    expect(await sessionRow(response.body.id)).toMatchObject({
      tutor_id: tutor.user.id,
      studio_id: place.user.id,
      status: "pending",
    });
    const message = await latestMessage(place.user.email);
    expect(message.subject).toBe("طلب جلسة تصوير جديد");
    expect(message.body).toContain("سامي الصور");
  });

  it("refuses a second open session with photo-session-exists", async () => {
    const tutor = await namedTutor();
    const place = await studio();
    await bookedSession(tutor, place);
    const response = await book(tutor.token, { studioId: place.user.id });
    expect([response.status, response.body.code]).toEqual([409, "photo-session-exists"]);
    const { count } = (await env.DB.prepare("SELECT count(*) AS count FROM photo_sessions WHERE tutor_id = ?")
      .bind(tutor.user.id)
      .first<{ count: number }>())!;
    expect(count).toBe(1);
  });

  it("lets only one of two simultaneous requests through", async () => {
    const tutor = await namedTutor();
    const place = await studio();
    const answers = await Promise.all([
      book(tutor.token, { studioId: place.user.id }),
      book(tutor.token, { studioId: place.user.id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const { count } = (await env.DB.prepare("SELECT count(*) AS count FROM photo_sessions WHERE tutor_id = ?")
      .bind(tutor.user.id)
      .first<{ count: number }>())!;
    expect(count).toBe(1);
  });

  it("allows a new session once the previous one is canceled", async () => {
    const tutor = await namedTutor();
    const place = await studio();
    const first = await bookedSession(tutor, place);
    expect((await patch(tutor.token, first, { status: "canceled" })).status).toBe(200);
    expect((await book(tutor.token, { studioId: place.user.id })).status).toBe(201);
  });

  it("refuses a studio id that is not a studio with user-not-found", async () => {
    const tutor = await namedTutor();
    const notStudio = await register(Role.Student);
    const response = await book(tutor.token, { studioId: notStudio.user.id });
    expect([response.status, response.body.code]).toEqual([404, "user-not-found"]);
  });

  it("refuses a proposed time in the past with slot-time-passed", async () => {
    const tutor = await namedTutor();
    const place = await studio();
    const response = await book(tutor.token, { studioId: place.user.id, scheduledAt: hoursFromNow(-2) });
    expect([response.status, response.body.code]).toEqual([422, "slot-time-passed"]);
  });

  it("forbids a tutor to book for another tutor, and lets an admin book for any tutor", async () => {
    const tutor = await namedTutor();
    const other = await namedTutor();
    const place = await studio();
    expect((await book(other.token, { studioId: place.user.id, tutorId: tutor.user.id })).status).toBe(403);
    const admin = await createUserWithRole(Role.RegularAdmin);
    expect((await book(admin.token, { studioId: place.user.id })).body.code).toBe("bad-request");
    const byAdmin = await book(admin.token, { studioId: place.user.id, tutorId: tutor.user.id });
    expect([byAdmin.status, byAdmin.body.tutorId]).toEqual([201, tutor.user.id]);
    const student = await register(Role.Student);
    expect((await book(admin.token, { studioId: place.user.id, tutorId: student.user.id })).body.code).toBe(
      "tutor-not-found",
    );
    // The admin's booking is recorded (the refused one is not).
    const audit = await env.DB.prepare(
      "SELECT target_id FROM audit_log WHERE actor_id = ? AND action = 'photo-session.decide'",
    )
      .bind(admin.user.id)
      .all();
    expect(audit.results).toEqual([{ target_id: String(byAdmin.body.id) }]);
  });

  it("is not for students or studios", async () => {
    const place = await studio();
    const student = await register(Role.Student);
    expect((await book(student.token, { studioId: place.user.id })).status).toBe(403);
    expect((await book(place.token, { studioId: place.user.id })).status).toBe(403);
  });
});

describe("reading photo sessions", () => {
  it("lists a tutor's own, a studio's booked ones, and all (filtered) for admins", async () => {
    const place = await studio();
    const otherPlace = await studio("استوديو آخر");
    const tutor = await namedTutor();
    const other = await namedTutor();
    const mine = await bookedSession(tutor, place);
    const theirs = await bookedSession(other, otherPlace);
    const ids = async (token: string, query = "") =>
      (
        (await call("GET", `/api/v1/photo-session/list?size=100${query}`, { token })).body.list as Array<{
          id: number;
        }>
      ).map((s) => s.id);
    expect(await ids(tutor.token)).toEqual([mine]);
    expect(await ids(place.token)).toEqual([mine]);
    const admin = await createUserWithRole(Role.SuperAdmin);
    expect(await ids(admin.token)).toEqual(expect.arrayContaining([mine, theirs]));
    expect(await ids(admin.token, `&tutorId=${other.user.id}`)).toEqual([theirs]);
    expect(await ids(admin.token, `&studioId=${place.user.id}&status=pending`)).toEqual([mine]);
    const paged = await callContract(photoSessionContracts.list, {
      query: { size: "1" },
      token: admin.token,
    });
    expect(paged.body.list).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThanOrEqual(2);
  });

  it("shows one session to its tutor, its studio and admins, and photo-session-not-found to anyone else", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    const id = await bookedSession(tutor, place);
    expect(
      (await callContract(photoSessionContracts.get, { params: { id }, token: tutor.token })).body.id,
    ).toBe(id);
    expect(
      (await callContract(photoSessionContracts.get, { params: { id }, token: place.token })).body.id,
    ).toBe(id);
    const stranger = await studio("استوديو غريب");
    const response = await callContract(photoSessionContracts.get, { params: { id }, token: stranger.token });
    expect([response.status, response.body.code]).toEqual([404, "photo-session-not-found"]);
  });
});

describe("PATCH /photo-session/{id}", () => {
  it("lets the studio set the time, which schedules it and tells the tutor", async () => {
    const place = await studio("استوديو الضوء");
    const tutor = await namedTutor();
    const id = await bookedSession(tutor, place);
    const scheduledAt = hoursFromNow(72);
    const response = await patch(place.token, id, { scheduledAt, note: "أحضر قميصًا فاتح اللون" });
    expect(response.body).toMatchObject({ status: "scheduled", scheduledAt, note: "أحضر قميصًا فاتح اللون" });
    expect(await sessionRow(id)).toMatchObject({ status: "scheduled", scheduled_at: scheduledAt });
    const message = await latestMessage(tutor.user.email);
    expect(message.subject).toBe("ميعاد جلسة التصوير اتحدد");
    expect(message.body).toContain("استوديو الضوء");
    const onboarding = await callContract(onboardingContracts.get, { token: tutor.token });
    expect(onboarding.body.photoSession).toMatchObject({
      state: "pending",
      next: "attend",
      id,
      start: scheduledAt,
    });
  });

  it("refuses a time in the past with slot-time-passed, and scheduling without a time with bad-request", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    const id = await bookedSession(tutor, place);
    expect((await patch(place.token, id, { scheduledAt: hoursFromNow(-1) })).body.code).toBe(
      "slot-time-passed",
    );
    expect((await patch(place.token, id, { status: "scheduled" })).body.code).toBe("bad-request");
    expect((await sessionRow(id))!.status).toBe("pending");
  });

  it("lets the tutor only cancel, and tells the studio", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    const id = await bookedSession(tutor, place);
    expect((await patch(tutor.token, id, { scheduledAt: hoursFromNow(5) })).status).toBe(403);
    expect((await patch(tutor.token, id, { status: "done" })).status).toBe(403);
    const canceled = await patch(tutor.token, id, { status: "canceled" });
    expect(canceled.body.status).toBe("canceled");
    expect((await sessionRow(id))!.status).toBe("canceled");
    expect((await latestMessage(place.user.email)).subject).toBe("جلسة التصوير اتلغت");
  });

  it("answers illegal once the session is canceled", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    const id = await bookedSession(tutor, place);
    await patch(place.token, id, { status: "canceled" });
    const response = await patch(place.token, id, { scheduledAt: hoursFromNow(5) });
    expect([response.status, response.body.code]).toEqual([400, "illegal"]);
  });

  it("refuses to finish before the image, video and thumbnail are uploaded, then finishes and passes step 5", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    const id = await bookedSession(tutor, place);
    expect((await patch(place.token, id, { status: "done" })).body.code).toBe("illegal");
    expect(
      (await uploadAssets(place.token, tutor.user.id, { image: png(), video: webm(), thumbnail: png() }))
        .status,
    ).toBe(200);
    const done = await patch(place.token, id, { status: "done" });
    expect(done.body).toMatchObject({ status: "done" });
    expect(done.body.completedAt).toBeTruthy();
    expect(done.body.image).toMatch(/^\/api\/v1\/assets\/uploads\/tutors\/images\//);
    expect((await latestMessage(tutor.user.email)).subject).toBe("جلسة التصوير خلصت");
    const onboarding = await callContract(onboardingContracts.get, { token: tutor.token });
    expect(onboarding.body.photoSession).toMatchObject({ state: "passed", next: "done", id });
  });

  it("lets only an admin move a session to another studio", async () => {
    const place = await studio();
    const next = await studio("استوديو جديد");
    const tutor = await namedTutor();
    const id = await bookedSession(tutor, place);
    expect((await patch(place.token, id, { studioId: next.user.id })).status).toBe(403);
    const admin = await createUserWithRole(Role.RegularAdmin);
    expect((await patch(admin.token, id, { studioId: tutor.user.id })).body.code).toBe("user-not-found");
    const moved = await patch(admin.token, id, { studioId: next.user.id });
    expect(moved.body).toMatchObject({ studioId: next.user.id, studioName: "استوديو جديد" });
    expect((await latestMessage(next.user.email)).subject).toBe("طلب جلسة تصوير جديد");
  });

  it("answers empty-request to an empty body", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    const id = await bookedSession(tutor, place);
    expect((await patch(place.token, id, {})).body.code).toBe("empty-request");
  });
});

describe("onboarding step 5", () => {
  it("is to do with book as the next action, and waits for the studio while pending", async () => {
    const tutor = await namedTutor();
    expect(
      (await callContract(onboardingContracts.get, { token: tutor.token })).body.photoSession,
    ).toMatchObject({ state: "todo", next: "book", id: null });
    const id = await bookedSession(tutor, await studio());
    expect(
      (await callContract(onboardingContracts.get, { token: tutor.token })).body.photoSession,
    ).toMatchObject({ state: "pending", next: "wait", id });
  });
});

describe("PUT /user/asset/tutor", () => {
  it("stores the studio's uploads as the tutor's media and the session's copies, served publicly", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    const id = await bookedSession(tutor, place);
    const response = await uploadAssets(place.token, tutor.user.id, {
      image: png(),
      video: webm(),
      thumbnail: png(),
    });
    expect(response.status).toBe(200);
    const stored = await mediaRow(tutor.user.id);
    expect(response.body).toEqual({ tutorId: tutor.user.id, ...stored });
    expect(stored!.video).toMatch(/^\/api\/v1\/assets\/uploads\/tutors\/videos\/\d+-.+\.webm$/);
    expect(await sessionRow(id)).toMatchObject({
      image: stored!.image,
      video: stored!.video,
      thumbnail: stored!.thumbnail,
    });
    const served = await call("GET", stored!.video!);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "video/webm"]);
  });

  it("deletes a replaced upload from R2 once nothing refers to it, and keeps one an open session still shows", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    const id = await bookedSession(tutor, place);
    const keyOf = (url: string) => url.replace("/api/v1/assets/", "");
    await uploadAssets(place.token, tutor.user.id, { image: png() });
    const first = (await mediaRow(tutor.user.id))!.image!;
    await uploadAssets(place.token, tutor.user.id, { image: png() });
    const second = (await mediaRow(tutor.user.id))!.image!;
    expect(second).not.toBe(first);
    // The studio's first try was the tutor's and the session's image, and is neither now.
    await eventually(async () => (await env.MEDIA.head(keyOf(first))) === null);
    expect(await env.MEDIA.head(keyOf(second))).not.toBeNull();
    // The session is finished with the second image; an admin later replaces the tutor's image:
    // the finished session still shows the second, so it stays.
    expect((await uploadAssets(place.token, tutor.user.id, { video: webm(), thumbnail: png() })).status).toBe(
      200,
    );
    expect((await patch(place.token, id, { status: "done" })).body).toMatchObject({
      status: "done",
      image: second,
    });
    const admin = await createUserWithRole(Role.SuperAdmin);
    expect((await uploadAssets(admin.token, tutor.user.id, { image: png() })).status).toBe(200);
    const third = (await mediaRow(tutor.user.id))!.image!;
    expect(third).not.toBe(second);
    expect((await sessionRow(id))!.image).toBe(second);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await env.MEDIA.head(keyOf(second))).not.toBeNull();
    expect(await env.MEDIA.head(keyOf(third))).not.toBeNull();
  });

  it("uploads one kind alone and keeps the others", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    await bookedSession(tutor, place);
    await uploadAssets(place.token, tutor.user.id, { image: png() });
    const before = await mediaRow(tutor.user.id);
    await uploadAssets(place.token, tutor.user.id, { thumbnail: png() });
    const after = await mediaRow(tutor.user.id);
    expect(after).toMatchObject({ image: before!.image, video: null });
    expect(after!.thumbnail).toBeTruthy();
  });

  it("forbids a studio without an open session with the tutor", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    const response = await uploadAssets(place.token, tutor.user.id, { image: png() });
    expect(response.status).toBe(403);
    expect(await storedCount(`uploads/tutors/images/${tutor.user.id}-`)).toBe(0);
  });

  it("lets an admin upload without a session", async () => {
    const admin = await createUserWithRole(Role.SuperAdmin);
    const tutor = await namedTutor();
    expect((await uploadAssets(admin.token, tutor.user.id, { thumbnail: png() })).status).toBe(200);
    expect((await mediaRow(tutor.user.id))!.thumbnail).toBeTruthy();
  });

  it("refuses a bad type with invalid-type before anything is stored", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    await bookedSession(tutor, place);
    const avi = new File([new Uint8Array(10)], "x.avi", { type: "video/x-msvideo" });
    const response = await uploadAssets(place.token, tutor.user.id, { image: png(), video: avi });
    expect([response.status, response.body.code]).toEqual([400, "invalid-type"]);
    expect(await storedCount(`uploads/tutors/images/${tutor.user.id}-`)).toBe(0);
    expect((await mediaRow(tutor.user.id))!.image).toBeNull();
  });

  it("refuses an image over 8 MB with large-file-size before anything is stored", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    await bookedSession(tutor, place);
    const response = await uploadAssets(place.token, tutor.user.id, { thumbnail: png(8 * MiB + 1) });
    expect([response.status, response.body.code]).toEqual([413, "large-file-size"]);
    expect(await storedCount(`uploads/tutors/thumbnails/${tutor.user.id}-`)).toBe(0);
  });

  it("answers empty-request without a file and tutor-not-found for a non-tutor", async () => {
    const admin = await createUserWithRole(Role.RegularAdmin);
    const tutor = await namedTutor();
    expect((await uploadAssets(admin.token, tutor.user.id, {})).body.code).toBe("empty-request");
    const student = await register(Role.Student);
    expect((await uploadAssets(admin.token, student.user.id, { image: png() })).body.code).toBe(
      "tutor-not-found",
    );
    expect((await uploadAssets(admin.token, null, { image: png() })).body.code).toBe("bad-request");
  });

  it("is not for tutors themselves", async () => {
    const tutor = await namedTutor();
    expect((await uploadAssets(tutor.token, tutor.user.id, { image: png() })).status).toBe(403);
  });

  it("pushes TutorUpdated to the tutor's sockets", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    await bookedSession(tutor, place);
    const socket = await TestSocket.userChannel(tutor);
    await uploadAssets(place.token, tutor.user.id, { image: png() });
    expect(await socket.next("TutorUpdated")).toEqual({ tutorId: tutor.user.id });
    await closeAll(socket);
  });
});

describe("chunked tutor video upload", () => {
  it("uploads a video in parts through an R2 multipart upload and makes it the tutor's", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    const id = await bookedSession(tutor, place);
    const started = await callContract(photoSessionContracts.startTutorVideo, {
      token: place.token,
      body: { tutorId: tutor.user.id, contentType: "video/mp4", size: 3000 },
    });
    expect(started.status).toBe(201);
    const { key, uploadId } = started.body;
    const query = `tutorId=${tutor.user.id}&key=${encodeURIComponent(key)}&uploadId=${encodeURIComponent(uploadId)}&partNumber=1`;
    const part = await call("PUT", `/api/v1/user/asset/tutor/video/upload/part?${query}`, {
      token: place.token,
      raw: padTo(mp4Bytes(100), 3000),
      headers: { "content-length": "3000" },
    });
    expect(part.status).toBe(200);
    const done = await callContract(photoSessionContracts.completeTutorVideo, {
      token: place.token,
      body: { tutorId: tutor.user.id, key, uploadId, parts: [part.body] },
    });
    expect(done.status).toBe(200);
    expect(done.body.video).toBe(`/api/v1/assets/${key}`);
    expect((await mediaRow(tutor.user.id))!.video).toBe(done.body.video);
    expect((await sessionRow(id))!.video).toBe(done.body.video);
    expect((await env.MEDIA.head(key))!.size).toBe(3000);
  });

  it("refuses a video over 400 MB with large-file-size and a bad type with invalid-type", async () => {
    const admin = await createUserWithRole(Role.SuperAdmin);
    const tutor = await namedTutor();
    const start = (body: Record<string, unknown>) =>
      call("POST", "/api/v1/user/asset/tutor/video/upload", {
        token: admin.token,
        body: { tutorId: tutor.user.id, ...body },
      });
    expect((await start({ contentType: "video/mp4", size: 400 * MiB + 1 })).body.code).toBe(
      "large-file-size",
    );
    expect((await start({ contentType: "video/avi", size: 10 })).body.code).toBe("invalid-type");
  });

  it("aborts an upload, and refuses another tutor's key with forbidden", async () => {
    const admin = await createUserWithRole(Role.SuperAdmin);
    const tutor = await namedTutor();
    const other = await namedTutor();
    const started = await callContract(photoSessionContracts.startTutorVideo, {
      token: admin.token,
      body: { tutorId: tutor.user.id, contentType: "video/webm", size: 3000 },
    });
    const { key, uploadId } = started.body;
    const abort = (tutorId: number) =>
      callContract(photoSessionContracts.abortTutorVideo, {
        token: admin.token,
        body: { tutorId, key, uploadId },
      });
    expect((await abort(other.user.id)).status).toBe(403);
    expect((await abort(tutor.user.id)).status).toBe(204);
    expect(await env.MEDIA.head(key)).toBeNull();
  });
});

describe("the studio's views", () => {
  it("lists the studio's tutors with contact details, media and the latest session", async () => {
    const place = await studio();
    const tutor = await namedTutor("نادر المصور");
    const stranger = await namedTutor();
    const id = await bookedSession(tutor, place);
    await bookedSession(stranger, await studio("استوديو بعيد"));
    const response = await callContract(photoSessionContracts.studioTutors, { token: place.token });
    expect(response.body.total).toBe(1);
    expect(response.body.list[0]).toMatchObject({
      id: tutor.user.id,
      name: "نادر المصور",
      email: tutor.user.email,
      image: null,
      photoSession: { id, status: "pending", studioId: place.user.id },
    });
    expect(
      (
        await callContract(photoSessionContracts.studioTutors, {
          query: { status: "done" },
          token: place.token,
        })
      ).body.total,
    ).toBe(0);
    const admin = await createUserWithRole(Role.RegularAdmin);
    const all = await callContract(photoSessionContracts.studioTutors, {
      query: { size: "100" },
      token: admin.token,
    });
    expect((all.body.list as Array<{ id: number }>).map((t) => t.id)).toEqual(
      expect.arrayContaining([tutor.user.id, stranger.user.id]),
    );
  });

  it("shows one tutor to their studio and tutor-not-found to another studio", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    await bookedSession(tutor, place);
    const mine = await callContract(photoSessionContracts.studioTutor, {
      params: { id: tutor.user.id },
      token: place.token,
    });
    expect(mine.body).toMatchObject({ id: tutor.user.id, photoSession: { status: "pending" } });
    const other = await studio("استوديو منافس");
    const response = await callContract(photoSessionContracts.studioTutor, {
      params: { id: tutor.user.id },
      token: other.token,
    });
    expect([response.status, response.body.code]).toEqual([404, "tutor-not-found"]);
  });

  it("shows a studio the tutor whose session with it was cancelled, with the cancelled session (not tutor-not-found)", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    const id = await bookedSession(tutor, place);
    expect((await patch(tutor.token, id, { status: "canceled" })).status).toBe(200);
    const seen = await callContract(photoSessionContracts.studioTutor, {
      params: { id: tutor.user.id },
      token: place.token,
    });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: tutor.user.id, photoSession: { id, status: "canceled" } });
    // A live session with the studio wins over an older cancelled one.
    const again = await bookedSession(tutor, place);
    const live = await callContract(photoSessionContracts.studioTutor, {
      params: { id: tutor.user.id },
      token: place.token,
    });
    expect(live.body).toMatchObject({ photoSession: { id: again, status: "pending" } });
    // Another studio still does not see them.
    const other = await studio("استوديو تاني");
    const response = await callContract(photoSessionContracts.studioTutor, {
      params: { id: tutor.user.id },
      token: other.token,
    });
    expect([response.status, response.body.code]).toEqual([404, "tutor-not-found"]);
  });

  it("lists the studios by name for a tutor choosing one", async () => {
    const place = await studio("استوديو ألف");
    const tutor = await namedTutor();
    const response = await callContract(photoSessionContracts.studios, {
      query: { size: "100" },
      token: tutor.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.list).toEqual(
      expect.arrayContaining([{ id: place.user.id, name: "استوديو ألف", image: null }]),
    );
    const student = await register(Role.Student);
    expect((await callContract(photoSessionContracts.studios, { token: student.token })).status).toBe(403);
  });
});
