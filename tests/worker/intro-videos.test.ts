import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fileOf, mp4Bytes, padTo, webmBytes } from "./media-files";
import { IntroVideoStatus, Role } from "../../schema/enums";
import {
  daysAgo,
  deactivateAllManagers,
  insertIntroVideo,
  manager,
  tutorRow,
  videoFile,
  videoForm,
} from "./factories-onboarding";
import { call, callContract, createUserWithRole, register } from "./helpers";
import { introVideoContracts } from "../../schema/api/intro-video";

const upload = (token: string, form: FormData) =>
  callContract(introVideoContracts.create, { token, raw: form });
const count = (tutorId: number) =>
  env.DB.prepare("SELECT count(*) AS n FROM intro_videos WHERE tutor_id = ?")
    .bind(tutorId)
    .first<number>("n");
async function storedObjects(tutorId: number) {
  return (await env.MEDIA.list({ prefix: `uploads/intro-videos/${tutorId}-` })).objects.length;
}

describe("uploading an intro video", () => {
  it("stores an mp4 in R2 and a pending video assigned to the manager with the fewest reviews", async () => {
    await deactivateAllManagers();
    const busy = await manager();
    const free = await manager();
    const other = await register(Role.Tutor);
    await insertIntroVideo(other.user.id, IntroVideoStatus.Approved, daysAgo(1), busy.user.id);
    const tutor = await register(Role.Tutor);
    const response = await upload(tutor.token, videoForm(videoFile("video/mp4", 4096), "90"));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      tutorId: tutor.user.id,
      reviewerId: free.user.id,
      status: 1,
      duration: 90,
      size: 4096,
      contentType: "video/mp4",
    });
    const served = await call("GET", response.body.url, { headers: { range: "bytes=0-9" } });
    expect([served.status, served.headers.get("content-type")]).toEqual([206, "video/mp4"]);
  });

  it("refuses another type with invalid-type before storing anything", async () => {
    const tutor = await register(Role.Tutor);
    const response = await upload(
      tutor.token,
      videoForm(new File([new Uint8Array(10)], "x.avi", { type: "video/x-msvideo" }), "90"),
    );
    expect([response.status, response.body.code]).toEqual([400, "invalid-type"]);
    expect([await count(tutor.user.id), await storedObjects(tutor.user.id)]).toEqual([0, 0]);
  });

  it("refuses a duration under 1 minute or over 3 minutes", async () => {
    const tutor = await register(Role.Tutor);
    // The container's duration decides; the form's claim (90) is not believed.
    expect((await upload(tutor.token, videoForm(videoFile("video/webm", 2048, 59), "90"))).body.code).toBe(
      "short-video-duration",
    );
    expect((await upload(tutor.token, videoForm(videoFile("video/mp4", 2048, 181), "90"))).body.code).toBe(
      "long-video-duration",
    );
    expect([await count(tutor.user.id), await storedObjects(tutor.user.id)]).toEqual([0, 0]);
  });

  it("refuses a 10-second MP4 whose movie header (mvhd) claims 90 s with mismatched-video-duration, storing nothing", async () => {
    const tutor = await register(Role.Tutor);
    const forged = fileOf(padTo(mp4Bytes(10, { headerSeconds: 90 }), 4096), "intro.mp4", "video/mp4");
    const response = await upload(tutor.token, videoForm(forged, "90"));
    expect([response.status, response.body.code]).toEqual([400, "mismatched-video-duration"]);
    expect([await count(tutor.user.id), await storedObjects(tutor.user.id)]).toEqual([0, 0]);
  });

  it("takes a consistent MP4 at its video track's length (an audio track a little longer is fine)", async () => {
    const tutor = await register(Role.Tutor);
    const real = fileOf(mp4Bytes(88.6, { audioSeconds: 89 }), "intro.mp4", "video/mp4");
    const response = await upload(tutor.token, videoForm(real, "120"));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ duration: 89, contentType: "video/mp4" });
    expect(await storedObjects(tutor.user.id)).toBe(1);
  });

  it("reads a fragmented MP4 (a browser's recording) by summing its fragments' sample durations", async () => {
    const tutor = await register(Role.Tutor);
    // mvhd says 0 as recorders write it; the fragments hold 10 s: too short, whatever the form claims.
    const short = fileOf(mp4Bytes(10, { fragments: 3 }), "intro.mp4", "video/mp4");
    expect((await upload(tutor.token, videoForm(short, "90"))).body.code).toBe("short-video-duration");
    const claimed = fileOf(
      mp4Bytes(10, { fragments: 3, fragmentHeaderSeconds: 90 }),
      "intro.mp4",
      "video/mp4",
    );
    expect((await upload(tutor.token, videoForm(claimed, "90"))).body.code).toBe("mismatched-video-duration");
    expect(await storedObjects(tutor.user.id)).toBe(0);
    const real = fileOf(mp4Bytes(100, { fragments: 6 }), "intro.mp4", "video/mp4");
    const response = await upload(tutor.token, videoForm(real, "90"));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ duration: 100, contentType: "video/mp4" });
  });

  it("refuses a forged MP4 sent in parts once complete, and deletes the object", async () => {
    const tutor = await register(Role.Tutor);
    const started = await callContract(introVideoContracts.startUpload, {
      token: tutor.token,
      body: { duration: 90, contentType: "video/mp4", size: 3000 },
    });
    const { key, uploadId } = started.body;
    const query = `key=${encodeURIComponent(key)}&uploadId=${encodeURIComponent(uploadId)}&partNumber=1`;
    const part = await call("PUT", `/api/v1/intro-video/upload/part?${query}`, {
      token: tutor.token,
      raw: padTo(mp4Bytes(10, { headerSeconds: 90, moovLast: true }), 3000),
      headers: { "content-length": "3000" },
    });
    expect(part.status).toBe(200);
    const done = await callContract(introVideoContracts.completeUpload, {
      token: tutor.token,
      body: { key, uploadId, duration: 90, parts: [part.body] },
    });
    expect([done.status, done.body.code]).toEqual([400, "mismatched-video-duration"]);
    expect([await count(tutor.user.id), await storedObjects(tutor.user.id)]).toEqual([0, 0]);
  });

  it("refuses a file over 400 MB with large-file-size when starting a chunked upload", async () => {
    const tutor = await register(Role.Tutor);
    const response = await callContract(introVideoContracts.startUpload, {
      token: tutor.token,
      body: { duration: 120, contentType: "video/mp4", size: 400 * 1024 * 1024 + 1 },
    });
    expect([response.status, response.body.code]).toEqual([413, "large-file-size"]);
  });

  it("uploads a large video in parts through an R2 multipart upload and completes it", async () => {
    const tutor = await register(Role.Tutor);
    const started = await callContract(introVideoContracts.startUpload, {
      token: tutor.token,
      body: { duration: 120, contentType: "video/webm", size: 3000 },
    });
    expect(started.status).toBe(201);
    const { key, uploadId } = started.body;
    const query = `key=${encodeURIComponent(key)}&uploadId=${encodeURIComponent(uploadId)}&partNumber=1`;
    const part = await call("PUT", `/api/v1/intro-video/upload/part?${query}`, {
      token: tutor.token,
      raw: padTo(webmBytes(125), 3000),
      headers: { "content-length": "3000" },
    });
    expect(part.status).toBe(200);
    const done = await callContract(introVideoContracts.completeUpload, {
      token: tutor.token,
      body: { key, uploadId, duration: 60, parts: [part.body] },
    });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ size: 3000, contentType: "video/webm", status: 1, duration: 125 });
    expect(await storedObjects(tutor.user.id)).toBe(1);
  });

  it("aborts a chunked upload, and refuses another tutor's key with forbidden", async () => {
    const tutor = await register(Role.Tutor);
    const intruder = await register(Role.Tutor);
    const started = await callContract(introVideoContracts.startUpload, {
      token: tutor.token,
      body: { duration: 120, contentType: "video/mp4", size: 3000 },
    });
    const { key, uploadId } = started.body;
    expect(
      (
        await callContract(introVideoContracts.abortUpload, {
          token: intruder.token,
          body: { key, uploadId },
        })
      ).status,
    ).toBe(403);
    expect(
      (await callContract(introVideoContracts.abortUpload, { token: tutor.token, body: { key, uploadId } }))
        .status,
    ).toBe(204);
    expect(await storedObjects(tutor.user.id)).toBe(0);
  });

  it("refuses a second video while one is pending or approved with intro-video-exists", async () => {
    const tutor = await register(Role.Tutor);
    await insertIntroVideo(tutor.user.id, IntroVideoStatus.Pending);
    const response = await upload(tutor.token, videoForm(videoFile(), "90"));
    expect([response.status, response.body.code]).toEqual([409, "intro-video-exists"]);
    expect(await storedObjects(tutor.user.id)).toBe(0);
  });

  it("refuses a new video within 3 months of a rejection and accepts it after", async () => {
    const [recent, old] = [await register(Role.Tutor), await register(Role.Tutor)];
    await insertIntroVideo(recent.user.id, IntroVideoStatus.Rejected, daysAgo(80));
    await insertIntroVideo(old.user.id, IntroVideoStatus.Rejected, daysAgo(100));
    expect((await upload(recent.token, videoForm(videoFile(), "90"))).body.code).toBe("intro-video-exists");
    expect((await upload(old.token, videoForm(videoFile(), "90"))).status).toBe(201);
  });
});

describe("reviewing an intro video", () => {
  it("lets the assigned reviewer approve it, making it the profile video", async () => {
    const reviewer = await manager();
    const tutor = await register(Role.Tutor);
    const id = await insertIntroVideo(tutor.user.id, IntroVideoStatus.Pending, null, reviewer.user.id);
    const response = await callContract(introVideoContracts.review, {
      params: { id },
      token: reviewer.token,
      body: { status: 3, feedback: "فيديو واضح" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 3, feedback: "فيديو واضح" });
    expect((await tutorRow(tutor.user.id))!.video).toBe(response.body.url);
    const audit = await env.DB.prepare(
      "SELECT actor_id, after FROM audit_log WHERE action = 'intro-video.decide' AND target_id = ?",
    )
      .bind(String(id))
      .all();
    expect(audit.results).toEqual([{ actor_id: reviewer.user.id, after: JSON.stringify({ status: 3 }) }]);
  });

  it("hides it from another manager and refuses a second decision", async () => {
    const reviewer = await manager();
    const other = await manager();
    const tutor = await register(Role.Tutor);
    const id = await insertIntroVideo(tutor.user.id, IntroVideoStatus.Pending, null, reviewer.user.id);
    expect(
      (
        await callContract(introVideoContracts.review, {
          params: { id },
          token: other.token,
          body: { status: 2 },
        })
      ).body.code,
    ).toBe("intro-video-not-found");
    expect(
      (
        await callContract(introVideoContracts.review, {
          params: { id },
          token: reviewer.token,
          body: { status: 2, feedback: "الصوت غير واضح" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await callContract(introVideoContracts.review, {
          params: { id },
          token: reviewer.token,
          body: { status: 3 },
        })
      ).body.code,
    ).toBe("illegal");
    expect((await tutorRow(tutor.user.id))!.video).toBeNull();
  });

  it("lists own videos for a tutor, assigned ones for a manager, all for an admin", async () => {
    const reviewer = await manager();
    const tutor = await register(Role.Tutor);
    const id = await insertIntroVideo(tutor.user.id, IntroVideoStatus.Pending, null, reviewer.user.id);
    expect((await callContract(introVideoContracts.list, { token: tutor.token })).body).toMatchObject({
      total: 1,
      list: [{ id }],
    });
    expect((await callContract(introVideoContracts.list, { token: reviewer.token })).body).toMatchObject({
      total: 1,
      list: [{ id }],
    });
    const admin = await createUserWithRole(Role.SuperAdmin);
    expect((await callContract(introVideoContracts.list, { token: admin.token })).body.total).toBeGreaterThan(
      1,
    );
  });
});
