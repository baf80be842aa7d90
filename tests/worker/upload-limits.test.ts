import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { bounds } from "../../schema/rules";
import { fileReader, sniffVideo } from "../../worker/domain/media/sniff";
import { createUser } from "./factories-lessons";
import { pendingInvoice, tutorWithEarnings } from "./factories-invoices";
import { bookedSession, mediaRow, namedTutor, studio } from "./factories-photo";
import { call, callContract, register } from "./helpers";
import { fileOf, gifBytes, jpegBytes, mp4Bytes, pngBytes, webpBytes } from "./media-files";
import { userContracts } from "../../schema/api/user";
import { reportContracts } from "../../schema/api/report";
import { invoiceContracts } from "../../schema/api/invoice";
import { photoSessionContracts } from "../../schema/api/photo-session";

/**
 * Limits an upload's own header is checked against (docs/rules.md, Validation bounds, "Files"):
 * an image's decoded size (a few KB can declare a bitmap of gigabytes: a decompression bomb) and
 * an MP4's length, read from its tracks' sample tables rather than from the movie header.
 */

const storedUnder = async (prefix: string) => (await env.MEDIA.list({ prefix })).objects.length;

describe("an image whose header declares a huge bitmap is refused, and nothing is stored", () => {
  const putAvatar = (token: string, file: File) => {
    const form = new FormData();
    form.set("image", file);
    return callContract(userContracts.uploadPicture, { token, raw: form });
  };
  const avatarOf = async (userId: number) =>
    (await env.DB.prepare("SELECT image FROM users WHERE id = ?")
      .bind(userId)
      .first<{ image: string | null }>())!.image;

  it("an avatar: a 48 KB PNG declaring 20000×20000 answers large-image-dimensions", async () => {
    const user = await createUser(Role.Student);
    const bomb = await putAvatar(
      user.token,
      fileOf(pngBytes(20_000, 20_000, 48 * 1024), "me.png", "image/png"),
    );
    expect([bomb.status, bomb.body.code]).toEqual([413, "large-image-dimensions"]);
    expect([await storedUnder(`uploads/avatars/${user.id}-`), await avatarOf(user.id)]).toEqual([0, null]);
  });

  it("an avatar: a JPEG whose frame header (SOF0) declares 20000×20000 answers large-image-dimensions", async () => {
    const user = await createUser(Role.Student);
    const bomb = await putAvatar(user.token, fileOf(jpegBytes(20_000, 20_000, 2048), "me.jpg", "image/jpeg"));
    expect([bomb.status, bomb.body.code]).toEqual([413, "large-image-dimensions"]);
    expect([await storedUnder(`uploads/avatars/${user.id}-`), await avatarOf(user.id)]).toEqual([0, null]);
  });

  it("the cap is on the whole picture, from bounds.image: exactly maxPixels passes, one row more or a side past maxSide is refused", async () => {
    const user = await createUser(Role.Student);
    const width = 10_000;
    const rows = bounds.image.maxPixels / width;
    const atCap = await putAvatar(user.token, fileOf(pngBytes(width, rows), "me.png", "image/png"));
    expect(atCap.status).toBe(200);
    const over = await putAvatar(user.token, fileOf(pngBytes(width, rows + 1), "me.png", "image/png"));
    expect([over.status, over.body.code]).toEqual([413, "large-image-dimensions"]);
    // Each side stays within 20000 here, yet the whole is four times the cap.
    const square = await putAvatar(user.token, fileOf(gifBytes(14_000, 14_000), "me.gif", "image/gif"));
    expect([square.status, square.body.code]).toEqual([413, "large-image-dimensions"]);
    const banner = await putAvatar(
      user.token,
      fileOf(pngBytes(bounds.image.maxSide + 1, 10), "me.png", "image/png"),
    );
    expect([banner.status, banner.body.code]).toEqual([413, "large-image-dimensions"]);
    expect(await storedUnder(`uploads/avatars/${user.id}-`)).toBe(1);
  });

  it("a report screenshot: each WebP header (VP8X canvas, VP8L and VP8 frames) is read; no report, object or assets row is left", async () => {
    const student = await register();
    const send = (screenshot: File) => {
      const form = new FormData();
      form.set("title", "الحجز لا يعمل");
      form.set("description", "ضغطت على احجز ولم يحدث أي شيء في الصفحة");
      form.set("screenshot", screenshot);
      return callContract(reportContracts.create, { token: student.token, raw: form });
    };
    for (const format of ["VP8X", "VP8L", "VP8 "] as const) {
      const side = format === "VP8X" ? 20_000 : 16_383;
      const bomb = await send(fileOf(webpBytes(side, side, format), "screen.webp", "image/webp"));
      expect([format, bomb.status, bomb.body.code]).toEqual([format, 413, "large-image-dimensions"]);
    }
    const counts = async () => [
      await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE user_id = ?")
        .bind(student.user.id)
        .first("n"),
      await env.DB.prepare("SELECT count(*) AS n FROM assets WHERE user_id = ?")
        .bind(student.user.id)
        .first("n"),
    ];
    expect(await counts()).toEqual([0, 0]);
    // A real screenshot of a phone (1080×2400) of each WebP kind goes through.
    for (const format of ["VP8X", "VP8L", "VP8 "] as const) {
      const fine = await send(fileOf(webpBytes(1080, 2400, format), "screen.webp", "image/webp"));
      expect([format, fine.status]).toEqual([format, 201]);
    }
    expect(await counts()).toEqual([3, 3]);
  });

  it("a studio's tutor photo: a GIF whose logical screen declares 20000×20000 is refused before anything is stored", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    await bookedSession(tutor, place);
    const put = (image: File) => {
      const form = new FormData();
      form.set("image", image);
      return callContract(photoSessionContracts.uploadTutorAssets, {
        query: { tutorId: tutor.user.id },
        token: place.token,
        raw: form,
      });
    };
    const bomb = await put(fileOf(gifBytes(20_000, 20_000), "photo.gif", "image/gif"));
    expect([bomb.status, bomb.body.code]).toEqual([413, "large-image-dimensions"]);
    expect(await storedUnder(`uploads/tutors/images/${tutor.user.id}-`)).toBe(0);
    expect((await mediaRow(tutor.user.id))!.image).toBeNull();
    const photo = await put(fileOf(jpegBytes(4000, 6000), "photo.jpg", "image/jpeg"));
    expect(photo.status).toBe(200);
    expect(await storedUnder(`uploads/tutors/images/${tutor.user.id}-`)).toBe(1);
  });

  it("a withdrawal receipt: a WebP declaring 16383×16383 is refused; the request stays pending with no receipt", async () => {
    const tutor = await tutorWithEarnings(1_000_00);
    const staff = await createUser(Role.SuperAdmin);
    const id = await pendingInvoice(tutor, 300_00);
    const attach = (file: File) => {
      const form = new FormData();
      form.set("receipt", file);
      return callContract(invoiceContracts.attachReceipt, { params: { id }, token: staff.token, raw: form });
    };
    const bomb = await attach(fileOf(webpBytes(16_383, 16_383, "VP8L"), "receipt.webp", "image/webp"));
    expect([bomb.status, bomb.body.code]).toEqual([413, "large-image-dimensions"]);
    expect(await storedUnder(`receipts/invoice-${id}-`)).toBe(0);
    expect(
      await env.DB.prepare("SELECT receipt FROM invoices WHERE id = ?").bind(id).first("receipt"),
    ).toBeNull();
    const receipt = await attach(fileOf(jpegBytes(1080, 1920), "receipt.jpg", "image/jpeg"));
    expect(receipt.status).toBe(200);
    expect(await storedUnder(`receipts/invoice-${id}-`)).toBe(1);
  });

  it("a normal avatar still passes and is served", async () => {
    const user = await createUser(Role.Student);
    const stored = await putAvatar(user.token, fileOf(pngBytes(1200, 900, 4096), "me.png", "image/png"));
    expect(stored.status).toBe(200);
    expect((await call("GET", stored.body.url)).status).toBe(200);
  });
});

describe("an MP4's length comes from its tracks' sample tables (worker/domain/media/sniff.ts)", () => {
  const video = (bytes: Uint8Array) => sniffVideo(fileReader(new Blob([bytes])));

  it("takes the video track's samples, not mvhd: a 10-second file claiming 90 s is flagged", async () => {
    expect(await video(mp4Bytes(10, { headerSeconds: 90 }))).toEqual({
      type: "video/mp4",
      seconds: 10,
      problem: "mismatched-video-duration",
    });
    expect(await video(mp4Bytes(10, { headerSeconds: 90, version: 1, moovLast: true }))).toMatchObject({
      problem: "mismatched-video-duration",
    });
  });

  it("flags a media header (mdhd) that disagrees with its own sample table", async () => {
    expect(await video(mp4Bytes(10, { mediaHeaderSeconds: 90, headerSeconds: 10 }))).toMatchObject({
      problem: "mismatched-video-duration",
    });
  });

  it("allows the small differences real files have: audio a little longer, mvhd rounded", async () => {
    expect(await video(mp4Bytes(90, { audioSeconds: 90.4 }))).toEqual({ type: "video/mp4", seconds: 90 });
    expect(await video(mp4Bytes(75.5, { headerSeconds: 76 }))).toEqual({ type: "video/mp4", seconds: 75.5 });
  });

  it("a long audio track cannot lengthen the video: its length is the video track's", async () => {
    expect(await video(mp4Bytes(10, { audioSeconds: 90 }))).toEqual({ type: "video/mp4", seconds: 10 });
  });

  it("an edit list may shorten what is played (a trimmed file) but never lengthen it", async () => {
    expect(await video(mp4Bytes(120, { editSeconds: 70, headerSeconds: 70 }))).toEqual({
      type: "video/mp4",
      seconds: 70,
    });
    expect(await video(mp4Bytes(10, { editSeconds: 90, headerSeconds: 90 }))).toMatchObject({
      seconds: 10,
      problem: "mismatched-video-duration",
    });
  });

  it("sums a fragmented MP4's trun sample durations (per sample, tfhd and trex defaults)", async () => {
    expect(await video(mp4Bytes(90, { fragments: 5 }))).toEqual({ type: "video/mp4", seconds: 90 });
    expect(await video(mp4Bytes(95.5, { fragments: 3, fragmentHeaderSeconds: 95.5 }))).toEqual({
      type: "video/mp4",
      seconds: 95.5,
    });
    expect(await video(mp4Bytes(10, { fragments: 4, fragmentHeaderSeconds: 90 }))).toMatchObject({
      seconds: 10,
      problem: "mismatched-video-duration",
    });
  });

  it("refuses an MP4 without a video track or without samples", async () => {
    const noVideo = mp4Bytes(90);
    // The handler `vide` becomes `text`: a file with no video track is not an intro video.
    const at = new TextDecoder("latin1").decode(noVideo).indexOf("vide");
    noVideo.set([0x74, 0x65, 0x78, 0x74], at);
    expect(await video(noVideo)).toBeNull();
    expect(await video(mp4Bytes(0, { headerSeconds: 90 }))).toBeNull();
  });
});
