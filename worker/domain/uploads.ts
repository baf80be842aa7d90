import { introVideoTypes, type IntroVideoType } from "../../schema/api/intro-video";
import { bounds } from "../../schema/rules";
import { fail } from "../http/failure";
import { PUBLIC_PREFIX } from "./assets";

/** One part of a chunked upload (a Worker request body is at most 100 MB). */
export const MAX_PART_BYTES = 95 * 1024 * 1024;
/** What the client is told to send per part (R2 needs ≥ 5 MiB for every part but the last). */
export const PART_BYTES = 10 * 1024 * 1024;

const videoExtension: Record<IntroVideoType, string> = { "video/mp4": "mp4", "video/webm": "webm" };
const imageExtension: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" };

/** A public file's URL, as stored in users.image, tutors.video/thumbnail and intro_videos.video. */
export const publicUrl = (key: string) => `/api/v1/assets/${key}`;

/** Type then size, before anything is stored (business-rules.md "Files"). */
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
