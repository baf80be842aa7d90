import { sql } from "drizzle-orm";
import type { FreeTimes, FreeTimesQuery } from "../../../schema/api/lesson";
import { SlotPurpose } from "../../../schema/enums";
import { GRID_MS } from "../../../schema/pricing";
import { MINUTE_MS } from "../../../schema/time";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { d1, statement } from "../../core/db";
import { holdsTimeSql, isBookableTutor, type BookableTutorRow } from "../state-rules";

/**
 * A tutor's free lesson starts (docs/rules.md, Lessons): the 15-minute grid starts where a
 * lesson of the duration fits wholly inside one live General/Lesson slot, begins after the
 * tutor's notice (and in the future), and overlaps none of the tutor's live lessons, interviews
 * or demo sessions. The same rules booking checks in its INSERT, read here for the picker.
 */

type Interval = { start: string; end: string };

/** Grid starts of `duration` minutes inside the slots, from `earliest` up to `to`, clear of `busy`. */
export function freeStarts(
  slots: Interval[],
  busy: Interval[],
  earliest: number,
  to: number,
  duration: number,
): string[] {
  const length = duration * MINUTE_MS;
  const taken = busy.map((b) => ({ start: Date.parse(b.start), end: Date.parse(b.end) }));
  const starts = new Set<number>();
  for (const slot of slots) {
    const slotStart = Date.parse(slot.start);
    const slotEnd = Date.parse(slot.end);
    let t = Math.ceil(Math.max(slotStart, earliest) / GRID_MS) * GRID_MS;
    for (; t + length <= slotEnd && t < to; t += GRID_MS) {
      const end = t + length;
      if (!taken.some((b) => b.start < end && b.end > t)) starts.add(t);
    }
  }
  return [...starts].sort((a, b) => a - b).map((t) => new Date(t).toISOString());
}

/** One D1 round trip: the tutor, the slots and the busy times of the window. */
export async function findFreeTimes(db: Db, query: FreeTimesQuery, now = new Date()): Promise<FreeTimes> {
  const { tutorId, from, to, duration } = query;
  // Busy rows that overlap any lesson starting in the window.
  const busyEnd = new Date(Date.parse(to) + duration * MINUTE_MS).toISOString();
  const [tutorResult, slotResult, busyResult] = await d1(db).batch<Record<string, unknown>>([
    statement(
      db,
      sql`SELECT t.notice AS notice, t.activated AS activated, u.role AS role, u.suspended_at AS suspendedAt, u.deleted_at AS deletedAt
      FROM tutors t JOIN users u ON u.id = t.id WHERE t.id = ${tutorId} LIMIT 1`,
    ),
    statement(
      db,
      sql`SELECT s.start AS start, s."end" AS "end" FROM availability_slots s WHERE s.user_id = ${tutorId} AND s.deleted_at IS NULL
      AND s.purpose IN (${SlotPurpose.General}, ${SlotPurpose.Lesson}) AND s.start < ${busyEnd} AND s."end" > ${from}`,
    ),
    statement(
      db,
      sql`
      SELECT l.start AS start, l."end" AS "end" FROM lessons l WHERE l.tutor_id = ${tutorId} AND l.canceled_at IS NULL AND l.start < ${busyEnd} AND l."end" > ${from}
      UNION ALL SELECT i.start, i."end" FROM interviews i WHERE (i.interviewer_id = ${tutorId} OR i.interviewee_id = ${tutorId}) AND ${holdsTimeSql("interview", "i")}
        AND i.start < ${busyEnd} AND i."end" > ${from}
      UNION ALL SELECT d.start, d."end" FROM demo_sessions d WHERE (d.tutor_id = ${tutorId} OR d.tutor_manager_id = ${tutorId}) AND ${holdsTimeSql("demo", "d")}
        AND d.start < ${busyEnd} AND d."end" > ${from}`,
    ),
  ]);
  const tutor = tutorResult?.results[0] as ({ notice: number } & BookableTutorRow) | undefined;
  // The tutor booking accepts (state-rules.ts): a suspended tutor has no free time to offer.
  if (!tutor || !isBookableTutor(tutor)) fail("tutor-not-found");
  const afterNotice = now.getTime() + tutor.notice * MINUTE_MS;
  // Booking refuses a start at or before now and before the notice: the first allowed start.
  const earliest = Math.max(Date.parse(from), afterNotice, now.getTime() + 1);
  const slots = (slotResult?.results ?? []) as Interval[];
  const busy = (busyResult?.results ?? []) as Interval[];
  return { tutorId, duration, starts: freeStarts(slots, busy, earliest, Date.parse(to), duration) };
}
