import { sql } from "drizzle-orm";
import type { Paged, PageQuery } from "../../../schema/api/common";
import { MAX_FAVOURITE_IDS, type FavouriteState } from "../../../schema/api/favourites";
import type { TutorCard } from "../../../schema/api/tutor";
import { Role } from "../../../schema/enums";
import type { Db } from "../../core/context";
import { d1, statement } from "../../core/db";
import { fail } from "../../core/failure";
import { cardColumns, toCard, type CardRow } from "../tutors/tutor-list";

/**
 * docs/rules.md, "Learning after the lesson": a saved tutor is an activated tutor (not deleted,
 * not suspended); one who stops being one leaves the saved list but stays saved.
 */
const savableSql = sql`u.deleted_at IS NULL AND u.suspended_at IS NULL AND u.role IN (${Role.Tutor}, ${Role.TutorManager}) AND tr.activated = 1`;

/**
 * Saves the tutor for the user; saving again changes nothing (the first time stays). One round
 * trip: the insert is conditional on the tutor being savable, and its count tells which.
 */
export async function saveFavourite(
  db: Db,
  userId: number,
  tutorId: number,
  now = new Date(),
): Promise<FavouriteState> {
  const [, savable] = await d1(db).batch([
    statement(
      db,
      sql`INSERT INTO favourite_tutors (user_id, tutor_id, created_at)
        SELECT ${userId}, u.id, ${now.toISOString()} FROM users u JOIN tutors tr ON tr.id = u.id
        WHERE u.id = ${tutorId} AND ${savableSql}
        ON CONFLICT (user_id, tutor_id) DO NOTHING`,
    ),
    statement(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM users u JOIN tutors tr ON tr.id = u.id WHERE u.id = ${tutorId} AND ${savableSql}) AS ok`,
    ),
  ]);
  const ok = (savable?.results[0] as { ok: number } | undefined)?.ok === 1;
  if (!ok) fail("tutor-not-found");
  return { tutorId, saved: true };
}

/** Forgets the saved tutor; forgetting one not saved (or no longer a tutor) changes nothing. */
export async function removeFavourite(db: Db, userId: number, tutorId: number): Promise<FavouriteState> {
  await db.run(sql`DELETE FROM favourite_tutors WHERE user_id = ${userId} AND tutor_id = ${tutorId}`);
  return { tutorId, saved: false };
}

/** The saved tutors still savable, newest saved first, as the tutor list's cards: one round trip. */
export async function listFavourites(
  db: Db,
  userId: number,
  page: PageQuery,
  now = new Date(),
): Promise<Paged<TutorCard>> {
  const from = sql`FROM favourite_tutors f JOIN users u ON u.id = f.tutor_id JOIN tutors tr ON tr.id = u.id
    WHERE f.user_id = ${userId} AND ${savableSql}`;
  const [rows, totals] = await d1(db).batch([
    statement(
      db,
      sql`SELECT ${cardColumns(now)} ${from} ORDER BY f.created_at DESC, f.tutor_id DESC
        LIMIT ${page.size} OFFSET ${(page.page - 1) * page.size}`,
    ),
    statement(db, sql`SELECT count(*) AS total ${from}`),
  ]);
  return {
    list: ((rows?.results ?? []) as CardRow[]).map(toCard),
    total: (totals?.results[0] as { total: number } | undefined)?.total ?? 0,
  };
}

/** The ids of the user's saved tutors (the newest MAX_FAVOURITE_IDS): the hearts on any list of tutors. */
export async function favouriteIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.all<{ id: number }>(
    sql`SELECT tutor_id AS id FROM favourite_tutors WHERE user_id = ${userId}
      ORDER BY created_at DESC LIMIT ${MAX_FAVOURITE_IDS}`,
  );
  return rows.map((row) => row.id);
}

/**
 * The person's saved tutors and their chats' first-reply times (as the student or as the tutor),
 * for the data export (worker/domain/privacy/export.ts): one round trip.
 */
export async function favouritesForExport(db: Db, userId: number) {
  const [saved, firstReplies] = await d1(db).batch([
    statement(
      db,
      sql`SELECT tutor_id AS tutorId, created_at AS savedAt FROM favourite_tutors WHERE user_id = ${userId}
        ORDER BY created_at`,
    ),
    statement(
      db,
      sql`SELECT room_id AS roomId, tutor_id AS tutorId, student_id AS studentId, first_message_at AS firstMessageAt,
          first_reply_at AS firstReplyAt, reply_seconds AS replySeconds
        FROM chat_first_replies WHERE student_id = ${userId} OR tutor_id = ${userId} ORDER BY first_message_at`,
    ),
  ]);
  return { savedTutors: saved?.results ?? [], firstReplies: firstReplies?.results ?? [] };
}
