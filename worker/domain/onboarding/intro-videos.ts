import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Paged } from "../../../schema/api/common";
import type {
  IntroVideoListQuery,
  IntroVideoReviewBody,
  IntroVideoView,
} from "../../../schema/api/intro-video";
import { introVideos, tutors, users } from "../../../schema/db";
import { IntroVideoStatus, Role, isAdmin } from "../../../schema/enums";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import { auditStatement, type AuditActor } from "../staff/audit";
import { RETRY_AFTER_REJECTION_MONTHS, activateIfComplete, monthsBefore } from "./onboarding";
import type { UserRow } from "../identity/users";

/** The tutor may upload: no pending or approved video, no rejection in the last 3 months (`intro-video-exists`). */
function blockedSql(tutorId: number, now: Date) {
  return sql`EXISTS (SELECT 1 FROM intro_videos v WHERE v.tutor_id = ${tutorId} AND (
    v.status IN (${IntroVideoStatus.Pending}, ${IntroVideoStatus.Approved})
    OR (v.status = ${IntroVideoStatus.Rejected} AND coalesce(v.reviewed_at, v.created_at) > ${monthsBefore(now, RETRY_AFTER_REJECTION_MONTHS)})))`;
}

/** Checked before an upload starts, so nothing is stored for a tutor who may not upload. */
export async function assertMayUpload(db: Db, tutorId: number, now = new Date()): Promise<void> {
  const [row] = await db.all<{ blocked: number }>(sql`SELECT ${blockedSql(tutorId, now)} AS blocked`);
  if (row?.blocked) fail("intro-video-exists");
}

/** The activated tutor manager with the fewest assigned reviews (ties: the oldest account). */
export const reviewerSql = sql`(SELECT u.id FROM users u JOIN tutors t ON t.id = u.id
  WHERE u.role = ${Role.TutorManager} AND u.deleted_at IS NULL AND t.activated = 1
  ORDER BY (SELECT count(*) FROM intro_videos r WHERE r.reviewer_id = u.id), u.id LIMIT 1)`;

/**
 * Records an uploaded video for review, assigning the reviewer, in one INSERT ... SELECT ...
 * WHERE NOT EXISTS (the partial unique index backs it up): `intro-video-exists` when refused.
 */
export async function createIntroVideo(
  db: Db,
  input: { tutorId: number; url: string; duration: number; size: number; contentType: string },
  now = new Date(),
): Promise<IntroVideoView> {
  const at = now.toISOString();
  let rows: Array<{ id: number }> = [];
  try {
    rows = await db.all<{ id: number }>(sql`INSERT INTO intro_videos
      (tutor_id, reviewer_id, video, duration, size, content_type, status, created_at, updated_at)
      SELECT ${input.tutorId}, ${reviewerSql}, ${input.url}, ${Math.round(input.duration)}, ${input.size}, ${input.contentType},
        ${IntroVideoStatus.Pending}, ${at}, ${at}
      WHERE NOT ${blockedSql(input.tutorId, now)}
      RETURNING id`);
  } catch (error) {
    if (!/UNIQUE constraint failed/i.test(String((error as Error).cause ?? error))) throw error;
  }
  if (!rows[0]) return fail("intro-video-exists");
  return (await findIntroVideo(db, rows[0].id))!;
}

const columns = {
  id: introVideos.id,
  tutorId: introVideos.tutorId,
  tutorName: users.name,
  reviewerId: introVideos.reviewerId,
  url: introVideos.video,
  duration: introVideos.duration,
  size: introVideos.size,
  contentType: introVideos.contentType,
  status: introVideos.status,
  feedback: introVideos.feedback,
  reviewedAt: introVideos.reviewedAt,
  createdAt: introVideos.createdAt,
};

export async function findIntroVideo(db: Db, id: number): Promise<IntroVideoView | null> {
  const [row] = await db
    .select(columns)
    .from(introVideos)
    .innerJoin(users, eq(users.id, introVideos.tutorId))
    .where(eq(introVideos.id, id));
  return (row as IntroVideoView | undefined) ?? null;
}

/** A tutor sees their own videos, a tutor manager those assigned to them, an admin all. */
export async function listIntroVideos(
  db: Db,
  viewer: UserRow,
  query: IntroVideoListQuery,
): Promise<Paged<IntroVideoView>> {
  const mine = isAdmin(viewer.role as Role)
    ? undefined
    : viewer.role === Role.TutorManager
      ? eq(introVideos.reviewerId, viewer.id)
      : eq(introVideos.tutorId, viewer.id);
  const where = and(mine, query.status ? eq(introVideos.status, query.status) : undefined);
  const [rows, [total]] = await db.batch([
    db
      .select(columns)
      .from(introVideos)
      .innerJoin(users, eq(users.id, introVideos.tutorId))
      .where(where)
      .orderBy(desc(introVideos.createdAt), desc(introVideos.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(introVideos).where(where),
  ]);
  return { list: rows as IntroVideoView[], total: total?.total ?? 0 };
}

/**
 * The assigned reviewer (or an admin) approves or rejects a pending video; approving also makes
 * it the profile video when the tutor has none, and activates the tutor when it completes the
 * steps, all in one batch.
 */
export async function reviewIntroVideo(
  scope: Pick<Scope, "db" | "now">,
  {
    actor,
    id,
    body,
    auditBy,
  }: { actor: UserRow; id: number; body: IntroVideoReviewBody; auditBy?: AuditActor },
): Promise<{ video: IntroVideoView; activated: boolean }> {
  const { db, now } = scope;
  const found = await findIntroVideo(db, id);
  const admin = isAdmin(actor.role as Role);
  if (!found || (!admin && found.reviewerId !== actor.id)) return fail("intro-video-not-found");
  if (found.status !== IntroVideoStatus.Pending) fail("illegal");
  const at = now.toISOString();
  const approved = body.status === IntroVideoStatus.Approved;
  // The reviewer's decision is recorded right after it (only if it changed the video).
  const entry = {
    action: "intro-video.decide",
    targetType: "intro-video",
    targetId: id,
    before: { status: found.status },
    after: { status: body.status },
  } as const;
  const [updated, ...rest] = await db.batch([
    db
      .update(introVideos)
      .set({ status: body.status, feedback: body.feedback ?? null, reviewedAt: at, updatedAt: at })
      .where(and(eq(introVideos.id, id), eq(introVideos.status, IntroVideoStatus.Pending)))
      .returning({ id: introVideos.id }),
    ...(auditBy ? [auditStatement(db, auditBy, entry, now)] : []),
    db
      .update(tutors)
      .set({ video: sql`coalesce(${tutors.video}, ${found.url})`, updatedAt: at })
      .where(
        and(
          eq(tutors.id, found.tutorId),
          sql`${approved ? 1 : 0} = 1`,
          sql`EXISTS (SELECT 1 FROM intro_videos v WHERE v.id = ${id} AND v.status = ${IntroVideoStatus.Approved})`,
        ),
      ),
    activateIfComplete(db, found.tutorId, at),
  ]);
  const activated = rest[rest.length - 1] as unknown[];
  if (updated.length === 0) fail("illegal");
  return { video: (await findIntroVideo(db, id))!, activated: activated.length > 0 };
}
