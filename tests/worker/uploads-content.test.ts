import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { fileReader, isPdf, sniffImage, sniffVideo } from "../../worker/domain/media/sniff";
import { createUser } from "./factories-lessons";
import { pendingInvoice, tutorWithEarnings } from "./factories-invoices";
import { bookedSession, namedTutor, studio } from "./factories-photo";
import { callContract, register } from "./helpers";
import { call } from "./helpers";
import {
  fileOf,
  gifBytes,
  jpegBytes,
  mp4Bytes,
  pdfBytes,
  pngBytes,
  webmBytes,
  webpBytes,
} from "./media-files";
import { userContracts } from "../../schema/api/user";
import { systemContracts } from "../../schema/api/system";
import { introVideoContracts } from "../../schema/api/intro-video";
import { invoiceContracts } from "../../schema/api/invoice";
import { photoSessionContracts } from "../../schema/api/photo-session";

const video = (bytes: Uint8Array) => sniffVideo(fileReader(new Blob([bytes])));
const html = new TextEncoder().encode("<!doctype html><script>alert(document.cookie)</script>");

describe("content sniffers (worker/domain/media/sniff.ts)", () => {
  it("reads each image type and its dimensions from the headers", () => {
    expect(sniffImage(pngBytes(640, 480))).toEqual({ type: "image/png", width: 640, height: 480 });
    expect(sniffImage(jpegBytes(1024, 768))).toEqual({ type: "image/jpeg", width: 1024, height: 768 });
    expect(sniffImage(gifBytes(16, 9))).toEqual({ type: "image/gif", width: 16, height: 9 });
    expect(sniffImage(webpBytes(300, 200))).toEqual({ type: "image/webp", width: 300, height: 200 });
  });

  it("refuses HTML, an empty file, a 0×0 or absurdly large image and a truncated header", () => {
    expect(sniffImage(html)).toBeNull();
    expect(sniffImage(new Uint8Array(0))).toBeNull();
    expect(sniffImage(pngBytes(0, 0))).toBeNull();
    expect(sniffImage(pngBytes(100_000, 10))).toBeNull();
    expect(sniffImage(pngBytes(10, 10).subarray(0, 18))).toBeNull();
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBeNull();
  });

  it("knows a PDF by its header", () => {
    expect(isPdf(pdfBytes())).toBe(true);
    expect(isPdf(html)).toBe(false);
    expect(isPdf(new TextEncoder().encode("%PDF"))).toBe(false);
  });

  it("reads an MP4's duration from moov/mvhd, version 0 and 1, with moov first or last", async () => {
    expect(await video(mp4Bytes(90))).toEqual({ type: "video/mp4", seconds: 90 });
    expect(await video(mp4Bytes(150, { version: 1, timescale: 90_000 }))).toEqual({
      type: "video/mp4",
      seconds: 150,
    });
    expect(await video(mp4Bytes(75.5, { moovLast: true }))).toEqual({ type: "video/mp4", seconds: 75.5 });
  });

  it("refuses a truncated MP4, one without moov, and bytes declared as video", async () => {
    const whole = mp4Bytes(90, { moovLast: true });
    expect(await video(whole.subarray(0, whole.length - 40))).toBeNull();
    expect(await video(whole.subarray(0, 300))).toBeNull();
    expect(await video(new Uint8Array(4096))).toBeNull();
    expect(await video(html)).toBeNull();
  });

  it("reads a WebM's duration from Segment/Info, or from its clusters when a recording leaves it out", async () => {
    expect(await video(webmBytes(120))).toEqual({ type: "video/webm", seconds: 120 });
    expect(await video(webmBytes(95, { withDuration: false }))).toEqual({ type: "video/webm", seconds: 95 });
    expect(await video(webmBytes(120, { docType: "matroska" }))).toBeNull();
  });
});

describe("uploads are checked by content and served safely", () => {
  const avatarForm = (file: File) => {
    const form = new FormData();
    form.set("image", file);
    return form;
  };
  const putAvatar = (token: string, file: File) =>
    callContract(userContracts.uploadPicture, { token, raw: avatarForm(file) });
  const avatarKeys = async (userId: number) =>
    (await env.MEDIA.list({ prefix: `uploads/avatars/${userId}-` })).objects.length;

  it("refuses HTML declared image/png and a 0-byte avatar, storing nothing", async () => {
    const user = await createUser(Role.Student);
    const forged = await putAvatar(user.token, fileOf(html, "me.png", "image/png"));
    expect([forged.status, forged.body.code]).toEqual([400, "invalid-type"]);
    const empty = await putAvatar(user.token, fileOf(new Uint8Array(0), "me.png", "image/png"));
    expect(empty.status).toBe(400);
    expect(["invalid-type", "empty-request"]).toContain(empty.body.code);
    expect(await avatarKeys(user.id)).toBe(0);
    const row = await env.DB.prepare("SELECT image FROM users WHERE id = ?")
      .bind(user.id)
      .first<{ image: string | null }>();
    expect(row!.image).toBeNull();
  });

  it("stores a real PNG as its real type and serves it with nosniff", async () => {
    const user = await createUser(Role.Student);
    const stored = await putAvatar(user.token, fileOf(pngBytes(32, 32), "me.png", "image/png"));
    expect(stored.status).toBe(200);
    const served = await call("GET", stored.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toBeNull();
  });

  it("serves a stored non-media file as an attachment", async () => {
    await env.MEDIA.put("uploads/test-notes.txt", "hello", { httpMetadata: { contentType: "text/html" } });
    const served = await callContract(systemContracts.upload, { params: { name: "test-notes.txt" } });
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toBe("attachment");
  });
});

describe("each upload path refuses a forged file and stores nothing", () => {
  const intro = (token: string, file: File) => {
    const form = new FormData();
    form.set("video", file);
    form.set("duration", "90");
    return callContract(introVideoContracts.create, { token, raw: form });
  };
  const introObjects = async (tutorId: number) =>
    (await env.MEDIA.list({ prefix: `uploads/intro-videos/${tutorId}-` })).objects.length;

  it("intro videos: any bytes declared video/mp4, a truncated MP4 and HTML are invalid-type; a real WebM is taken at its container's length", async () => {
    const tutor = await register(Role.Tutor);
    const zeros = await intro(tutor.token, fileOf(new Uint8Array(4096), "intro.mp4", "video/mp4"));
    expect([zeros.status, zeros.body.code]).toEqual([400, "invalid-type"]);
    const whole = mp4Bytes(90, { moovLast: true });
    const truncated = await intro(
      tutor.token,
      fileOf(whole.subarray(0, whole.length - 50), "intro.mp4", "video/mp4"),
    );
    expect(truncated.body.code).toBe("invalid-type");
    expect((await intro(tutor.token, fileOf(html, "intro.webm", "video/webm"))).body.code).toBe(
      "invalid-type",
    );
    // A WebM sent as MP4 is not what it says either.
    expect((await intro(tutor.token, fileOf(webmBytes(90), "intro.mp4", "video/mp4"))).body.code).toBe(
      "invalid-type",
    );
    expect(await introObjects(tutor.user.id)).toBe(0);
    const real = await intro(
      tutor.token,
      fileOf(webmBytes(150, { withDuration: false }), "intro.webm", "video/webm"),
    );
    expect(real.status).toBe(201);
    expect(real.body).toMatchObject({ duration: 150, contentType: "video/webm" });
  });

  it("withdrawal receipts: HTML declared as a PDF is refused; a real PDF is served as an attachment with nosniff", async () => {
    const tutor = await tutorWithEarnings(1_000_00);
    const staff = await createUser(Role.SuperAdmin);
    const id = await pendingInvoice(tutor, 300_00);
    const form = (bytes: Uint8Array, type: string) => {
      const data = new FormData();
      data.set("receipt", fileOf(bytes, "receipt.pdf", type));
      return data;
    };
    const forged = await callContract(invoiceContracts.attachReceipt, {
      params: { id },
      token: staff.token,
      raw: form(html, "application/pdf"),
    });
    expect([forged.status, forged.body.code]).toEqual([400, "invalid-type"]);
    expect((await env.MEDIA.list({ prefix: `receipts/invoice-${id}-` })).objects.length).toBe(0);
    const approved = await callContract(invoiceContracts.attachReceipt, {
      params: { id },
      token: staff.token,
      raw: form(pdfBytes(), "application/pdf"),
    });
    expect(approved.status).toBe(200);
    const served = await call("GET", approved.body.receipt!, { token: tutor.token });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toMatch(/^attachment/);
  });

  it("a studio's tutor photo: HTML declared image/png is refused before anything is stored", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    await bookedSession(tutor, place);
    const form = new FormData();
    form.set("image", fileOf(html, "photo.png", "image/png"));
    const response = await callContract(photoSessionContracts.uploadTutorAssets, {
      query: { tutorId: tutor.user.id },
      token: place.token,
      raw: form,
    });
    expect([response.status, response.body.code]).toEqual([400, "invalid-type"]);
    expect((await env.MEDIA.list({ prefix: `uploads/tutors/images/${tutor.user.id}-` })).objects.length).toBe(
      0,
    );
  });
});
