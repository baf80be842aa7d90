// A student's CEFR level (docs/rules.md, "Learning after the lesson"): set by a tutor who taught the
// student a lesson that has ended (not cancelled, tutor not reported absent), with a one-line
// reason. The history is kept (rows are only inserted); the newest row is the level.
import { sql, type SQL } from "drizzle-orm";
import type { LevelHistory, LevelView, SetLevelBody } from "../../../schema/api/level";
import { Role, isAdmin } from "../../../schema/enums";
import type { CefrLevel } from "../../../schema/learning";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Db, UserRow } from "../../core/context";
import { d1 } from "../../core/db";
import { fail } from "../../core/failure";

const dialect = new SQLiteAsyncDialect();

/**
 * A raw SELECT (or INSERT ... RETURNING) usable as an item of `db.batch` and awaited on its own:
 * drizzle's `db.all(sql)` cannot go in a D1 batch once it has parameters (its prepared statement is
 * missing there), so this gives the batch the bound statement and reads its rows back.
 */
export function rawRows<T>(db: Db, query: SQL): RunnableQuery<T[], "sqlite"> & PromiseLike<T[]> {
  const built = dialect.sqlToQuery(query);
  const stmt = d1(db).prepare(built.sql);
  const prepared = {
    stmt,
    getQuery: () => built,
    mapResult: (result: unknown) => (result as D1Result<T>).results,
  };
  const rows = () =>
    stmt
      .bind(...built.params)
      .all<T>()
      .then((result) => result.results);
  return {
    _prepare: () => prepared,
    // A stand-in for a drizzle query, which is awaited: so it is a thenable like drizzle's.
    // oxlint-disable-next-line unicorn/no-thenable
    then: (resolve: (value: T[]) => unknown, reject?: (reason: unknown) => unknown) =>
      rows().then(resolve, reject),
  } as unknown as RunnableQuery<T[], "sqlite"> & PromiseLike<T[]>;
}

/** A lesson that counts as taught and learned: ended by `at`, not cancelled, its tutor not reported absent. */
export function lessonDoneSql(alias: string, at: string): SQL {
  const l = sql.raw(alias);
  return sql`${l}."end" <= ${at} AND ${l}.canceled_at IS NULL AND ${l}.reported_absent_at IS NULL`;
}

export type LevelRow = {
  id: number;
  studentId: number;
  level: string;
  reason: string;
  lessonId: number | null;
  tutorId: number;
  tutorName: string | null;
  createdAt: string;
};

const levelColumns = sql.raw(`sl.id AS id, sl.student_id AS studentId, sl.level AS level, sl.reason AS reason,
  sl.lesson_id AS lessonId, sl.tutor_id AS tutorId, tu.name AS tutorName, sl.created_at AS createdAt`);

export const toLevelView = (row: LevelRow): LevelView => ({
  id: row.id,
  studentId: row.studentId,
  level: row.level as CefrLevel,
  reason: row.reason,
  lessonId: row.lessonId,
  tutor: { id: row.tutorId, name: row.tutorName },
  createdAt: row.createdAt,
});

/** The level now: the newest row's (a correlated subquery over the student id expression). */
export const currentLevelSql = (studentId: SQL | number): SQL =>
  sql`(SELECT cl.level FROM student_levels cl WHERE cl.student_id = ${studentId} ORDER BY cl.created_at DESC, cl.id DESC LIMIT 1)`;

/** The newest `limit` level rows of a student (with the tutor's name), from `offset`. */
export const levelPageQuery = (db: Db, studentId: number, limit: number, offset: number) =>
  rawRows<LevelRow>(
    db,
    sql`SELECT ${levelColumns} FROM student_levels sl JOIN users tu ON tu.id = sl.tutor_id
    WHERE sl.student_id = ${studentId} ORDER BY sl.created_at DESC, sl.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );

/**
 * Sets the level: one conditional INSERT (the student exists, and the tutor taught them a lesson
 * that is done, that lesson when named), with the refusal's facts read in the same batch.
 */
export async function setStudentLevel(
  db: Db,
  input: { tutor: UserRow; studentId: number; body: SetLevelBody; now: Date },
): Promise<LevelView> {
  const { tutor, studentId, body, now } = input;
  const at = now.toISOString();
  const lessonId = body.lessonId ?? null;
  const taught = (
    withLesson: boolean,
  ) => sql`EXISTS (SELECT 1 FROM lesson_members m JOIN lessons l ON l.id = m.lesson_id
      WHERE m.user_id = ${studentId} AND m.role = ${Role.Student} AND l.tutor_id = ${tutor.id} AND ${lessonDoneSql("l", at)}
      ${withLesson && lessonId !== null ? sql`AND l.id = ${lessonId}` : sql``})`;
  const student = sql`EXISTS (SELECT 1 FROM users s WHERE s.id = ${studentId} AND s.role = ${Role.Student} AND s.deleted_at IS NULL)`;
  const [inserted, facts] = await db.batch([
    rawRows<{ id: number }>(
      db,
      sql`INSERT INTO student_levels (student_id, tutor_id, lesson_id, level, reason, created_at)
      SELECT ${studentId}, ${tutor.id}, ${lessonId}, ${body.level}, ${body.reason}, ${at}
      WHERE ${student} AND ${taught(true)}
      RETURNING id`,
    ),
    rawRows<{ student: number; taught: number }>(
      db,
      sql`SELECT ${student} AS student, ${taught(false)} AS taught`,
    ),
  ]);
  const id = inserted[0]?.id;
  if (id === undefined) {
    const fact = facts[0];
    if (!fact?.student) fail("student-not-found");
    if (!fact.taught) fail("level-not-allowed");
    fail("lesson-not-found");
  }
  return {
    id,
    studentId,
    level: body.level,
    reason: body.reason,
    lessonId,
    tutor: { id: tutor.id, name: tutor.name },
    createdAt: at,
  };
}

/**
 * Who may read a student's levels, and the count and level now: read with the caller (route
 * prefetch) so the history is one round trip. `caller` is the token's user id.
 */
export const levelFactsQuery = (db: Db, studentId: number, caller: number) =>
  rawRows<{ student: number; taught: number; total: number; current: string | null }>(
    db,
    sql`SELECT
    EXISTS (SELECT 1 FROM users s WHERE s.id = ${studentId} AND s.role = ${Role.Student}) AS student,
    EXISTS (SELECT 1 FROM lesson_members m JOIN lessons l ON l.id = m.lesson_id
      WHERE m.user_id = ${studentId} AND m.role = ${Role.Student} AND l.tutor_id = ${caller}) AS taught,
    (SELECT count(*) FROM student_levels c WHERE c.student_id = ${studentId}) AS total,
    ${currentLevelSql(studentId)} AS current`,
  );

type LevelFacts = Awaited<ReturnType<typeof levelFactsQuery>>;
type LevelPage = Awaited<ReturnType<typeof levelPageQuery>>;

/**
 * A student's level history, newest first, paged: the student, a tutor who has a lesson with them
 * (any state), or an admin; anyone else is forbidden.
 */
export async function readLevelHistory(
  db: Db,
  input: { caller: UserRow; studentId: number; page: number; size: number },
  read?: readonly [LevelFacts, LevelPage],
): Promise<LevelHistory> {
  const { caller, studentId, page, size } = input;
  const [facts, rows] =
    read ??
    (await db.batch([
      levelFactsQuery(db, studentId, caller.id),
      levelPageQuery(db, studentId, size, (page - 1) * size),
    ]));
  const fact = facts[0];
  const staff = isAdmin(caller.role as Role);
  if (caller.id !== studentId && !staff && !fact?.taught) fail("forbidden");
  if (!fact?.student) fail("student-not-found");
  return {
    list: rows.map(toLevelView),
    total: fact.total,
    current: (fact.current as CefrLevel | null) ?? null,
  };
}
