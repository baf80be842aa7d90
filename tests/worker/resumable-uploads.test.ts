// Uploads that survive a bad network (worker/domain/media/multipart.ts): the parts already
// stored are listed so a reload resumes from them, a part sent again replaces the earlier one, the
// upload is the starter's alone, and the hourly job aborts one left open for a day.
import { env } from "cloudflare:workers";
import { createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { introVideoContracts } from "../../schema/api/intro-video";
import { Role } from "../../schema/enums";
import { DAY_MS, HOUR_MS } from "../../schema/time";
import { runScheduled, schedules } from "../../worker/jobs";
import { padTo, webmBytes } from "./media-files";
import { call, callContract, register } from "./helpers";

const PART = 5 * 1024 * 1024;

async function start(token: string, size: number) {
  const started = await callContract(introVideoContracts.startUpload, {
    token,
    body: { contentType: "video/webm", size },
  });
  expect(started.status).toBe(201);
  return started.body;
}

function putPart(
  token: string,
  upload: { key: string; uploadId: string },
  partNumber: number,
  bytes: Uint8Array,
) {
  const query = new URLSearchParams({
    key: upload.key,
    uploadId: upload.uploadId,
    partNumber: String(partNumber),
  });
  return call("PUT", `/api/v1/intro-video/upload/part?${query}`, {
    token,
    raw: bytes,
    headers: { "content-length": String(bytes.byteLength) },
  });
}

const listParts = (token: string, upload: { key: string; uploadId: string }) =>
  callContract(introVideoContracts.uploadParts, {
    token,
    query: { key: upload.key, uploadId: upload.uploadId },
  });

describe("a chunked upload that resumes", () => {
  it("lists the parts already stored, so a reload sends only the rest, and completes from them", async () => {
    const tutor = await register(Role.Tutor);
    const video = padTo(webmBytes(125), PART + 3000);
    const upload = await start(tutor.token, video.byteLength);
    expect((await listParts(tutor.token, upload)).body).toEqual({ parts: [] });

    const first = await putPart(tutor.token, upload, 1, video.slice(0, PART));
    expect(first.status).toBe(200);
    // The page reloads here: the browser asks what is stored and finds part 1.
    const listed = await listParts(tutor.token, upload);
    expect(listed.body.parts).toEqual([{ partNumber: 1, etag: first.body.etag, size: PART }]);

    const second = await putPart(tutor.token, upload, 2, video.slice(PART));
    expect(second.status).toBe(200);
    const done = await callContract(introVideoContracts.completeUpload, {
      token: tutor.token,
      body: {
        key: upload.key,
        uploadId: upload.uploadId,
        parts: (await listParts(tutor.token, upload)).body.parts.map(({ partNumber, etag }) => ({
          partNumber,
          etag,
        })),
      },
    });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ size: video.byteLength, duration: 125 });
    // Once complete the upload is closed: nothing left to list or resume.
    const after = await listParts(tutor.token, upload);
    expect([after.status, after.body.code]).toEqual([404, "asset-not-found"]);
  });

  it("keeps one row per part: a part sent again after a dropped connection replaces the first", async () => {
    const tutor = await register(Role.Tutor);
    const upload = await start(tutor.token, 3000);
    const bytes = padTo(webmBytes(125), 3000);
    await putPart(tutor.token, upload, 1, bytes);
    const again = await putPart(tutor.token, upload, 1, bytes);
    const listed = await listParts(tutor.token, upload);
    expect(listed.body.parts).toEqual([{ partNumber: 1, etag: again.body.etag, size: 3000 }]);
  });

  it("is the starter's alone: another tutor can neither list nor send parts", async () => {
    const tutor = await register(Role.Tutor);
    const other = await register(Role.Tutor);
    const upload = await start(tutor.token, 3000);
    const listed = await listParts(other.token, upload);
    expect(listed.status).toBe(403);
    const sent = await putPart(other.token, upload, 1, padTo(webmBytes(125), 3000));
    expect(sent.status).toBe(403);
    // A made-up upload id of one's own key is not found, and a student may not ask at all.
    const made = await listParts(tutor.token, { key: upload.key, uploadId: "not-an-upload" });
    expect([made.status, made.body.code]).toEqual([404, "asset-not-found"]);
    const student = await register(Role.Student);
    expect((await listParts(student.token, upload)).status).toBe(403);
  });

  it("refuses parts after the upload is cancelled, and the cancelled upload lists nothing", async () => {
    const tutor = await register(Role.Tutor);
    const upload = await start(tutor.token, 3000);
    const aborted = await callContract(introVideoContracts.abortUpload, {
      token: tutor.token,
      body: { key: upload.key, uploadId: upload.uploadId },
    });
    expect(aborted.status).toBe(204);
    const sent = await putPart(tutor.token, upload, 1, padTo(webmBytes(125), 3000));
    expect([sent.status, sent.body.code]).toEqual([404, "asset-not-found"]);
  });

  it("aborts an upload left open for a day at the hourly run, not one started an hour ago", async () => {
    const tutor = await register(Role.Tutor);
    const old = await start(tutor.token, 3000);
    await putPart(tutor.token, old, 1, padTo(webmBytes(125), 3000));
    const recent = await start(tutor.token, 3000);
    const now = Date.now();
    await env.DB.prepare("UPDATE multipart_uploads SET created_at = ? WHERE upload_id = ?")
      .bind(new Date(now - DAY_MS - HOUR_MS).toISOString(), old.uploadId)
      .run();
    await runScheduled(createScheduledController({ cron: schedules.hourly, scheduledTime: now }), env);

    const rows = await env.DB.prepare(
      "SELECT upload_id AS id, aborted_at AS abortedAt FROM multipart_uploads WHERE upload_id IN (?, ?)",
    )
      .bind(old.uploadId, recent.uploadId)
      .all<{ id: string; abortedAt: string | null }>();
    const state = Object.fromEntries(rows.results.map((row) => [row.id, row.abortedAt !== null]));
    expect(state).toEqual({ [old.uploadId]: true, [recent.uploadId]: false });
    // Its parts are gone from the table and R2 no longer takes parts for it.
    const parts = await env.DB.prepare("SELECT count(*) AS n FROM multipart_upload_parts WHERE upload_id = ?")
      .bind(old.uploadId)
      .first<number>("n");
    expect(parts).toBe(0);
    const stillOpen = await env.MEDIA.resumeMultipartUpload(old.key, old.uploadId)
      .uploadPart(2, padTo(webmBytes(125), 3000))
      .then(() => true)
      .catch(() => false);
    expect(stillOpen).toBe(false);
  });
});
