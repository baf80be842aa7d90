// Multipart uploads that survive a bad network (docs/rules.md, "Uploads that resume"): every R2
// multipart upload a user starts is recorded with the parts already stored, so the browser can
// ask which parts are there after a reload or a dropped connection (R2's binding has no ListParts)
// and send only the rest. An upload left open for a day is aborted by the hourly job.
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import { multipartUploadParts, multipartUploads } from "../../../schema/db";
import { DAY_MS } from "../../../schema/time";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import type { Logger } from "../../core/logger";

export type UploadPurpose = "intro-video" | "studio-video";

/** An open upload is abandoned, and aborted, this long after it started. */
export const ABANDONED_AFTER_MS = DAY_MS;
/** The hourly job aborts at most this many uploads per run. */
const ABORT_BATCH = 50;

/** Records a multipart upload just created in R2. */
export async function recordUpload(
  db: Db,
  input: { uploadId: string; key: string; userId: number; purpose: UploadPurpose; size: number },
  now = new Date(),
): Promise<void> {
  await db.insert(multipartUploads).values({ ...input, createdAt: now.toISOString() });
}

/**
 * The open upload `uploadId` of key `key`, started by `userId`; anything else (another user's,
 * finished, aborted, unknown) is asset-not-found, so no one learns another's upload exists.
 */
export async function assertOpenUpload(
  db: Db,
  input: { uploadId: string; key: string; userId: number },
): Promise<void> {
  const [row] = await db
    .select({ uploadId: multipartUploads.uploadId })
    .from(multipartUploads)
    .where(
      and(
        eq(multipartUploads.uploadId, input.uploadId),
        eq(multipartUploads.key, input.key),
        eq(multipartUploads.userId, input.userId),
        isNull(multipartUploads.completedAt),
        isNull(multipartUploads.abortedAt),
      ),
    )
    .limit(1);
  if (!row) fail("asset-not-found");
}

/** Records a part R2 stored (a part sent again replaces the earlier one, as R2 does). */
export async function recordPart(
  db: Db,
  input: { uploadId: string; partNumber: number; etag: string; size: number },
  now = new Date(),
): Promise<void> {
  await db
    .insert(multipartUploadParts)
    .values({ ...input, createdAt: now.toISOString() })
    .onConflictDoUpdate({
      target: [multipartUploadParts.uploadId, multipartUploadParts.partNumber],
      set: { etag: input.etag, size: input.size, createdAt: now.toISOString() },
    });
}

export type StoredPart = { partNumber: number; etag: string; size: number };

/** The parts already stored of an open upload of `userId` (asset-not-found otherwise), in order. */
export async function storedParts(
  db: Db,
  input: { uploadId: string; key: string; userId: number },
): Promise<StoredPart[]> {
  const [owner, parts] = await db.batch([
    db
      .select({ uploadId: multipartUploads.uploadId })
      .from(multipartUploads)
      .where(
        and(
          eq(multipartUploads.uploadId, input.uploadId),
          eq(multipartUploads.key, input.key),
          eq(multipartUploads.userId, input.userId),
          isNull(multipartUploads.completedAt),
          isNull(multipartUploads.abortedAt),
        ),
      )
      .limit(1),
    db
      .select({
        partNumber: multipartUploadParts.partNumber,
        etag: multipartUploadParts.etag,
        size: multipartUploadParts.size,
      })
      .from(multipartUploadParts)
      .where(eq(multipartUploadParts.uploadId, input.uploadId))
      .orderBy(asc(multipartUploadParts.partNumber)),
  ]);
  if (owner.length === 0) fail("asset-not-found");
  return parts;
}

/** Marks an upload finished: completed into its object, or aborted. Its part rows go. */
export async function closeUpload(
  db: Db,
  uploadId: string,
  how: "completed" | "aborted",
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await db.batch([
    db
      .update(multipartUploads)
      .set(how === "completed" ? { completedAt: at } : { abortedAt: at })
      .where(eq(multipartUploads.uploadId, uploadId)),
    db.delete(multipartUploadParts).where(eq(multipartUploadParts.uploadId, uploadId)),
  ]);
}

/**
 * The hourly job: aborts in R2 the uploads still open a day after they started (their parts are
 * discarded and stop costing storage) and marks them aborted. A bounded batch; the next run takes
 * the rest. An upload R2 no longer knows is marked aborted all the same.
 */
export async function abortAbandonedUploads(
  db: Db,
  media: R2Bucket,
  now: Date,
  logger: Logger,
): Promise<number> {
  const before = new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString();
  const stale = await db
    .select({ uploadId: multipartUploads.uploadId, key: multipartUploads.key })
    .from(multipartUploads)
    .where(
      and(
        isNull(multipartUploads.completedAt),
        isNull(multipartUploads.abortedAt),
        lt(multipartUploads.createdAt, before),
      ),
    )
    .orderBy(asc(multipartUploads.createdAt))
    .limit(ABORT_BATCH);
  for (const upload of stale) {
    await media
      .resumeMultipartUpload(upload.key, upload.uploadId)
      .abort()
      .catch(() => undefined);
    await closeUpload(db, upload.uploadId, "aborted", now);
  }
  if (stale.length > 0) logger.info("abandoned uploads aborted", { count: stale.length });
  return stale.length;
}
