/**
 * Reviews after they are written (docs/rules.md, Reviews): the rated tutor's one reply (editable
 * for 24 hours, schema/reviews.ts), flags by signed-in users (one per user per rating, never one's
 * own; ratings.flag_count kept in the same batch) and staff hiding or restoring a rating with a
 * note, audited. A hidden rating leaves the public list, the average and the tutor list's order
 * at once: the reads skip it (ratings.ts, tutors/tutor-list.ts), the trigger of migrations/0016
 * marks the order stale and the shared tutor-list version is bumped in the same batch.
 */
import { and, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Paged } from "../../../schema/api/common";
import {
  ratingFlagReasons,
  type RatingFlagBody,
  type RatingFlagReason,
  type RatingFlagView,
  type RatingModerationQuery,
  type RatingModerationSort,
  type RatingModerationView,
} from "../../../schema/api/rating";
import { ratingFlags, ratings } from "../../../schema/db";
import { RATING_REPLY_EDIT_MS } from "../../../schema/reviews";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { bumpSharedVersionRaw } from "../../core/shared-versions";
import { d1, statement } from "../../core/db";
import { auditRawStatement, type AuditActor } from "../staff/audit";
import { forgetTutorListCache } from "../tutors/tutor-list";
import { isUniqueViolation, likePattern } from "../tutors/topics";
import { findRating, type RatingRow } from "./ratings";

/**
 * PUT /rating/{id}/reply: the first call writes the reply, a later one edits it while the 24 hours
 * from the first reply last. One conditional update; only when it matched nothing is the rating
 * read to say why (rating-not-found, rating-reply-not-yours, rating-reply-locked).
 */
export async function replyToRating(
  db: Db,
  tutorId: number,
  id: number,
  text: string,
  now = new Date(),
): Promise<RatingRow> {
  const at = now.toISOString();
  const editableAfter = new Date(now.getTime() - RATING_REPLY_EDIT_MS).toISOString();
  const [row] = await db
    .update(ratings)
    .set({
      reply: text,
      // SET reads the row as it was: the first reply's time stays, an edit is stamped.
      repliedAt: sql`coalesce(${ratings.repliedAt}, ${at})`,
      replyEditedAt: sql`CASE WHEN ${ratings.repliedAt} IS NULL THEN NULL ELSE ${at} END`,
    })
    .where(
      and(
        eq(ratings.id, id),
        eq(ratings.rateeId, tutorId),
        or(isNull(ratings.repliedAt), gt(ratings.repliedAt, editableAfter)),
      ),
    )
    .returning();
  if (row) return row;
  const existing = await findRating(db, id);
  if (existing.rateeId !== tutorId) fail("rating-reply-not-yours");
  return fail("rating-reply-locked");
}

/** A flag's stored reason: the code, then the optional text after a line break. */
const storedReason = (body: RatingFlagBody) => (body.text ? `${body.reason}\n${body.text}` : body.reason);

function parseReason(stored: string): { reason: RatingFlagReason; text: string | null } {
  const cut = stored.indexOf("\n");
  const code = cut < 0 ? stored : stored.slice(0, cut);
  const reason = (ratingFlagReasons as readonly string[]).includes(code)
    ? (code as RatingFlagReason)
    : "other";
  return { reason, text: cut < 0 ? null : stored.slice(cut + 1) };
}

/**
 * POST /rating/{id}/flag: the flag and the rating's recounted flag_count in one batch; the unique
 * index rating_flags(rating_id, user_id) answers a second flag (rating-flag-exists).
 */
export async function flagRating(
  db: Db,
  userId: number,
  id: number,
  body: RatingFlagBody,
  now = new Date(),
): Promise<void> {
  const row = await findRating(db, id);
  if (row.raterId === userId) fail("own-rating-flag");
  try {
    await db.batch([
      db
        .insert(ratingFlags)
        .values({ ratingId: id, userId, reason: storedReason(body), createdAt: now.toISOString() }),
      db
        .update(ratings)
        .set({ flagCount: sql`(SELECT count(*) FROM rating_flags f WHERE f.rating_id = ${id})` })
        .where(eq(ratings.id, id)),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) fail("rating-flag-exists");
    throw error;
  }
}

type ModerationRow = {
  id: number;
  value: number;
  text: string | null;
  reply: string | null;
  createdAt: string;
  flagCount: number;
  hiddenAt: string | null;
  hiddenNote: string | null;
  tutorId: number;
  tutorName: string | null;
  raterId: number;
  raterName: string | null;
  hiderId: number | null;
  hiderName: string | null;
  flags: string;
};

/** How many flags a row of the staff table carries (flagCount counts them all). */
export const FLAGS_SHOWN = 20;

const moderationColumns = sql`r.id AS id, r.value AS value, r.text AS text, r.reply AS reply,
  r.created_at AS createdAt, r.flag_count AS flagCount, r.hidden_at AS hiddenAt, r.hidden_note AS hiddenNote,
  t.id AS tutorId, t.name AS tutorName, w.id AS raterId, w.name AS raterName, h.id AS hiderId, h.name AS hiderName,
  (SELECT json_group_array(json_object('reason', f.reason, 'createdAt', f.created_at, 'userId', f.user_id, 'userName', fu.name))
     FROM (SELECT * FROM rating_flags WHERE rating_id = r.id ORDER BY id DESC LIMIT ${FLAGS_SHOWN}) f
     JOIN users fu ON fu.id = f.user_id) AS flags`;

const moderationFrom = sql`FROM ratings r JOIN users t ON t.id = r.ratee_id JOIN users w ON w.id = r.rater_id
  LEFT JOIN users h ON h.id = r.hidden_by`;

function toModerationView(row: ModerationRow): RatingModerationView {
  const flags = (
    JSON.parse(row.flags) as { reason: string; createdAt: string; userId: number; userName: string | null }[]
  )
    .map((flag): RatingFlagView => ({
      ...parseReason(flag.reason),
      by: { id: flag.userId, name: flag.userName },
      createdAt: flag.createdAt,
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    id: row.id,
    value: row.value,
    text: row.text,
    reply: row.reply,
    createdAt: row.createdAt,
    tutor: { id: row.tutorId, name: row.tutorName },
    rater: { id: row.raterId, name: row.raterName },
    flagCount: row.flagCount,
    flags,
    hiddenAt: row.hiddenAt,
    hiddenBy: row.hiderId === null ? null : { id: row.hiderId, name: row.hiderName },
    hiddenNote: row.hiddenNote,
  };
}

/** Each sort's ORDER BY; the id breaks ties so pages never repeat or skip a row. */
const moderationOrder: Record<RatingModerationSort, SQL> = {
  flags: sql`r.flag_count, r.id`,
  "-flags": sql`r.flag_count DESC, r.id DESC`,
  created: sql`r.created_at, r.id`,
  "-created": sql`r.created_at DESC, r.id DESC`,
};

/**
 * GET /rating/moderation: the ratings staff need to see (flagged, or hidden or restored by staff),
 * searched by the tutor's or rater's name or the text; one page and the total in one round trip.
 */
export async function listRatingsForModeration(
  db: Db,
  query: RatingModerationQuery,
): Promise<Paged<RatingModerationView>> {
  const parts: SQL[] = [];
  if (query.state === "flagged") parts.push(sql`r.hidden_at IS NULL AND r.flag_count > 0`);
  else if (query.state === "hidden") parts.push(sql`r.hidden_at IS NOT NULL`);
  else parts.push(sql`(r.flag_count > 0 OR r.hidden_by IS NOT NULL)`);
  if (query.q) {
    const pattern = likePattern(query.q.toLowerCase());
    parts.push(
      sql`(lower(coalesce(t.name, '')) LIKE ${pattern} ESCAPE '\\' OR lower(coalesce(w.name, '')) LIKE ${pattern} ESCAPE '\\'
        OR lower(coalesce(r.text, '')) LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  const where = sql.join(parts, sql` AND `);
  const [page, counted] = await d1(db).batch([
    statement(
      db,
      sql`SELECT ${moderationColumns} ${moderationFrom} WHERE ${where}
        ORDER BY ${moderationOrder[query.sort]} LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`,
    ),
    statement(db, sql`SELECT count(*) AS total ${moderationFrom} WHERE ${where}`),
  ]);
  const list = (page?.results ?? []) as ModerationRow[];
  const total = (counted?.results[0] as { total: number } | undefined)?.total ?? 0;
  return { list: list.map(toModerationView), total };
}

const oneForModeration = (id: number) =>
  sql`SELECT ${moderationColumns} ${moderationFrom} WHERE r.id = ${id}`;

/**
 * POST /rating/{id}/hide and /restore: the rating's state with staff's note, its audit row and the
 * shared tutor-list version (worker/core/shared-versions.ts) in one batch, then the row as staff see
 * it. A rating already in that state changes nothing and leaves no audit row
 * (rating-already-hidden, rating-not-hidden).
 */
export async function setRatingHidden(
  db: Db,
  input: { id: number; hide: boolean; note: string; staffId: number; actor: AuditActor },
  now = new Date(),
): Promise<RatingModerationView> {
  const { id, hide, note } = input;
  const at = now.toISOString();
  const [changed, , , read] = await d1(db).batch([
    statement(
      db,
      sql`UPDATE ratings SET hidden_at = ${hide ? at : null}, hidden_by = ${input.staffId}, hidden_note = ${note}
        WHERE id = ${id} AND hidden_at IS ${hide ? sql`NULL` : sql`NOT NULL`}`,
    ),
    auditRawStatement(
      db,
      input.actor,
      {
        action: hide ? "rating.hide" : "rating.restore",
        targetType: "rating",
        targetId: id,
        before: { hidden: !hide },
        after: { hidden: hide, note },
      },
      now,
    ),
    bumpSharedVersionRaw(db, "tutor-list"),
    statement(db, oneForModeration(id)),
  ]);
  forgetTutorListCache();
  const after = read?.results[0] as ModerationRow | undefined;
  if (!after) return fail("rating-not-found");
  if (!changed?.meta.changes) fail(hide ? "rating-already-hidden" : "rating-not-hidden");
  return toModerationView(after);
}
