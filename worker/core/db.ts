import type { SQL } from "drizzle-orm";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import { drizzle } from "drizzle-orm/d1";
import { fillPlaceholders } from "drizzle-orm/sql";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "./context";
import type { Env } from "./env";

/**
 * A drizzle instance for the binding, made per request (the binding object is new each time).
 * Without a schema: the code uses the query builder and raw SQL, never relational queries, and
 * giving the schema makes drizzle walk all its tables on every call (a CPU profile of GET
 * /lesson/list/ under load showed that walk as a large share of the Worker's time).
 */
export function createDb(env: Pick<Env, "DB">): Db {
  return drizzle(env.DB);
}

/**
 * A drizzle instance over a D1 session (the Sessions API) that starts "first-unconstrained": its
 * first read may be answered by the nearest read replica, and every later query of the session sees
 * at least what that one saw; writes still go to the primary. For reads that need nobody's latest
 * write: an anonymous visitor's public pages (worker/app.ts). The session has prepare and batch,
 * all that drizzle and `d1(db)` use here.
 */
export function createReplicaDb(env: Pick<Env, "DB">): Db {
  return drizzle(env.DB.withSession("first-unconstrained") as unknown as D1Database);
}

/** The D1 binding under drizzle (drizzle() keeps it as $client). */
export const d1 = (db: Db): D1Database => (db as Db & { $client: D1Database }).$client;

const dialect = new SQLiteAsyncDialect();

/** A D1 statement from a drizzle `sql` template, for `d1(db).batch([...])` (drizzle cannot batch raw SQL on D1). */
export function statement(db: Db, query: SQL): D1PreparedStatement {
  const built = dialect.sqlToQuery(query);
  return d1(db)
    .prepare(built.sql)
    .bind(...built.params);
}

/** A prebuilt query as its callers may use it: awaited, or an item of `db.batch` (not built on further). */
export type Prebuilt<Q extends RunnableQuery<unknown, "sqlite"> & PromiseLike<unknown>> = RunnableQuery<
  Q["_"]["result"],
  "sqlite"
> &
  PromiseLike<Awaited<Q>>;

/** The part of drizzle's prepared query (internal API, drizzle-orm/sqlite-core/session) used here. */
type PreparedTemplate = {
  query: { sql: string; params: unknown[] };
  stmt: D1PreparedStatement;
  all(): Promise<unknown>;
};

/**
 * A query whose SQL text drizzle builds once per isolate instead of on every request: `build`
 * writes it with `sql.placeholder(name)` for each value, and each call answers the query bound to
 * `values` on this request's binding, usable wherever the built query is (awaited, or in
 * `db.batch`, which takes `_prepare()`'s statement and params). A CPU profile of GET /lesson/list/
 * under load showed drizzle's query building (walking the select's tree into SQL) dominating the
 * Worker's time; the rows are still mapped by drizzle, so the answer's shape is the query's.
 */
export function prebuilt<Q extends RunnableQuery<unknown, "sqlite"> & PromiseLike<unknown>>(
  build: (db: Db) => Q,
): (db: Db, values: Record<string, unknown>) => Prebuilt<Q> {
  let template: PreparedTemplate | undefined;
  return (db, values) => {
    template ??= (build(db) as unknown as { _prepare(): PreparedTemplate })._prepare();
    const bound: PreparedTemplate = Object.create(template);
    bound.stmt = d1(db).prepare(template.query.sql);
    bound.query = { ...template.query, params: fillPlaceholders(template.query.params, values) };
    const query = {
      _prepare: () => bound,
      // It stands in for a drizzle query, which is awaited: so it is a thenable like drizzle's.
      // oxlint-disable-next-line unicorn/no-thenable
      then: (resolve: (value: unknown) => unknown, reject?: (reason: unknown) => unknown) =>
        bound.all().then(resolve, reject),
    };
    return query as unknown as Prebuilt<Q>;
  };
}
