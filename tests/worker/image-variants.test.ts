import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { createUser } from "./factories-lessons";
import { bookedSession, mediaRow, namedTutor, storedCount, studio } from "./factories-photo";
import { call, callContract } from "./helpers";
import { fileOf, jpegBytes, padTo, pngBytes, webpBytes } from "./media-files";
import { userContracts } from "../../schema/api/user";
import { photoSessionContracts } from "../../schema/api/photo-session";

const html = new TextEncoder().encode("<!doctype html><script>alert(document.cookie)</script>");

function avatarForm(original: File, variants: Record<string, File>): FormData {
  const form = new FormData();
  form.set("image", original);
  for (const [field, file] of Object.entries(variants)) form.set(field, file);
  return form;
}
const putAvatar = (token: string, form: FormData) =>
  callContract(userContracts.uploadPicture, { token, raw: form });
const storedKeys = async (userId: number) =>
  (await env.MEDIA.list({ prefix: `uploads/avatars/${userId}-` })).objects.map((object) => object.key).sort();

describe("small versions of an avatar, made by the browser at upload", () => {
  it("stores each version beside the original, checked by content, and serves it as its real type", async () => {
    const user = await createUser(Role.Student);
    const stored = await putAvatar(
      user.token,
      avatarForm(fileOf(pngBytes(800, 800), "me.png", "image/png"), {
        "image@96": fileOf(webpBytes(96, 96), "me-96.webp", "image/webp"),
        "image@192": fileOf(jpegBytes(192, 192), "me-192.jpg", "image/jpeg"),
      }),
    );
    expect(stored.status).toBe(200);
    const key = (stored.body.url as string).replace("/api/v1/assets/", "");
    expect(await storedKeys(user.id)).toEqual([key, `${key}@192`, `${key}@96`]);
    const small = await call("GET", `${stored.body.url}@96`);
    expect([small.status, small.headers.get("content-type"), small.headers.get("content-length")]).toEqual([
      200,
      "image/webp",
      String(webpBytes(96, 96).length),
    ]);
    expect(small.headers.get("x-content-type-options")).toBe("nosniff");
    const medium = await call("GET", `${stored.body.url}@192`);
    expect([medium.status, medium.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
  });

  it("refuses a version that is not an image (invalid-type) and stores nothing, not even the original", async () => {
    const user = await createUser(Role.Student);
    const refused = await putAvatar(
      user.token,
      avatarForm(fileOf(pngBytes(800, 800), "me.png", "image/png"), {
        "image@96": fileOf(html, "me-96.webp", "image/webp"),
      }),
    );
    expect([refused.status, refused.body.code]).toEqual([400, "invalid-type"]);
    expect(await storedKeys(user.id)).toEqual([]);
    const row = await env.DB.prepare("SELECT image FROM users WHERE id = ?")
      .bind(user.id)
      .first<{ image: string | null }>();
    expect(row!.image).toBeNull();
  });

  it("refuses a version larger than its width or of a type canvases do not make (a PNG)", async () => {
    const user = await createUser(Role.Student);
    const original = fileOf(pngBytes(800, 800), "me.png", "image/png");
    const tooLarge = await putAvatar(
      user.token,
      avatarForm(original, { "image@96": fileOf(webpBytes(400, 400), "me-96.webp", "image/webp") }),
    );
    expect([tooLarge.status, tooLarge.body.code]).toEqual([400, "invalid-type"]);
    const png = await putAvatar(
      user.token,
      avatarForm(original, { "image@192": fileOf(pngBytes(192, 192), "me-192.png", "image/png") }),
    );
    expect([png.status, png.body.code]).toEqual([400, "invalid-type"]);
    expect(await storedKeys(user.id)).toEqual([]);
  });

  it("serves the original for a version that was never made (older uploads, seed data), and 404 for an unknown width or file", async () => {
    const user = await createUser(Role.Student);
    const stored = await putAvatar(
      user.token,
      avatarForm(fileOf(pngBytes(64, 64), "me.png", "image/png"), {}),
    );
    expect(stored.status).toBe(200);
    const fallback = await call("GET", `${stored.body.url}@96`);
    expect([
      fallback.status,
      fallback.headers.get("content-type"),
      fallback.headers.get("content-length"),
    ]).toEqual([200, "image/png", String(pngBytes(64, 64).length)]);
    expect((await call("GET", `${stored.body.url}@500`)).status).toBe(404);
    expect((await call("GET", "/api/v1/assets/uploads/avatars/none.png@96")).status).toBe(404);
  });

  it("deletes the versions with the avatar they belong to when it is replaced", async () => {
    const user = await createUser(Role.Student);
    const variants = () => ({
      "image@96": fileOf(webpBytes(96, 96), "a.webp", "image/webp"),
      "image@192": fileOf(webpBytes(192, 192), "b.webp", "image/webp"),
    });
    const first = await putAvatar(
      user.token,
      avatarForm(fileOf(pngBytes(300, 300), "me.png", "image/png"), variants()),
    );
    const second = await putAvatar(
      user.token,
      avatarForm(fileOf(pngBytes(300, 300), "me.png", "image/png"), variants()),
    );
    expect([first.status, second.status]).toEqual([200, 200]);
    const key = (second.body.url as string).replace("/api/v1/assets/", "");
    await expect.poll(() => storedKeys(user.id)).toEqual([key, `${key}@192`, `${key}@96`]);
  });
});

describe("small versions of a tutor's studio photo", () => {
  it("are stored beside the photo and served; a forged one refuses the whole upload", async () => {
    const place = await studio();
    const tutor = await namedTutor();
    await bookedSession(tutor, place);
    const put = (form: FormData) =>
      callContract(photoSessionContracts.uploadTutorAssets, {
        query: { tutorId: tutor.user.id },
        token: place.token,
        raw: form,
      });
    const photo = () => fileOf(pngBytes(600, 600), "photo.png", "image/png");
    const forged = await put(avatarForm(photo(), { "image@192": fileOf(html, "x.webp", "image/webp") }));
    expect([forged.status, forged.body.code]).toEqual([400, "invalid-type"]);
    expect(await storedCount(`uploads/tutors/images/${tutor.user.id}-`)).toBe(0);
    const stored = await put(
      avatarForm(photo(), {
        "image@96": fileOf(webpBytes(96, 96), "a.webp", "image/webp"),
        "image@192": fileOf(webpBytes(192, 192), "b.webp", "image/webp"),
      }),
    );
    expect(stored.status).toBe(200);
    expect(await storedCount(`uploads/tutors/images/${tutor.user.id}-`)).toBe(3);
    const small = await call("GET", `${stored.body.image}@96`);
    expect([small.status, small.headers.get("content-type")]).toEqual([200, "image/webp"]);
  });
});

describe("small versions of a tutor's video thumbnail (16:9: 320, 640 and 960 px wide)", () => {
  async function thumbnailUploader() {
    const place = await studio();
    const tutor = await namedTutor();
    await bookedSession(tutor, place);
    const put = (original: File, variants: Record<string, File> = {}) => {
      const form = new FormData();
      form.set("thumbnail", original);
      for (const [field, file] of Object.entries(variants)) form.set(field, file);
      return callContract(photoSessionContracts.uploadTutorAssets, {
        query: { tutorId: tutor.user.id },
        token: place.token,
        raw: form,
      });
    };
    const keys = async () =>
      (await env.MEDIA.list({ prefix: `uploads/tutors/thumbnails/${tutor.user.id}-` })).objects
        .map((object) => object.key)
        .sort();
    return { tutor, put, keys };
  }
  const original = () => fileOf(pngBytes(1280, 720), "thumb.png", "image/png");
  const versions = () => ({
    "thumbnail@320": fileOf(webpBytes(320, 180), "t-320.webp", "image/webp"),
    "thumbnail@640": fileOf(jpegBytes(640, 360), "t-640.jpg", "image/jpeg"),
    "thumbnail@960": fileOf(webpBytes(960, 540), "t-960.webp", "image/webp"),
  });

  it("stores each version beside the thumbnail, checked by content, and serves it as its real type", async () => {
    const { put, keys } = await thumbnailUploader();
    const stored = await put(original(), versions());
    expect(stored.status).toBe(200);
    const key = (stored.body.thumbnail as string).replace("/api/v1/assets/", "");
    expect(await keys()).toEqual([key, `${key}@320`, `${key}@640`, `${key}@960`]);
    const medium = await call("GET", `${stored.body.thumbnail}@640`);
    expect([medium.status, medium.headers.get("content-type"), medium.headers.get("content-length")]).toEqual(
      [200, "image/jpeg", String(jpegBytes(640, 360).length)],
    );
    const large = await call("GET", `${stored.body.thumbnail}@960`);
    expect([
      large.status,
      large.headers.get("content-type"),
      large.headers.get("x-content-type-options"),
    ]).toEqual([200, "image/webp", "nosniff"]);
  });

  it("refuses a version that is not an image or not 16:9 (invalid-type) or over 512 KB (large-file-size), storing nothing", async () => {
    const { tutor, put, keys } = await thumbnailUploader();
    const forged = await put(original(), { "thumbnail@320": fileOf(html, "t-320.webp", "image/webp") });
    expect([forged.status, forged.body.code]).toEqual([400, "invalid-type"]);
    const square = await put(original(), {
      "thumbnail@640": fileOf(webpBytes(640, 640), "t-640.webp", "image/webp"),
    });
    expect([square.status, square.body.code]).toEqual([400, "invalid-type"]);
    const wide = await put(original(), {
      "thumbnail@320": fileOf(webpBytes(640, 360), "t-320.webp", "image/webp"),
    });
    expect([wide.status, wide.body.code]).toEqual([400, "invalid-type"]);
    const heavy = await put(original(), {
      "thumbnail@960": fileOf(padTo(webpBytes(960, 540), 600 * 1024), "t-960.webp", "image/webp"),
    });
    expect([heavy.status, heavy.body.code]).toEqual([413, "large-file-size"]);
    expect(await keys()).toEqual([]);
    expect((await mediaRow(tutor.user.id))!.thumbnail).toBeNull();
    // A 300 KB version is too large for an avatar's (256 KB) but within a thumbnail's.
    const fine = await put(original(), {
      "thumbnail@960": fileOf(padTo(webpBytes(960, 540), 300 * 1024), "t-960.webp", "image/webp"),
    });
    expect(fine.status).toBe(200);
    expect(await keys()).toHaveLength(2);
  });

  it("serves the original for the versions of a thumbnail uploaded without them (older uploads, the demo's)", async () => {
    const { put } = await thumbnailUploader();
    const stored = await put(fileOf(pngBytes(300, 169), "thumb.png", "image/png"));
    expect(stored.status).toBe(200);
    for (const width of [320, 640, 960]) {
      const fallback = await call("GET", `${stored.body.thumbnail}@${width}`);
      expect([
        fallback.status,
        fallback.headers.get("content-type"),
        fallback.headers.get("content-length"),
      ]).toEqual([200, "image/png", String(pngBytes(300, 169).length)]);
    }
    expect((await call("GET", `${stored.body.thumbnail}@480`)).status).toBe(404);
  });

  it("deletes the versions with the thumbnail they belong to when it is replaced", async () => {
    const { put, keys } = await thumbnailUploader();
    const first = await put(original(), versions());
    const second = await put(original(), versions());
    expect([first.status, second.status]).toEqual([200, 200]);
    const key = (second.body.thumbnail as string).replace("/api/v1/assets/", "");
    await expect.poll(keys).toEqual([key, `${key}@320`, `${key}@640`, `${key}@960`]);
  });
});
