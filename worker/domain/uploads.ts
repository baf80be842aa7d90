import { introVideoTypes, type IntroVideoType } from "../../schema/api/intro-video";
import { bounds } from "../../schema/rules";
import { sql } from "drizzle-orm";
import type { Db } from "../http/context";
import { fail } from "../http/failure";
import { describeError, type Logger } from "../http/logger";
import { PUBLIC_PREFIX } from "./assets";

/** One part of a chunked upload (a Worker request body is at most 100 MB). */
export const MAX_PART_BYTES = 95 * 1024 * 1024;
/** What the client is told to send per part (R2 needs ≥ 5 MiB for every part but the last). */
export const PART_BYTES = 10 * 1024 * 1024;

const videoExtension: Record<IntroVideoType, string> = { "video/mp4": "mp4", "video/webm": "webm" };
const imageExtension: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" };

/** A public file's URL, as stored in users.image, tutors.video/thumbnail and intro_videos.video. */
export const publicUrl = (key: string) => `/api/v1/assets/${key}`;

/** Type then size, before anything is stored (docs/business-rules.md, Validation bounds, "Files"). */
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

/** R2 key of a new intro video of the tutor: uploads/intro-videos/<tutorId>-<uuid>.<ext>. */
export function introVideoKey(tutorId: number, type: IntroVideoType): string {
  return `${PUBLIC_PREFIX}intro-videos/${tutorId}-${crypto.randomUUID()}.${videoExtension[type]}`;
}

/** A chunked upload's key must be one of the caller's own intro-video keys. */
export function assertOwnVideoKey(tutorId: number, key: string): void {
  if (!key.startsWith(`${PUBLIC_PREFIX}intro-videos/${tutorId}-`) || key.includes("..")) fail("forbidden");
}

/** Stores a tutor asset (image, video, thumbnail) under a fresh name and answers its URL. */
export async function storeTutorAsset(bucket: R2Bucket, tutorId: number, kind: "image" | "video" | "thumbnail", file: File): Promise<string> {
  const ext = kind === "video" ? videoExtension[file.type as IntroVideoType] : imageExtension[file.type];
  const key = `${PUBLIC_PREFIX}tutors/${kind}s/${tutorId}-${crypto.randomUUID()}.${ext}`;
  await bucket.put(key, file.stream(), { httpMetadata: { contentType: file.type } });
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
  const owned = [`${PUBLIC_PREFIX}avatars/${ownerId}-`, ...["images", "videos", "thumbnails"].map((kind) => `${PUBLIC_PREFIX}tutors/${kind}/${ownerId}-`)];
  return owned.some((start) => key.startsWith(start)) ? key : null;
}

/**
 * Deletes replaced files of an owner from R2 once nothing refers to them any more (the user, the
 * tutor, any photo session). Runs after the response; a failure only leaves an orphan behind.
 */
export async function deleteReplacedUploads(db: Db, bucket: R2Bucket, ownerId: number, urls: readonly string[], logger: Logger): Promise<void> {
  const candidates = urls.map((url) => ({ url, key: ownedUploadKey(url, ownerId) })).filter((entry): entry is { url: string; key: string } => entry.key !== null);
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
    const orphans = candidates.filter((entry) => !stillUsed.has(entry.url)).map((entry) => entry.key);
    if (orphans.length) await bucket.delete(orphans);
  } catch (error) {
    logger.warn("replaced uploads not deleted", { ownerId, ...describeError(error) });
  }
}
