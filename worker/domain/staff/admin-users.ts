/**
 * The admin area's reads over accounts: the paged user list and a student's lesson numbers.
 * Each is one D1 round trip (a batch).
 */
import { sql, type SQL } from "drizzle-orm";
import type { StudentStats, UserListItem, UserListQuery, UserListSort } from "../../../schema/api/admin-user";
import type { Paged } from "../../../schema/api/common";
import { Role } from "../../../schema/enums";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { d1, statement } from "../../core/db";
import { fulfilledLesson } from "./stats";
import { toUserView, type UserRow } from "../identity/users";

type ListRow = Record<string, unknown> & { activated: number | null };

/** Raw D1 columns (snake_case, 0/1 booleans) back into the drizzle row shape. */
function toRow(raw: ListRow): UserRow {
  return {
    id: raw.id as number,
    email: raw.email as string,
    name: raw.name as string | null,
    hasPassword: raw.has_password === 1,
    googleSub: null,
    role: raw.role as number,
    image: raw.image as string | null,
    birthYear: raw.birth_year as number | null,
    gender: raw.gender as string | null,
    phone: raw.phone as string | null,
    city: raw.city as number | null,
    notificationMethod: raw.notification_method as number | null,
    timeZone: raw.time_zone as string | null,
    verifiedEmail: raw.verified_email === 1,
    verifiedPhone: raw.verified_phone === 1,
    creditScore: raw.credit_score as number,
    telegramChatId: null,
    suspendedAt: raw.suspended_at as string | null,
    suspensionReason: raw.suspension_reason as string | null,
    createdAt: raw.created_at as string,
    updatedAt: raw.updated_at as string,
    deletedAt: null,
  };
}

/**
 * The FTS5 query for what an admin typed in the users table's search box: every word must start a
 * word of the name, email or phone (users_fts, migrations/0017), so «زين» finds «زينب المصرية» and
 * "mona.ad" finds mona.adel@example.com (the email's words are split on . @ - _, a phrase keeps them
 * in order). Each word is quoted as an FTS5 string ("" for a quote inside), so `OR`, `-`, `*`, `:`
 * or `NEAR` are text, never syntax; words with no letter or digit are dropped (null when none is left).
 */
export function ftsPrefixQuery(term: string): string | null {
  const words = term
    .normalize("NFKC")
    .split(/\s+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .map((word) => `"${word.replaceAll('"', '""')}"*`);
  return words.length ? words.join(" ") : null;
}

/** Each sort's ORDER BY (ties broken by id, so pages never repeat or skip a row). */
const userOrder: Record<UserListSort, SQL> = {
  created: sql`u.created_at, u.id`,
  "-created": sql`u.created_at DESC, u.id DESC`,
  name: sql`u.name IS NULL, lower(u.name), u.id`,
  "-name": sql`u.name IS NULL, lower(u.name) DESC, u.id DESC`,
  email: sql`u.email, u.id`,
  "-email": sql`u.email DESC, u.id DESC`,
  role: sql`u.role, u.created_at DESC, u.id DESC`,
  "-role": sql`u.role DESC, u.created_at DESC, u.id DESC`,
};

export async function listUsers(
  db: Db,
  query: Omit<UserListQuery, "sort"> & { sort?: UserListSort },
): Promise<Paged<UserListItem>> {
  const filters: SQL[] = [sql`u.deleted_at IS NULL`];
  if (query.role !== undefined) filters.push(sql`u.role = ${query.role}`);
  const search = (query.search ?? (query.q || undefined))?.trim();
  if (search) {
    // A term of only punctuation (say "%") names no word, so it finds no one.
    const match = ftsPrefixQuery(search);
    filters.push(match ? sql`u.id IN (SELECT rowid FROM users_fts WHERE users_fts MATCH ${match})` : sql`0`);
  }
  if (query.verified !== undefined) filters.push(sql`u.verified_email = ${query.verified ? 1 : 0}`);
  if (query.activated !== undefined)
    filters.push(
      sql`u.role IN (${Role.Tutor}, ${Role.TutorManager}) AND coalesce(t.activated, 0) = ${query.activated ? 1 : 0}`,
    );
  const where = sql.join(filters, sql` AND `);
  const [page, count] = await d1(db).batch([
    statement(
      db,
      sql`SELECT u.id, u.email, u.name, u.role, u.image, u.birth_year, u.gender, u.phone, u.city, u.notification_method,
            u.time_zone, u.verified_email, u.verified_phone, u.credit_score, u.suspended_at, u.suspension_reason,
            u.created_at, u.updated_at, (u.password_hash IS NOT NULL) AS has_password, t.activated AS activated
          FROM users u LEFT JOIN tutors t ON t.id = u.id
          WHERE ${where} ORDER BY ${userOrder[query.sort ?? "-created"]} LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`,
    ),
    statement(
      db,
      sql`SELECT count(*) AS total FROM users u LEFT JOIN tutors t ON t.id = u.id WHERE ${where}`,
    ),
  ]);
  const list = ((page?.results ?? []) as ListRow[]).map((raw) => {
    const tutorSide = raw.role === Role.Tutor || raw.role === Role.TutorManager;
    return { ...toUserView(toRow(raw)), activated: tutorSide ? raw.activated === 1 : null };
  });
  return { list, total: ((count?.results[0] ?? null) as { total: number } | null)?.total ?? 0 };
}

type StudentTotals = {
  found: number;
  lessonsThisMonth: number;
  minutesThisMonth: number;
  attendedLessons: number;
  attendedMinutes: number;
  upcomingLessons: number;
  canceledLessons: number;
};
type NextRow = {
  id: number;
  start: string;
  duration: number;
  otherId: number;
  otherName: string | null;
  otherImage: string | null;
};

/** A student's next lesson and lesson counts (this Cairo month, all time attended, upcoming, cancelled). */
export async function studentStats(
  db: Db,
  studentId: number,
  month: { start: string; end: string },
  now = new Date(),
): Promise<StudentStats> {
  const at = now.toISOString();
  const live = sql`l.canceled_at IS NULL AND l.reported_absent_at IS NULL`;
  const inMonth = sql`l.start >= ${month.start} AND l.start < ${month.end}`;
  const [totals, next] = await d1(db).batch([
    statement(
      db,
      sql`SELECT
            EXISTS (SELECT 1 FROM users WHERE id = ${studentId} AND role = ${Role.Student} AND deleted_at IS NULL) AS found,
            COALESCE(SUM(CASE WHEN ${live} AND ${inMonth} THEN 1 ELSE 0 END), 0) AS lessonsThisMonth,
            COALESCE(SUM(CASE WHEN ${live} AND ${inMonth} THEN l.duration ELSE 0 END), 0) AS minutesThisMonth,
            COALESCE(SUM(CASE WHEN ${fulfilledLesson(at)} THEN 1 ELSE 0 END), 0) AS attendedLessons,
            COALESCE(SUM(CASE WHEN ${fulfilledLesson(at)} THEN l.duration ELSE 0 END), 0) AS attendedMinutes,
            COALESCE(SUM(CASE WHEN l.canceled_at IS NULL AND l."end" > ${at} THEN 1 ELSE 0 END), 0) AS upcomingLessons,
            COALESCE(SUM(CASE WHEN l.canceled_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS canceledLessons
          FROM lesson_members me JOIN lessons l ON l.id = me.lesson_id
          WHERE me.user_id = ${studentId}`,
    ),
    statement(
      db,
      sql`SELECT l.id AS id, l.start AS start, l.duration AS duration, u.id AS otherId, u.name AS otherName, u.image AS otherImage
          FROM lesson_members me
          JOIN lessons l ON l.id = me.lesson_id
          JOIN lesson_members other ON other.lesson_id = l.id AND other.user_id <> me.user_id
          JOIN users u ON u.id = other.user_id
          WHERE me.user_id = ${studentId} AND ${live} AND l."end" > ${at}
          ORDER BY l.start, l.id LIMIT 1`,
    ),
  ]);
  const sums = (totals?.results[0] ?? null) as StudentTotals | null;
  if (!sums?.found) return fail("student-not-found");
  const row = (next?.results[0] ?? null) as NextRow | null;
  return {
    studentId,
    nextLesson: row
      ? {
          id: row.id,
          start: row.start,
          duration: row.duration,
          otherMember: { id: row.otherId, name: row.otherName, image: row.otherImage },
        }
      : null,
    lessonsThisMonth: sums.lessonsThisMonth,
    minutesThisMonth: sums.minutesThisMonth,
    attendedLessons: sums.attendedLessons,
    attendedMinutes: sums.attendedMinutes,
    upcomingLessons: sums.upcomingLessons,
    canceledLessons: sums.canceledLessons,
  };
}
