import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Paged } from "../../../schema/api/common";
import type {
  CreateRatingBody,
  RatingView,
  TutorReview,
  TutorReviews,
  UpdateRatingBody,
} from "../../../schema/api/rating";
import { isAdmin, isTutorSide, Role } from "../../../schema/enums";
import { ratingFlags, ratings, tutors, users } from "../../../schema/db";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { isUniqueViolation } from "../tutors/topics";
import type { UserRow } from "../identity/users";

export type RatingRow = typeof ratings.$inferSelect;

export const toRatingView = (row: RatingRow): RatingView => ({
  id: row.id,
  raterId: row.raterId,
  rateeId: row.rateeId,
  value: row.value,
  text: row.text,
  reply: row.reply,
  repliedAt: row.repliedAt,
  replyEditedAt: row.replyEditedAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/**
 * What entitles a rater to rate the ratee (docs/rules.md, Ratings), as a condition on the
 * insert: a student needs at least one past, not-cancelled lesson with the tutor; a tutor-side
 * user needs a photo session in which that studio uploaded their video.
 */
function entitlementSql(raterId: number, raterRole: Role, rateeId: number, at: string) {
  if (isTutorSide(raterRole))
    return sql`EXISTS (
      SELECT 1 FROM photo_sessions ps JOIN users s ON s.id = ps.studio_id AND s.role = ${Role.Studio}
      WHERE ps.tutor_id = ${raterId} AND ps.studio_id = ${rateeId} AND ps.video IS NOT NULL
    )`;
  return sql`EXISTS (
    SELECT 1 FROM lessons l JOIN lesson_members m ON m.lesson_id = l.id AND m.user_id = ${raterId}
    WHERE l.tutor_id = ${rateeId} AND l.canceled_at IS NULL AND l."end" <= ${at}
  )`;
}

/**
 * docs/rules.md (Ratings): a student rates a tutor after at least one past, not-cancelled
 * lesson with them; a tutor rates the studio that made their video; one rating per pair. The
 * entitlement check and the write are one statement: INSERT ... SELECT ... WHERE EXISTS (...);
 * no row → forbidden; the unique index ratings(rater_id, ratee_id) → rating-exists.
 */
export async function createRating(
  db: Db,
  rater: { id: number; role: Role },
  input: CreateRatingBody,
  now = new Date(),
): Promise<RatingRow> {
  const at = now.toISOString();
  let inserted: RatingRow[];
  try {
    inserted = await db.all<RatingRow>(sql`
      INSERT INTO ratings (rater_id, ratee_id, value, text, created_at, updated_at)
      SELECT ${rater.id}, ${input.rateeId}, ${input.value}, ${input.text ?? null}, ${at}, ${at}
      WHERE ${entitlementSql(rater.id, rater.role, input.rateeId, at)}
      RETURNING id, rater_id AS raterId, ratee_id AS rateeId, value, text, reply, replied_at AS repliedAt,
        reply_edited_at AS replyEditedAt, created_at AS createdAt, updated_at AS updatedAt`);
  } catch (error) {
    if (isUniqueViolation(error)) fail("rating-exists");
    throw error;
  }
  return inserted[0] ?? fail("forbidden");
}

export async function findRating(db: Db, id: number): Promise<RatingRow> {
  const [row] = await db.select().from(ratings).where(eq(ratings.id, id)).limit(1);
  return row ?? fail("rating-not-found");
}

/** Edit and delete: the rater or an admin (else forbidden). */
function mayChange(user: UserRow, row: RatingRow): boolean {
  return row.raterId === user.id || isAdmin(user.role as Role);
}

export async function updateRating(
  db: Db,
  user: UserRow,
  id: number,
  input: UpdateRatingBody,
  now = new Date(),
): Promise<RatingRow> {
  const row = await findRating(db, id);
  if (!mayChange(user, row)) fail("forbidden");
  const changes: Partial<RatingRow> = { updatedAt: now.toISOString() };
  if (input.value !== undefined) changes.value = input.value;
  if (input.text !== undefined) changes.text = input.text;
  const [updated] = await db.update(ratings).set(changes).where(eq(ratings.id, id)).returning();
  return updated ?? fail("rating-not-found");
}

/** Hard delete (schema/db/ratings.ts), with its flags (rating_flags) in the same batch. */
export async function deleteRating(db: Db, user: UserRow, id: number): Promise<RatingRow> {
  const row = await findRating(db, id);
  if (!mayChange(user, row)) fail("forbidden");
  const [, rows] = await db.batch([
    db.delete(ratingFlags).where(eq(ratingFlags.ratingId, id)),
    db.delete(ratings).where(eq(ratings.id, id)).returning({ id: ratings.id }),
  ]);
  if (!rows.length) fail("rating-not-found");
  return row;
}

/**
 * Ratings given (rater) or received (ratee), newest first; paged. Received ones are public, so a
 * rating staff hid is not among them (docs/rules.md, Reviews); the rater still sees their own.
 */
export async function listRatingsBy(
  db: Db,
  side: "rater" | "ratee",
  userId: number,
  page: number,
  size: number,
): Promise<Paged<RatingView>> {
  const where =
    side === "rater"
      ? eq(ratings.raterId, userId)
      : and(eq(ratings.rateeId, userId), isNull(ratings.hiddenAt));
  const [list, [counted]] = await db.batch([
    db
      .select()
      .from(ratings)
      .where(where)
      .orderBy(desc(ratings.createdAt), desc(ratings.id))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ total: sql<number>`count(*)` })
      .from(ratings)
      .where(where),
  ]);
  return { list: list.map(toRatingView), total: counted?.total ?? 0 };
}

/**
 * A tutor's reviews for the public profile: newest first with the rater's name and image, plus
 * average and count, none that staff hid (docs/rules.md, Reviews). An unknown tutor (no such tutor-side user, or deleted) is tutor-not-found, as
 * for the profile (worker/routes/tutor.ts); the check is in the same batch (one round trip).
 */
export async function listTutorReviews(
  db: Db,
  tutorId: number,
  page: number,
  size: number,
): Promise<TutorReviews> {
  const where = and(eq(ratings.rateeId, tutorId), isNull(ratings.hiddenAt));
  const [tutorRows, list, [summary]] = await db.batch([
    db
      .select({ id: users.id })
      .from(users)
      .innerJoin(tutors, eq(tutors.id, users.id))
      .where(
        and(
          eq(users.id, tutorId),
          isNull(users.deletedAt),
          inArray(users.role, [Role.Tutor, Role.TutorManager]),
        ),
      )
      .limit(1),
    db
      .select({ rating: ratings, raterName: users.name, raterImage: users.image })
      .from(ratings)
      .innerJoin(users, eq(users.id, ratings.raterId))
      .where(where)
      .orderBy(desc(ratings.createdAt), desc(ratings.id))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ total: sql<number>`count(*)`, average: sql<number | null>`avg(${ratings.value})` })
      .from(ratings)
      .where(where),
  ]);
  if (tutorRows.length === 0) return fail("tutor-not-found");
  const count = summary?.total ?? 0;
  const average = summary?.average == null ? null : Math.round(summary.average * 100) / 100;
  return {
    list: list.map((r): TutorReview => ({
      ...toRatingView(r.rating),
      raterName: r.raterName,
      raterImage: r.raterImage,
    })),
    total: count,
    average,
    count,
  };
}
