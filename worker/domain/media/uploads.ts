import { introVideoTypes, type IntroVideoType } from "../../../schema/api/intro-video";
import { bounds } from "../../../schema/rules";
import {
  imageVariantHeight,
  imageVariantKinds,
  imageVariantTypes,
  imageVariantWidths,
  type ImageVariantKind,
} from "../../../schema/image-variants";
import { sql } from "drizzle-orm";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import { describeError, type Logger } from "../../core/logger";
import {
  fileReader,
  isPdf,
  readImageHeader,
  sniffVideo,
  type ByteReader,
  type ImageType,
  type SniffedImage,
  type VideoType,
} from "./sniff";

/** Public files live under uploads/ in R2 and are served by GET /api/v1/assets/uploads/<name>. */
export const PUBLIC_PREFIX = "uploads/";

/** One part of a chunked upload (a Worker request body is at most 100 MB). */
export const MAX_PART_BYTES = 95 * 1024 * 1024;
/** What the client is told to send per part (R2 needs ≥ 5 MiB for every part but the last). */
export const PART_BYTES = 10 * 1024 * 1024;

const videoExtension: Record<IntroVideoType, string> = { "video/mp4": "mp4", "video/webm": "webm" };
const imageExtension: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
};

/** A public file's URL, as stored in users.image, tutors.video/thumbnail and intro_videos.video. */
export const publicUrl = (key: string) => `/api/v1/assets/${key}`;

/** Type then size, before anything is stored (docs/rules.md, Validation bounds, "Files"). */
export function checkVideo(type: string, size: number): IntroVideoType {
  if (!(introVideoTypes as readonly string[]).includes(type)) fail("invalid-type");
  if (size <= 0) fail("empty-request");
  if (size > bounds.fileBytes.introVideo) fail("large-file-size");
  return type as IntroVideoType;
}

export function checkImage(type: string, size: number, maxBytes: number): string {
  if (!(type in imageExtension)) fail("invalid-type");
  if (size <= 0) fail("empty-request");
  if (size > maxBytes) fail("large-file-size");
  return type;
}

/** How much of an image is read to find its dimensions (a JPEG's frame header follows its EXIF). */
const IMAGE_HEAD_BYTES = 512 * 1024;

/**
 * The image its header describes, which must be one of `allowed` (`invalid-type` otherwise), and
 * whose decoded size must stay within bounds.image, each side and the whole picture
 * (`large-image-dimensions`: a few KB can declare a bitmap of gigabytes).
 */
function checkedImage(head: Uint8Array, allowed: readonly string[]): SniffedImage {
  const image = readImageHeader(head);
  if (!image || !allowed.includes(image.type) || image.width < 1 || image.height < 1) fail("invalid-type");
  const { maxSide, maxPixels } = bounds.image;
  if (image.width > maxSide || image.height > maxSide || image.width * image.height > maxPixels)
    fail("large-image-dimensions");
  return image;
}

/**
 * An image checked by its content: size, then the signature and decoded dimensions. Answers the
 * real type (what is stored and served), which must be one of `allowed`; `invalid-type` otherwise.
 */
export async function checkImageContent(
  file: Blob,
  maxBytes: number,
  allowed: readonly string[],
): Promise<ImageType> {
  if (file.size <= 0) fail("empty-request");
  if (file.size > maxBytes) fail("large-file-size");
  return checkedImage(await fileReader(file).read(0, IMAGE_HEAD_BYTES), allowed).type;
}

/**
 * A small version of an uploaded image (made by the browser): WebP or JPEG by its content, at most
 * its kind's size, no larger than its width and the height the kind's aspect gives it. Answers its real type.
 */
export async function checkImageVariant(
  file: Blob,
  kind: ImageVariantKind,
  width: number,
): Promise<ImageType> {
  if (file.size <= 0) fail("empty-request");
  if (file.size > imageVariantKinds[kind].maxBytes) fail("large-file-size");
  const sniffed = checkedImage(await fileReader(file).read(0, IMAGE_HEAD_BYTES), imageVariantTypes);
  if (sniffed.width > width || sniffed.height > imageVariantHeight(kind, width)) fail("invalid-type");
  return sniffed.type;
}

export type CheckedVariant = { width: number; file: File; type: ImageType };

/** Every small version sent beside an image of a kind, checked before anything is stored. */
export async function checkImageVariants(
  variants: ReadonlyMap<number, File>,
  kind: ImageVariantKind,
): Promise<CheckedVariant[]> {
  return Promise.all(
    [...variants].map(async ([width, file]) => ({
      width,
      file,
      type: await checkImageVariant(file, kind, width),
    })),
  );
}

/** Stores checked small versions beside their original's key, as `<key>@<width>`. */
export async function putImageVariants(
  bucket: R2Bucket,
  key: string,
  variants: readonly CheckedVariant[],
): Promise<void> {
  await Promise.all(
    variants.map((variant) =>
      bucket.put(`${key}@${variant.width}`, variant.file.stream(), {
        httpMetadata: { contentType: variant.type },
      }),
    ),
  );
}

/**
 * A receipt: an image (within bounds.image) or a PDF by its content, matching the type it was
 * sent as (the key's extension follows it).
 */
export async function checkReceiptContent(file: Blob): Promise<string> {
  const head = await fileReader(file).read(0, IMAGE_HEAD_BYTES);
  if (isPdf(head)) {
    if (file.type !== "application/pdf") fail("invalid-type");
    return "application/pdf";
  }
  return checkedImage(head, [file.type]).type;
}

/**
 * A video checked by its container (MP4 or WebM), which must be the type it was declared as when
 * one was (a chunked upload's object keeps its declared type). Answers the type and duration.
 */
export async function checkVideoContent(
  reader: ByteReader,
  declared?: string,
): Promise<{ type: VideoType; seconds: number | null }> {
  if (reader.size <= 0) fail("empty-request");
  const sniffed = await sniffVideo(reader);
  if (!sniffed || (declared !== undefined && declared !== sniffed.type)) fail("invalid-type");
  // Headers that claim a length the tracks do not have (worker/domain/media/sniff.ts, MP4).
  if (sniffed.problem) fail(sniffed.problem);
  return { type: sniffed.type, seconds: sniffed.seconds };
}

/** An intro video's length from its container, whole seconds, within 1–3 minutes (the client's claim is not used). */
export function introVideoSeconds(seconds: number | null): number {
  if (seconds === null || !Number.isFinite(seconds)) fail("invalid-type");
  const whole = Math.round(seconds);
  if (whole < bounds.introVideoSeconds.min) fail("short-video-duration", { video: "short-video-duration" });
  if (whole > bounds.introVideoSeconds.max) fail("long-video-duration", { video: "long-video-duration" });
  return whole;
}

/** R2 key of a new intro video of the tutor: uploads/intro-videos/<tutorId>-<uuid>.<ext>. */
export function introVideoKey(tutorId: number, type: IntroVideoType): string {
  return `${PUBLIC_PREFIX}intro-videos/${tutorId}-${crypto.randomUUID()}.${videoExtension[type]}`;
}

/** A chunked upload's key must be one of the caller's own intro-video keys. */
export function assertOwnVideoKey(tutorId: number, key: string): void {
  if (!key.startsWith(`${PUBLIC_PREFIX}intro-videos/${tutorId}-`) || key.includes("..")) fail("forbidden");
}

/** Stores a tutor asset (image, video, thumbnail) under a fresh name, as its checked type, with its checked small versions beside it, and answers its URL. */
export async function storeTutorAsset(
  scope: Pick<Scope, "env">,
  {
    tutorId,
    kind,
    file,
    type,
    variants = [],
  }: {
    tutorId: number;
    kind: "image" | "video" | "thumbnail";
    file: File;
    /** The checked content type. */
    type: string;
    variants?: readonly CheckedVariant[];
  },
): Promise<string> {
  const bucket = scope.env.MEDIA;
  const ext = kind === "video" ? videoExtension[type as IntroVideoType] : imageExtension[type];
  const key = `${PUBLIC_PREFIX}tutors/${kind}s/${tutorId}-${crypto.randomUUID()}.${ext}`;
  await Promise.all([
    bucket.put(key, file.stream(), { httpMetadata: { contentType: type } }),
    putImageVariants(bucket, key, variants),
  ]);
  return publicUrl(key);
}

/** Where a tutor's studio videos live: uploads/tutors/videos/<tutorId>-<uuid>.<ext>. */
export const tutorVideoPrefix = (tutorId: number) => `${PUBLIC_PREFIX}tutors/videos/${tutorId}-`;

/** R2 key of a new (chunked) studio video of the tutor. */
export function tutorVideoKey(tutorId: number, type: IntroVideoType): string {
  return `${tutorVideoPrefix(tutorId)}${crypto.randomUUID()}.${videoExtension[type]}`;
}

/**
 * The R2 key behind a URL we issued for this owner's own upload (an avatar or a studio file), or
 * null: shared files (the demo media), intro videos (kept with their reviews) and anything else
 * are never deleted.
 */
export function ownedUploadKey(url: string, ownerId: number): string | null {
  const prefix = "/api/v1/assets/";
  if (!url.startsWith(prefix) || url.includes("..")) return null;
  const key = url.slice(prefix.length);
  const owned = [
    `${PUBLIC_PREFIX}avatars/${ownerId}-`,
    ...["images", "videos", "thumbnails"].map((kind) => `${PUBLIC_PREFIX}tutors/${kind}/${ownerId}-`),
  ];
  return owned.some((start) => key.startsWith(start)) ? key : null;
}

/**
 * Deletes replaced files of an owner from R2 once nothing refers to them any more (the user, the
 * tutor, any photo session). Runs after the response; a failure only leaves an orphan behind.
 */
export async function deleteReplacedUploads(
  db: Db,
  bucket: R2Bucket,
  ownerId: number,
  urls: readonly string[],
  logger: Logger,
): Promise<void> {
  const candidates = urls
    .map((url) => ({ url, key: ownedUploadKey(url, ownerId) }))
    .filter((entry): entry is { url: string; key: string } => entry.key !== null);
  if (candidates.length === 0) return;
  try {
    const list = candidates.map((entry) => entry.url);
    // D1 allows at most five terms in a compound SELECT: a session's three files go through json_each.
    const used = await db.all<{ url: string }>(sql`
      SELECT image AS url FROM users WHERE image IN ${list}
      UNION ALL SELECT video FROM tutors WHERE video IN ${list}
      UNION ALL SELECT thumbnail FROM tutors WHERE thumbnail IN ${list}
      UNION ALL SELECT f.value FROM photo_sessions p, json_each(json_array(p.image, p.video, p.thumbnail)) f
        WHERE p.tutor_id = ${ownerId} AND f.value IN ${list}`);
    const stillUsed = new Set(used.map((row) => row.url));
    // A photo's or thumbnail's small versions (stored beside it, see putImageVariants) go with it; absent keys are ignored.
    const orphans = candidates
      .filter((entry) => !stillUsed.has(entry.url))
      .flatMap((entry) => [entry.key, ...imageVariantWidths.map((width) => `${entry.key}@${width}`)]);
    if (orphans.length) await bucket.delete(orphans);
  } catch (error) {
    logger.warn("replaced uploads not deleted", { ownerId, ...describeError(error) });
  }
}
