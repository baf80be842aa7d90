/**
 * A person's reliability figure (users.credit_score, «نسبة الالتزام» on the admin user page):
 * of their last CREDIT_SCORE_LESSONS counted lessons, the share they attended, as a whole percent
 * 0–100; 100 while nothing counts yet. docs/rules.md (Lessons: reliability) has the rules:
 * - a lesson that ended, not cancelled: attended when the person joined its room (a UserJoined
 *   entry in session_attendance), else a no-show;
 * - a lesson the tutor was reported absent from: a no-show for the tutor (not counted for the student);
 * - a lesson the person cancelled themselves inside the cancel window (later than the window
 *   before its start, e.g. deleting a booked slot): a late cancellation, counted as not attended;
 * - any other cancellation (early, by the other member, an admin or the system) does not count.
 * It is recomputed from that history (so a rerun changes nothing) by the five-minute cron for the
 * members of lessons whose end just passed (refreshCreditScores), which covers cancelled lessons
 * at their planned end too; a tutor's slot change that cancels bookings recomputes the tutor's at
 * once (recomputeCreditScoreOf).
 */
import { sql, type SQL } from "drizzle-orm";
import { RoomMembershipEvent } from "../../../schema/enums";
import type { BusinessSettings } from "../../../schema/pricing";
import type { Db } from "../../core/context";
import type { Logger } from "../../core/logger";
import { settings } from "../../core/settings";
import { DAY_MS } from "../../../schema/time";
import { currentBusinessSettings } from "../staff/platform-settings";

/** How many of a person's most recent counted lessons the figure looks at. */
export const CREDIT_SCORE_LESSONS = settings.creditScore.lessons;
/** The figure before any lesson counts (a new account has nothing against it). */
export const CREDIT_SCORE_START = settings.creditScore.start;

/**
 * One lesson (alias l) for the person whose id is `userId`: 1 attended, 0 a no-show or a late
 * cancellation, NULL not counted.
 */
function lessonOutcomeSql(userId: SQL, at: string, cancelWindowHours: number): SQL {
  const lateFrom = sql`strftime('%Y-%m-%dT%H:%M:%fZ', l.start, ${`-${cancelWindowHours} hours`})`;
  return sql`(CASE
    WHEN l.reported_absent_at IS NOT NULL THEN (CASE WHEN l.tutor_id = ${userId} THEN 0 END)
    WHEN l.canceled_at IS NOT NULL THEN
      (CASE WHEN l.canceled_by = ${userId} AND l.canceled_at > ${lateFrom} THEN 0 END)
    WHEN l."end" <= ${at} THEN
      (CASE WHEN EXISTS (SELECT 1 FROM session_attendance a WHERE a.session_id = 'lesson:' || l.id
        AND a.user_id = ${userId} AND a.event = ${RoomMembershipEvent.UserJoined}) THEN 1 ELSE 0 END)
  END)`;
}

/** The figure of the users row `u` (a correlated scalar subquery). */
export function creditScoreSql(at: string, business: Pick<BusinessSettings, "cancelWindowHours">): SQL {
  const outcome = lessonOutcomeSql(sql.raw("u.id"), at, business.cancelWindowHours);
  return sql`(SELECT CASE WHEN count(*) = 0 THEN ${CREDIT_SCORE_START}
      ELSE CAST(round(100.0 * sum(outcome) / count(*)) AS INTEGER) END
    FROM (SELECT ${outcome} AS outcome FROM lessons l JOIN lesson_members m ON m.lesson_id = l.id
      WHERE m.user_id = u.id AND ${outcome} IS NOT NULL
      ORDER BY l.start DESC, l.id DESC LIMIT ${CREDIT_SCORE_LESSONS}))`;
}

/** Recomputes the figure of the users `which` selects (SQL over the users row `u`); answers how many rows. */
export async function recomputeCreditScores(
  db: Db,
  which: SQL,
  now: Date,
  business: Pick<BusinessSettings, "cancelWindowHours">,
): Promise<number> {
  const rows = await db.all<{ id: number }>(
    sql`UPDATE users AS u SET credit_score = ${creditScoreSql(now.toISOString(), business)}
      WHERE ${which} RETURNING id`,
  );
  return rows.length;
}

/**
 * The cron's part: the members of every lesson whose (planned) end fell in the last `windowMs`
 * (the runs overlap, recomputing is idempotent), and with `zeroScores` also every account still at
 * 0 (accounts made before the figure had a meaning). Answers how many figures were written.
 */
export async function refreshCreditScores(
  db: Db,
  now: Date,
  logger: Logger,
  { windowMs, zeroScores = false }: { windowMs: number; zeroScores?: boolean },
): Promise<number> {
  const from = new Date(now.getTime() - windowMs).toISOString();
  // A lesson is shorter than a day, so its start bounds it too (the start index does the search).
  const startsFrom = new Date(now.getTime() - windowMs - DAY_MS).toISOString();
  const at = now.toISOString();
  const ended = sql`u.id IN (SELECT m.user_id FROM lessons l JOIN lesson_members m ON m.lesson_id = l.id
    WHERE l.start > ${startsFrom} AND l.start <= ${at} AND l."end" > ${from} AND l."end" <= ${at})`;
  const which = zeroScores ? sql`(${ended} OR (u.credit_score = 0 AND u.deleted_at IS NULL))` : ended;
  const written = await recomputeCreditScores(
    db,
    which,
    now,
    await currentBusinessSettings(db, now.getTime()),
  );
  if (written > 0) logger.info("credit scores recomputed", { written });
  return written;
}

/**
 * One person's figure now, for a cancellation that may count against them at once (a tutor's
 * deleted slot cancelling bookings, worker/routes/availability-slot.ts) instead of at the lesson's end.
 */
export async function recomputeCreditScoreOf(db: Db, userId: number, now = new Date()): Promise<void> {
  await recomputeCreditScores(
    db,
    sql`u.id = ${userId}`,
    now,
    await currentBusinessSettings(db, now.getTime()),
  );
}
