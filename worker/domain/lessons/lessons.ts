import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  sql,
  type Placeholder,
  type SQL,
  type Subquery,
} from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { auditRawStatement, type AuditActor } from "../staff/audit";
import { currentLevelSql } from "../learning/levels";
import type { LessonListSort, LessonStats, LessonView } from "../../../schema/api/lesson";
import { lessonMembers, lessons, users } from "../../../schema/db";
import { Role, isAdmin, type Gender, type LessonDuration } from "../../../schema/enums";
import type { BusinessSettings } from "../../../schema/pricing";
import { BoundedCache } from "../../core/bounded-cache";
import { d1, prebuilt, statement } from "../../core/db";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import { messagesToSql } from "../../notifications/channels";
import { lessonMessages } from "../../notifications/lesson-messages";
import type { StoredOutboxRow } from "../../notifications/outbox";
import { currentBusinessSettings } from "../staff/platform-settings";
import { settings } from "../../core/settings";
import { lessonChangeableSql, lessonChangeRefusal, lessonState, lessonStateSql } from "../state-rules";
import { tutorsChanged } from "../tutors/tutor-list";
import { likePattern } from "../tutors/topics";
import { accountColumns, type UserRow } from "../identity/users";

export type LessonRow = typeof lessons.$inferSelect;

/** Every lesson column under its LessonRow name, for a raw statement's RETURNING (no read-back round trip). */
export const lessonColumns =
  sql.raw(`id, tutor_id AS tutorId, slot_id AS slotId, start, "end", duration, price, tutor_earning AS tutorEarning,
  subscription_id AS subscriptionId, is_trial AS isTrial, student_id AS studentId, created_by AS createdBy, canceled_by AS canceledBy, canceled_at AS canceledAt,
  reported_absent_at AS reportedAbsentAt, created_at AS createdAt, updated_at AS updatedAt`);

/** A raw statement's lesson row as drizzle reads it (SQLite answers the boolean as 0/1). */
export const toLessonRow = (row: LessonRow): LessonRow => ({ ...row, isTrial: Boolean(row.isTrial) });
type Person = Pick<UserRow, "id" | "name" | "image"> & { gender?: string | null };

/** The lesson's columns a LessonView shows (a list reads only these). */
export type LessonViewRow = Pick<
  LessonRow,
  | "id"
  | "start"
  | "end"
  | "duration"
  | "price"
  | "isTrial"
  | "subscriptionId"
  | "canceledAt"
  | "canceledBy"
  | "createdAt"
>;

export function toLessonView(
  lesson: LessonViewRow,
  tutor: Person,
  student: Person,
  now = new Date(),
): LessonView {
  return {
    id: lesson.id,
    tutor: {
      id: tutor.id,
      name: tutor.name,
      image: tutor.image,
      gender: (tutor.gender ?? null) as Gender | null,
    },
    student: {
      id: student.id,
      name: student.name,
      image: student.image,
      gender: (student.gender ?? null) as Gender | null,
    },
    start: lesson.start,
    end: lesson.end,
    duration: lesson.duration as LessonDuration,
    price: lesson.price,
    state: lessonState(lesson, now),
    isTrial: lesson.isTrial,
    subscriptionId: lesson.subscriptionId,
    canceledAt: lesson.canceledAt,
    canceledBy: lesson.canceledBy,
    createdAt: lesson.createdAt,
  };
}

/**
 * Piasters a student's lesson costs: duration × lesson hourly rate in force at booking (stored on
 * the lesson, so a later change of the rate leaves it); 0 with a tutor manager.
 */
export function lessonPrice(
  duration: number,
  tutorRole: Role,
  rates: Pick<BusinessSettings, "hourlyRate"> = settings.lessons,
): number {
  return tutorRole === Role.TutorManager ? 0 : Math.round((duration * rates.hourlyRate) / 60);
}

/** Piasters a tutor earns when the lesson is fulfilled: duration × tutor hourly rate in force at booking (stored on the lesson). */
export function tutorEarning(
  duration: number,
  rates: Pick<BusinessSettings, "tutorHourlyRate"> = settings.lessons,
): number {
  return Math.round((duration * rates.tutorHourlyRate) / 60);
}

// ---------------------------------------------------------------------------------------------
// Reading

const tutorUser = alias(users, "tutor_user");
const studentUser = alias(users, "student_user");
const studentMember = alias(lessonMembers, "student_member");

/** A member as a LessonView shows it, under names of its own (a db.batch maps its rows by column name). */
function shownPerson(table: typeof tutorUser | typeof studentUser, prefix: string) {
  return {
    id: sql<number>`${table.id}`.as(`${prefix}_id`),
    name: sql<string | null>`${table.name}`.as(`${prefix}_name`),
    image: sql<string | null>`${table.image}`.as(`${prefix}_image`),
    /** For the Arabic verbs and titles about this member (he joined / she joined). */
    gender: sql<string | null>`${table.gender}`.as(`${prefix}_gender`),
  };
}

/** A member's columns under names of their own (a db.batch maps its rows by column name). */
function person(table: typeof tutorUser | typeof studentUser, prefix: string) {
  return {
    ...shownPerson(table, prefix),
    /** The clock this member reads times on (their notifications are written on it). */
    timeZone: sql<string | null>`${table.timeZone}`.as(`${prefix}_time_zone`),
  };
}

/** Lessons joined to both members: one query for a page, one row for a lesson. */
function lessonsWithMembers(db: Db) {
  return db
    .select({
      lesson: lessons,
      tutor: person(tutorUser, "member_tutor"),
      student: person(studentUser, "member_student"),
    })
    .from(lessons)
    .innerJoin(tutorUser, eq(tutorUser.id, lessons.tutorId))
    .innerJoin(
      studentMember,
      and(eq(studentMember.lessonId, lessons.id), eq(studentMember.role, Role.Student)),
    )
    .innerJoin(studentUser, eq(studentUser.id, studentMember.userId));
}

/** One lesson with both members: a statement, so a route can read it with the caller (prefetch). */
const lessonById = prebuilt((db: Db) =>
  lessonsWithMembers(db)
    .where(eq(lessons.id, sql.placeholder("id")))
    .limit(1),
);
export const lessonQuery = (db: Db, id: number) => lessonById(db, { id });

export type LessonWithMembers = Awaited<ReturnType<typeof lessonQuery>>[number];

export async function findLesson(db: Db, id: number): Promise<LessonWithMembers | null> {
  const [row] = await lessonQuery(db, id);
  return row ?? null;
}

/** The lesson a route prefetched (its rows), or undefined when it did not: then it is read. */
export const prefetchedLesson = (
  prefetched: readonly [readonly LessonWithMembers[]] | undefined,
): LessonWithMembers | null | undefined => (prefetched ? (prefetched[0][0] ?? null) : undefined);

/** Staff may read any lesson and list anyone's: admins and tutor managers. */
export const isLessonStaff = (role: Role) => isAdmin(role) || role === Role.TutorManager;

export async function readLesson(
  db: Db,
  id: number,
  caller: UserRow,
  now = new Date(),
  read?: LessonWithMembers | null,
): Promise<LessonView> {
  const row = read === undefined ? await findLesson(db, id) : read;
  if (!row) fail("lesson-not-found");
  const member = row.tutor.id === caller.id || row.student.id === caller.id;
  if (!member && !isLessonStaff(caller.role as Role)) fail("forbidden");
  return toLessonView(row.lesson, row.tutor, row.student, now);
}

/** Lessons the user is a member of (as tutor or student): an IN list, so SQLite starts from the user's memberships. */
const memberOf = (userId: number | Placeholder): SQL =>
  sql`${lessons.id} IN (SELECT m.lesson_id FROM lesson_members m WHERE m.user_id = ${userId})`;

export type LessonListQuery = {
  userId: number | null;
  status?: "ratified" | "canceled";
  when?: "future" | "past" | "now";
  /** Overlapping [after, before). */
  after?: string;
  before?: string;
  /** The admin table's order; without it, newest first (soonest first for future, now and a week). */
  sort?: LessonListSort;
  /** Part of a member's name (tutor or student), any case. */
  q?: string;
  page: number;
  size: number;
};

/** The filters of a list; `at` is now (its ISO text), a placeholder in a prebuilt statement. */
function lessonListWhere(
  query: LessonListQuery,
  at: string | Placeholder,
  values: {
    userId?: number | null | Placeholder;
    after?: string | Placeholder;
    before?: string | Placeholder;
    name?: string | Placeholder;
  } = { ...query, name: query.q && namePattern(query.q) },
) {
  return and(
    query.userId !== null ? memberOf(values.userId!) : undefined,
    query.status === "ratified"
      ? isNull(lessons.canceledAt)
      : query.status === "canceled"
        ? isNotNull(lessons.canceledAt)
        : undefined,
    query.when === "future"
      ? gt(lessons.start, at)
      : query.when === "past"
        ? lte(lessons.end, at)
        : query.when === "now"
          ? and(lte(lessons.start, at), gt(lessons.end, at))
          : undefined,
    query.after !== undefined ? gt(lessons.end, values.after!) : undefined,
    query.before !== undefined ? lt(lessons.start, values.before!) : undefined,
    query.q ? namedMemberOf(values.name!) : undefined,
  );
}

/** A LIKE pattern for part of a name, any case (its % and _ taken literally). */
const namePattern = (text: string) => likePattern(text.toLowerCase());

/** Lessons with a member (tutor or student) whose name holds the pattern. */
const namedMemberOf = (pattern: string | Placeholder): SQL =>
  sql`${lessons.id} IN (SELECT m.lesson_id FROM lesson_members m JOIN users u ON u.id = m.user_id WHERE lower(coalesce(u.name, '')) LIKE ${pattern} ESCAPE '\\')`;

/** A list's shape: which filters it has (their values are the statement's placeholders). */
const listShape = (query: LessonListQuery) =>
  `${query.userId !== null}|${query.status}|${query.when}|${query.after !== undefined}|${query.before !== undefined}|${query.sort}|${query.q !== undefined}`;

/** Each order of the admin lessons table (ties broken by id, so pages never repeat or skip a row). */
const lessonOrder: Record<LessonListSort, SQL[]> = {
  start: [asc(lessons.start), asc(lessons.id)],
  "-start": [desc(lessons.start), desc(lessons.id)],
  duration: [asc(lessons.duration), desc(lessons.start), desc(lessons.id)],
  "-duration": [desc(lessons.duration), desc(lessons.start), desc(lessons.id)],
  price: [asc(lessons.price), desc(lessons.start), desc(lessons.id)],
  "-price": [desc(lessons.price), desc(lessons.start), desc(lessons.id)],
};

/** The page statement of one list shape, built with placeholders (see prebuilt). */
function pageStatement(query: LessonListQuery) {
  const value = (name: string) => sql.placeholder(name);
  const ascending =
    query.when === "future" ||
    query.when === "now" ||
    query.after !== undefined ||
    query.before !== undefined;
  const order = query.sort
    ? lessonOrder[query.sort]
    : [ascending ? asc(lessons.start) : desc(lessons.start), desc(lessons.id)];
  const values = {
    userId: value("userId"),
    after: value("after"),
    before: value("before"),
    name: value("name"),
  };
  return prebuilt((db: Db) => {
    if (query.userId !== null && !query.sort && !query.q) {
      // A member's own lessons in the default order (the usual question: GET /lesson/list/ of a
      // student or a tutor): a lesson's members are its tutor_id and its student_id (migrations/0022),
      // so the page is read off the (tutor, start) and (student, start) indexes in order, at most
      // page × size rows of each, and the total is counted off the same indexes; the members, their
      // names and the student's level are joined to the page's rows only.
      const others = lessonListWhere({ ...query, userId: null }, value("at"), values);
      const side = (column: SQLiteColumn) => {
        const inner = db
          .select({ id: lessons.id, start: lessons.start })
          .from(lessons)
          .where(and(eq(column, value("userId")), others))
          .orderBy(...order)
          .limit(value("upTo"))
          .as(column === lessons.studentId ? "as_student" : "as_tutor");
        return db.select({ id: inner.id, start: inner.start }).from(inner);
      };
      const count = (column: SQLiteColumn) =>
        sql`(SELECT count(*) FROM ${lessons} WHERE ${and(eq(column, value("userId")), others)})`;
      const page = side(lessons.studentId)
        .unionAll(side(lessons.tutorId))
        .orderBy(sql.raw(`"start" ${ascending ? "asc" : "desc"}, "id" desc`))
        .limit(value("limit"))
        .offset(value("offset"))
        .as("list_page");
      return pageWithMembers(
        db,
        page,
        eq(lessons.id, page.id),
        sql<number>`${count(lessons.studentId)} + ${count(lessons.tutorId)}`.as("list_total"),
        order,
      );
    }
    // Any other list (staff's filters, sorts and searches): the page's lesson ids and the total
    // first, off the lessons alone (the window count reads every matching lesson), then the
    // members joined to the page's rows only.
    const page = db
      .select({ id: lessons.id, total: sql<number>`count(*) OVER ()`.as("list_total") })
      .from(lessons)
      .where(lessonListWhere(query, value("at"), values))
      .orderBy(...order)
      .limit(value("limit"))
      .offset(value("offset"))
      .as("list_page");
    return pageWithMembers(db, page, eq(lessons.id, page.id), page.total, order);
  });
}

/** A member as a LessonView shows it, as a JSON object (see listedLessonJson). */
const personJson = (table: typeof tutorUser | typeof studentUser) =>
  sql`json_object('id', ${table.id}, 'name', ${table.name}, 'image', ${table.image}, 'gender', ${table.gender})`;

/**
 * A listed lesson as its LessonView's JSON text, made by SQLite: D1 hands the Worker each row as an
 * object of its own and the Worker copied every cell of it into the view (a CPU profile of GET
 * /lesson/list/ under load showed D1's row objects and that mapping among the Worker's largest own
 * costs), so each row carries one value, which goes into the answer as it is (lessonListJson). The state is
 * lessonStateSql (the SQL twin of lessonState, tests/worker/rule-parity.test.ts), at `at`; the student's
 * level now is the tutor's badge on the list (worker/domain/learning/levels.ts).
 */
const listedLessonJson = (at: Placeholder) =>
  sql<string>`json_object('id', ${lessons.id}, 'tutor', ${personJson(tutorUser)}, 'student', ${personJson(studentUser)},
  'start', ${lessons.start}, 'end', ${lessons.end}, 'duration', ${lessons.duration}, 'price', ${lessons.price},
  'state', ${lessonStateSql("lessons", at)}, 'isTrial', json(CASE WHEN ${lessons.isTrial} THEN 'true' ELSE 'false' END),
  'subscriptionId', ${lessons.subscriptionId}, 'canceledAt', ${lessons.canceledAt}, 'canceledBy', ${lessons.canceledBy},
  'createdAt', ${lessons.createdAt}, 'studentLevel', ${currentLevelSql(sql`${studentUser.id}`)})`.as("item");

/** The page's lessons (by id) with both members and the student's level, in the list's order. */
function pageWithMembers(db: Db, page: Subquery, on: SQL, total: SQL.Aliased<number>, order: SQL[]) {
  return (
    db
      .select({ item: listedLessonJson(sql.placeholder("at")), total })
      .from(page)
      .innerJoin(lessons, on)
      .innerJoin(tutorUser, eq(tutorUser.id, lessons.tutorId))
      // The student member is lessons.student_id (migrations/0022): no lesson_members lookup per row.
      .innerJoin(studentUser, eq(studentUser.id, lessons.studentId))
      .orderBy(...order)
  );
}

/** One prebuilt statement per list shape (a few dozen at most: the filters are enums). */
const pageStatements = new BoundedCache<string, ReturnType<typeof pageStatement>>({ maxSize: 256 });

/**
 * A page of lessons with the total on every row (a window count): ONE statement, which
 * GET /lesson/list/ runs in the batch that reads the caller (worker/http/route.ts prefetch).
 */
export function lessonListStatement(db: Db, query: LessonListQuery, now = new Date()) {
  const shape = listShape(query);
  const page = pageStatements.getOrSet(shape, () => pageStatement(query));
  return page(db, {
    userId: query.userId,
    at: now.toISOString(),
    after: query.after,
    before: query.before,
    name: query.q === undefined ? undefined : namePattern(query.q),
    limit: query.size,
    offset: (query.page - 1) * query.size,
    upTo: query.page * query.size,
  });
}

type LessonPageRow = Awaited<ReturnType<typeof lessonListStatement>>[number];

/**
 * The answer's JSON text, `{"list":[…],"total":n}` (the contract's paged(lessonView)), from the
 * statement's rows. Each row's item is its LessonView as SQLite wrote it, so the items go into the
 * answer as they are, never parsed and written again here (a CPU profile of GET /lesson/list/ under
 * load showed JSON.parse of the items costing about as much as the D1 row objects it replaced;
 * tests/worker/lessons.test.ts checks the items against the contract and GET /lesson/{id}). A page
 * past the end has no row to carry the total, so only then is it counted on its own (one more
 * round trip, off the usual path).
 */
export async function lessonListJson(
  db: Db,
  rows: readonly LessonPageRow[],
  query: LessonListQuery,
  now = new Date(),
): Promise<string> {
  const total =
    rows[0]?.total ??
    (query.page === 1
      ? 0
      : ((
          await db
            .select({ total: sql<number>`count(*)` })
            .from(lessons)
            .where(lessonListWhere(query, now.toISOString()))
        )[0]?.total ?? 0));
  return `{"list":[${rows.map((row) => row.item).join(",")}],"total":${Number(total)}}`;
}

export async function listLessons(db: Db, query: LessonListQuery, now = new Date()) {
  return lessonListJson(db, await lessonListStatement(db, query, now), query, now);
}

export async function lessonStats(db: Db, userId: number, now = new Date()): Promise<LessonStats> {
  const at = now.toISOString();
  const [row] = await db.all<LessonStats>(sql`
    SELECT
      COALESCE(SUM(CASE WHEN l.canceled_at IS NULL AND l.reported_absent_at IS NULL AND l."end" <= ${at} THEN 1 ELSE 0 END), 0) AS attendedLessons,
      COALESCE(SUM(CASE WHEN l.canceled_at IS NULL AND l.reported_absent_at IS NULL AND l."end" <= ${at} THEN l.duration ELSE 0 END), 0) AS attendedMinutes,
      COALESCE(SUM(CASE WHEN l.canceled_at IS NULL AND l.start > ${at} THEN 1 ELSE 0 END), 0) AS upcomingLessons,
      COALESCE(SUM(CASE WHEN l.canceled_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS canceledLessons
    FROM lessons l JOIN lesson_members m ON m.lesson_id = l.id AND m.user_id = ${userId}`);
  return row ?? { attendedLessons: 0, attendedMinutes: 0, upcomingLessons: 0, canceledLessons: 0 };
}

// ---------------------------------------------------------------------------------------------
// Cancelling

/**
 * Cancels a lesson by one of its members (or an admin) until the cancel window (6 hours unless an
 * operator set another in platform settings) before
 * the start: started → lesson-time-passed, inside the window → lesson-cancel-window-passed. One conditional update;
 * the minutes return by themselves, since they are computed from the lessons that are not cancelled.
 */
export async function cancelLesson(
  scope: Pick<Scope, "db" | "now">,
  {
    id,
    caller,
    read,
    auditBy,
  }: {
    id: number;
    caller: UserRow;
    /** The lesson as the route's prefetch read it (null: not found); read here when absent. */
    read?: LessonWithMembers | null;
    /** Who is recorded in the audit log when an admin (not a member) cancels. */
    auditBy?: AuditActor;
  },
) {
  const { db, now } = scope;
  const row = read === undefined ? await findLesson(db, id) : read;
  if (!row) fail("lesson-not-found");
  const member = row.tutor.id === caller.id || row.student.id === caller.id;
  if (!member && !isAdmin(caller.role as Role)) fail("forbidden");
  const business = await currentBusinessSettings(db, now.getTime());
  const refusal = lessonChangeRefusal(row.lesson, now, business);
  if (refusal) fail(refusal);
  const at = now.toISOString();
  // One batch: the conditional update and, only when it cancelled, the other member's (or both
  // members', when an admin cancels) notifications in the outbox, naming the caller.
  const canceled = sql`EXISTS (SELECT 1 FROM lessons WHERE id = ${id} AND canceled_at = ${at} AND canceled_by = ${caller.id})`;
  const text = (by: string | null) => lessonMessages.canceled(row.lesson.start, by);
  const others = [row.tutor, row.student].filter((member) => member.id !== caller.id);
  // An admin's cancellation (not a member's own) is a staff write: its audit row follows the update.
  const audit =
    auditBy && !member
      ? [
          auditRawStatement(
            db,
            auditBy,
            {
              action: "lesson.cancel",
              targetType: "lesson",
              targetId: id,
              before: { start: row.lesson.start },
              after: { canceled: true },
            },
            now,
          ),
        ]
      : [];
  const [updated, ...rest] = await d1(db).batch([
    statement(
      db,
      sql`UPDATE lessons SET canceled_at = ${at}, canceled_by = ${caller.id}, updated_at = ${at}
      WHERE id = ${id} AND ${lessonChangeableSql("lessons", now, business)} RETURNING ${lessonColumns}`,
    ),
    ...audit,
    ...others.map((other) =>
      statement(
        db,
        messagesToSql({
          userId: other.id,
          otherId: caller.id,
          text,
          when: canceled,
          at,
          zone: other.timeZone,
          kind: "booking-changes",
        }),
      ),
    ),
  ]);
  const sent = rest.slice(audit.length);
  const lesson = (updated?.results as LessonRow[] | undefined)?.[0];
  if (!lesson) fail("illegal");
  tutorsChanged(); // the tutor's time is free again: the cached list is stale
  const outbox = sent.flatMap((result) => result.results as StoredOutboxRow[]);
  return { lesson: toLessonRow(lesson), tutor: row.tutor, student: row.student, outbox };
}

export async function usersByIds(db: Db, ids: number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(accountColumns).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((user) => [user.id, user]));
}

// ---------------------------------------------------------------------------------------------
// Raw statements for batches (drizzle's D1 batch cannot take raw `sql` queries; d1 and statement
// themselves are worker/core/db.ts's)

/** Runs one raw statement and answers its rows. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await statement(db, query).all<T>()).results;
}
