// Tutor information endpoints (docs/product.md §7, user): activity, interviewer choice, the full staff
// list, and tutoring minutes.
import { and, count, desc, eq, gte, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Paged, PageQuery } from "../../../schema/api/common";
import type {
  FullTutor,
  FullTutorsQuery,
  FullTutorsSort,
  InterviewerOption,
  TutorActivity,
  TutoringMinutes,
} from "../../../schema/api/tutor";
import { availabilitySlots, lessons, tutors, users } from "../../../schema/db";
import { Role, type Gender } from "../../../schema/enums";
import { addDays, CAIRO, dayOf, monthWindow } from "../../../schema/calendar";
import { DAY_MS } from "../../../schema/time";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { likePattern } from "./topics";
import { onboardedSql } from "./tutor-list";

/** The Africa/Cairo calendar day (YYYY-MM-DD) of an instant. */
const cairoDay = (at: Date | string) => dayOf(at, CAIRO);

const isTutor = (id: number) =>
  and(eq(users.id, id), isNull(users.deletedAt), inArray(users.role, [Role.Tutor, Role.TutorManager]));

/** Lessons taught per Cairo day over the last `days` days, with totals (two statements, one batch). */
export async function tutorActivity(
  db: Db,
  tutorId: number,
  days: number,
  now = new Date(),
): Promise<TutorActivity> {
  const since = new Date(now.getTime() - (days + 1) * DAY_MS).toISOString();
  const [found, rows, [lastLesson], [lastSlot]] = await db.batch([
    db.select({ id: users.id }).from(users).where(isTutor(tutorId)),
    db
      .select({
        start: lessons.start,
        end: lessons.end,
        duration: lessons.duration,
        canceledAt: lessons.canceledAt,
        canceledBy: lessons.canceledBy,
      })
      .from(lessons)
      .where(and(eq(lessons.tutorId, tutorId), gte(lessons.start, since))),
    db
      .select({ start: lessons.start })
      .from(lessons)
      .where(
        and(
          eq(lessons.tutorId, tutorId),
          isNull(lessons.canceledAt),
          sql`${lessons.end} <= ${now.toISOString()}`,
        ),
      )
      .orderBy(desc(lessons.start))
      .limit(1),
    db
      .select({ at: availabilitySlots.updatedAt })
      .from(availabilitySlots)
      .where(eq(availabilitySlots.userId, tutorId))
      .orderBy(desc(availabilitySlots.updatedAt))
      .limit(1),
  ]);
  if (found.length === 0) return fail("tutor-not-found");
  const today = cairoDay(now);
  const window = Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
  const byDay = new Map(window.map((day) => [day, { day, lessons: 0, minutes: 0 }]));
  const totals = { lessons: 0, minutes: 0, canceledByTutor: 0, canceledByOthers: 0 };
  const at = now.toISOString();
  for (const lesson of rows) {
    const entry = byDay.get(cairoDay(lesson.start));
    if (!entry) continue;
    if (lesson.canceledAt) {
      if (lesson.canceledBy === tutorId) totals.canceledByTutor++;
      else totals.canceledByOthers++;
    } else if (lesson.end <= at) {
      entry.lessons++;
      entry.minutes += lesson.duration;
      totals.lessons++;
      totals.minutes += lesson.duration;
    }
  }
  return {
    tutorId,
    days: [...byDay.values()],
    totals,
    lastLessonAt: lastLesson?.start ?? null,
    lastSlotChangeAt: lastSlot?.at ?? null,
  };
}

/** The activated tutor managers, by name. */
export async function listInterviewers(db: Db, query: PageQuery): Promise<Paged<InterviewerOption>> {
  const where = and(eq(users.role, Role.TutorManager), isNull(users.deletedAt), eq(tutors.activated, true));
  const [rows, [total]] = await db.batch([
    db
      .select({ id: users.id, name: users.name, image: users.image })
      .from(users)
      .innerJoin(tutors, eq(tutors.id, users.id))
      .where(where)
      .orderBy(sql`${users.name} IS NULL`, users.name, users.id)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(users).innerJoin(tutors, eq(tutors.id, users.id)).where(where),
  ]);
  return { list: rows, total: total?.total ?? 0 };
}

type FullRow = Omit<
  FullTutor,
  "verifiedEmail" | "verifiedPhone" | "activated" | "bypassOnboarding" | "onboarded" | "gender"
> & {
  gender: string | null;
  verified_email: number;
  verified_phone: number;
  activated: number;
  bypass_onboarding: number;
  onboarded: number;
};

/** Each order of the staff's tutors table (ties broken by id, so pages never repeat or skip a row). */
const fullTutorsOrder: Record<FullTutorsSort, SQL> = {
  created: sql`u.created_at, u.id`,
  "-created": sql`u.created_at DESC, u.id DESC`,
  name: sql`u.name IS NULL, lower(u.name), u.id`,
  "-name": sql`u.name IS NULL, lower(u.name) DESC, u.id DESC`,
  email: sql`u.email, u.id`,
  "-email": sql`u.email DESC, u.id DESC`,
};

/** Every tutor (any state) with every field, newest first unless sorted: the staff's tutors table. */
export async function listFullTutors(
  db: Db,
  query: Omit<FullTutorsQuery, "sort"> & { sort?: FullTutorsSort },
): Promise<Paged<FullTutor>> {
  const filters: SQL[] = [sql`u.deleted_at IS NULL`, sql`u.role IN (${Role.Tutor}, ${Role.TutorManager})`];
  if (query.name) filters.push(sql`u.name LIKE ${likePattern(query.name)} ESCAPE '\\'`);
  if (query.activated !== undefined) filters.push(sql`tr.activated = ${query.activated ? 1 : 0}`);
  if (query.onboarded !== undefined)
    filters.push(query.onboarded ? sql`(${onboardedSql})` : sql`NOT (${onboardedSql})`);
  const hasMedia = sql`(u.image IS NOT NULL AND tr.video IS NOT NULL AND tr.thumbnail IS NOT NULL)`;
  if (query.media) filters.push(query.media === "complete" ? hasMedia : sql`NOT ${hasMedia}`);
  const where = sql.join(filters, sql` AND `);
  const [rows, totals] = await Promise.all([
    db.all<FullRow>(sql`SELECT u.id AS id, u.role AS role, u.name AS name, u.email AS email, u.phone AS phone, u.image AS image,
        u.gender AS gender, u.city AS city, u.birth_year AS birthYear, u.verified_email AS verified_email, u.verified_phone AS verified_phone,
        tr.bio AS bio, tr.about AS about, tr.video AS video, tr.thumbnail AS thumbnail, tr.notice AS notice, tr.activated AS activated,
        tr.bypass_onboarding AS bypass_onboarding, (${onboardedSql}) AS onboarded, u.created_at AS createdAt
      FROM users u JOIN tutors tr ON tr.id = u.id WHERE ${where}
      ORDER BY ${fullTutorsOrder[query.sort ?? "-created"]} LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`),
    db.all<{ total: number }>(
      sql`SELECT count(*) AS total FROM users u JOIN tutors tr ON tr.id = u.id WHERE ${where}`,
    ),
  ]);
  return {
    list: rows.map(
      ({ verified_email, verified_phone, activated, bypass_onboarding, onboarded, gender, ...row }) => ({
        ...row,
        gender: gender as Gender | null,
        verifiedEmail: verified_email === 1,
        verifiedPhone: verified_phone === 1,
        activated: activated === 1,
        bypassOnboarding: bypass_onboarding === 1,
        onboarded: onboarded === 1,
      }),
    ),
    total: totals[0]?.total ?? 0,
  };
}

/** Minutes taught (all time and this Cairo month) and booked ahead (one statement). */
export async function tutoringMinutes(db: Db, tutorId: number, now = new Date()): Promise<TutoringMinutes> {
  const at = now.toISOString();
  const monthStart = monthWindow(now, CAIRO).start.toISOString();
  const [row] = await db.all<{
    found: number;
    taught: number;
    taught_this_month: number;
    upcoming: number;
  }>(sql`SELECT
      EXISTS (SELECT 1 FROM users u WHERE u.id = ${tutorId} AND u.deleted_at IS NULL AND u.role IN (${Role.Tutor}, ${Role.TutorManager})) AS found,
      coalesce((SELECT sum(duration) FROM lessons WHERE tutor_id = ${tutorId} AND canceled_at IS NULL AND "end" <= ${at}), 0) AS taught,
      coalesce((SELECT sum(duration) FROM lessons WHERE tutor_id = ${tutorId} AND canceled_at IS NULL AND "end" <= ${at} AND start >= ${monthStart}), 0) AS taught_this_month,
      coalesce((SELECT sum(duration) FROM lessons WHERE tutor_id = ${tutorId} AND canceled_at IS NULL AND start > ${at}), 0) AS upcoming`);
  if (!row?.found) return fail("tutor-not-found");
  return { tutorId, taught: row.taught, taughtThisMonth: row.taught_this_month, upcoming: row.upcoming };
}
