import { Column, Param, Placeholder, SQL, Subquery, getTableName, is, sql } from "drizzle-orm";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import { drizzle } from "drizzle-orm/d1";
import { fillPlaceholders } from "drizzle-orm/sql";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { BoundedCache } from "./bounded-cache";
import type { Db } from "./context";
import type { Env } from "./env";

/**
 * A drizzle instance for the binding, made per request (the binding object is new each time).
 * Without a schema: the code uses the query builder and raw SQL, never relational queries, and
 * giving the schema makes drizzle walk all its tables on every call (a CPU profile of GET
 * /lesson/list/ under load showed that walk as a large share of the Worker's time).
 */
export function createDb(env: Pick<Env, "DB">): Db {
  return drizzle(compiledOnce(env.DB));
}

/** A parameter (`?`, `?N`) outside quoted text and comments, or the quoted text or comment to keep. */
const PARAMETER = /'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|--[^\n]*|\/\*[\s\S]*?\*\/|\?\d*/g;

/**
 * The rewritten texts, by text: a hot path sends the same texts on every request (a booking's
 * batch is 14 KB of SQL), so each is rewritten once per isolate, not scanned on every prepare.
 */
const stableTexts = new BoundedCache<string, string>({ maxSize: 256 });

/**
 * A statement's text with every parameter written `+?`. SQLite (3.54 in the workerd that runs
 * D1 locally) reads the value bound to a bare `?` while it plans a join, an ORDER BY with a LIMIT
 * or a LIMIT, and then compiles the statement afresh each time a value is bound again, that is on
 * every run: under load a booking compiled six of its statements on every request, a fifth of the
 * busy thread's time (docs/capacity.md, "A statement compiled on every run"). A unary plus leaves
 * the value as it is (a bound value has no affinity or collation to lose) and SQLite does not look
 * into it, so the statement compiles once and is served from D1's statement cache after that. The
 * same holds for a partial index: a bound value can no longer prove one usable, so the constants
 * such an index names are written into the text (constantSql).
 */
export const stablePlanSql = (text: string): string =>
  stableTexts.getOrSet(text, () =>
    text.replace(PARAMETER, (token) => (token[0] === "?" ? `+${token}` : token)),
  );

/** Whether a statement's text has a parameter not written `+?`, outside quoted text and comments. */
export const hasBareParameter = (text: string): boolean =>
  [...text.matchAll(PARAMETER)].some((match) => match[0][0] === "?" && text[match.index - 1] !== "+");

/** The binding (or a session of it) with every statement's parameters written `+?` (stablePlanSql). */
function compiledOnce<B extends Pick<D1Database, "prepare">>(binding: B): B {
  return new Proxy(binding, {
    get(target, property) {
      if (property === "prepare") return (text: string) => target.prepare(stablePlanSql(text));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A drizzle instance over a D1 session (the Sessions API) that starts "first-unconstrained": its
 * first read may be answered by the nearest read replica, and every later query of the session sees
 * at least what that one saw; writes still go to the primary. For reads that need nobody's latest
 * write: an anonymous visitor's public pages (worker/app.ts). The session has prepare and batch,
 * all that drizzle and `d1(db)` use here.
 */
export function createReplicaDb(env: Pick<Env, "DB">): Db {
  return drizzle(compiledOnce(env.DB.withSession("first-unconstrained")) as unknown as D1Database);
}

/** D1's bookmark text (`00000000-0000001c-00000000-` and 32 hex digits); anything else is ignored. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/**
 * A signed-in request's D1 session (the Sessions API): it starts from the bookmark the SPA sent back
 * (`x-d1-bookmark`, the one its last answer carried), so a replica serves it only once it holds
 * everything that person's earlier requests wrote or read; without a valid bookmark the first query
 * goes to the primary. `bookmark()` is the session's latest, for the answer's header.
 */
export function createBookmarkedDb(
  env: Pick<Env, "DB">,
  sent: string | undefined,
): { db: Db; bookmark: () => string | null } {
  const session = env.DB.withSession(sent !== undefined && BOOKMARK.test(sent) ? sent : "first-primary");
  return {
    db: drizzle(compiledOnce(session) as unknown as D1Database),
    bookmark: () => session.getBookmark(),
  };
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

/**
 * A constant of the code (an enum's value, never input) written into the statement's text rather
 * than bound. Where a partial index's WHERE names a constant (`status = 1`, `status = 'active'`),
 * only a constant in the text proves the index usable: a value bound as `+?` (stablePlanSql) does
 * not, and one bound as a bare `?` does only by SQLite reading it, after which the statement is
 * compiled again on every run (docs/capacity.md, "A statement compiled on every run").
 */
export function constantSql(value: number | string): SQL {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`constantSql: ${value} is not an integer`);
    return sql.raw(String(value));
  }
  if (!/^[a-z0-9_-]*$/i.test(value))
    throw new Error(`constantSql: ${JSON.stringify(value)} is not a plain word`);
  return sql.raw(`'${value}'`);
}

/**
 * A statement built once (buildTemplate): its text with numbered parameters (`?N`) and, per
 * number, the placeholder (sql.placeholder) whose value fills it or the constant it stands for.
 */
export type SqlTemplate = {
  sql: string;
  slots: Array<{ name: string; encode?: (value: unknown) => unknown } | { value: unknown }>;
};

/** The key that makes two parameters one slot: a placeholder by its name, a plain constant by its value. */
function slotKey(param: unknown, slot: SqlTemplate["slots"][number], index: number): string {
  if ("name" in slot) return `name:${slot.name}`;
  const kind = param === null ? "null" : typeof param;
  return kind === "string" || kind === "number" || kind === "bigint" || kind === "boolean" || kind === "null"
    ? `${kind}:${String(param)}`
    : `other:${index}`;
}

/**
 * Builds a drizzle `sql` template into its text once (the caller keeps it per isolate): large
 * statements cost more to build than to run, so a hot path builds them once and binds per request.
 * Every distinct value is bound once: each `?` is numbered after its value, so a value the
 * statement reads in several places (the booking's day table and times, a list's filters) is sent
 * to D1 once. The booking's two large statements went from 57 values each (D1 takes at most 100 a
 * statement) to 24 and 22, and its batch from 17 KB to 14.5 KB.
 */
export function buildTemplate(query: SQL): SqlTemplate {
  const built = dialect.sqlToQuery(query);
  const slots: SqlTemplate["slots"] = [];
  const numbers = new Map<string, number>();
  const numberOf = (param: unknown, index: number): number => {
    let slot: SqlTemplate["slots"][number];
    if (is(param, Placeholder)) slot = { name: param.name };
    else if (is(param, Param) && is(param.value, Placeholder)) {
      const { encoder } = param;
      slot = { name: param.value.name, encode: (value) => encoder.mapToDriverValue(value) };
    } else slot = { value: param };
    const key = slotKey(param, slot, index);
    let number = numbers.get(key);
    if (number === undefined) {
      slots.push(slot);
      number = slots.length;
      numbers.set(key, number);
    }
    return number;
  };
  // Every `?` outside quoted text is a parameter, in the order of the params.
  let index = 0;
  const text = built.sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (token) => {
    if (token !== "?") return token;
    const number = numberOf(built.params[index], index);
    index++;
    return `?${number}`;
  });
  if (index !== built.params.length) throw new Error("buildTemplate: parameters and ? do not match");
  return { sql: text, slots };
}

/** A D1 statement from a built template, its placeholders filled from `values` (for `d1(db).batch`). */
export function boundTemplate(
  db: Db,
  template: SqlTemplate,
  values: Record<string, unknown>,
): D1PreparedStatement {
  return d1(db)
    .prepare(template.sql)
    .bind(
      ...template.slots.map((slot) => {
        if (!("name" in slot)) return slot.value;
        if (!(slot.name in values)) throw new Error(`No value for placeholder "${slot.name}"`);
        return slot.encode ? slot.encode(values[slot.name]) : values[slot.name];
      }),
    );
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
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  mapAllResult(rows: unknown, isFromBatch?: boolean): unknown;
};

type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** A `sql` template's decoder (internal in drizzle's types: `sql<T>` maps with none, `.mapWith` sets one). */
const decoderOf = (query: unknown): Decoder => (query as { decoder: Decoder }).decoder;

/**
 * drizzle's row mapping (mapResultRow, drizzle-orm/utils) with its per-column work done once per
 * template: which decoder each column has and where it goes. drizzle finds both again for every
 * column of every row (`is()` walks the class chain); a CPU profile of GET /lesson/list/ under load
 * showed that mapping as the Worker's largest own cost. Same answer: a null stays null, every other
 * value goes through its column's decoder. Left to drizzle when a left join could turn a nested
 * table's object into null (its joinsNotNullableMap rule), or the query maps its rows itself.
 */
function mapRowsOnce(template: PreparedTemplate): void {
  const { fields, customResultMapper, joinsNotNullableMap: notNullable } = template;
  if (!fields || customResultMapper) return;
  const nullable = fields.some(
    ({ path, field }) =>
      notNullable &&
      path.length === 2 &&
      is(field, Column) &&
      notNullable[getTableName(field.table)] !== true,
  );
  if (nullable) return;
  const columns = fields.map(({ path, field }) => ({
    path,
    last: path.length - 1,
    decoder: is(field, Column)
      ? field
      : decoderOf(is(field, SQL) ? field : is(field, Subquery) ? field._.sql : (field as SQL.Aliased).sql),
  }));
  const mapRow = (row: readonly unknown[]) => {
    const result: Record<string, unknown> = {};
    for (let index = 0; index < columns.length; index++) {
      const { path, last, decoder } = columns[index]!;
      let node = result;
      for (let depth = 0; depth < last; depth++)
        node = (node[path[depth]!] ??= {}) as Record<string, unknown>;
      const raw = row[index];
      node[path[last]!] = raw === null ? null : decoder.mapFromDriverValue(raw);
    }
    return result;
  };
  // From a batch, D1 answers objects in the select's column order (drizzle's d1ToRawMapping reads them so).
  template.mapAllResult = (rows, isFromBatch) =>
    isFromBatch
      ? (rows as D1Result<Record<string, unknown>>).results.map((row) => mapRow(Object.values(row)))
      : (rows as unknown[][]).map(mapRow);
}

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
    if (!template) {
      template = (build(db) as unknown as { _prepare(): PreparedTemplate })._prepare();
      mapRowsOnce(template);
    }
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

/** The dev-only request header that asks for the D1 rows read (`npm run bench`, docs/benchmarks.md). */
export const ROWS_READ_REQUEST = { name: "x-dars-bench", value: "rows" } as const;
/** The answer's header: the sum of `meta.rows_read` over the request's D1 calls before the answer. */
export const ROWS_READ_HEADER = "x-d1-rows-read";

/** A statement that reads only: its rows_read can be measured by running it again through all(). */
const READ_ONLY = /^\s*(select|with)\b(?![\s\S]*\b(insert|update|delete|replace)\b)/i;
const INNER = Symbol("d1 statement");

/**
 * Local only (the caller checks config.isLocal): when the request carries `x-dars-bench: rows`, an
 * env whose D1 binding adds up `meta.rows_read` over the request's calls (npm run bench,
 * docs/benchmarks.md). Through the binding's public API, since its internals differ between
 * runtimes: all, run and batch carry meta; first runs as all (what D1's first does, keeping the
 * first row); raw carries none, so a read-only raw also runs as all for its meta (the same rows
 * read again, in parallel), and a write runs as a batch of one (drizzle reads RETURNING rows that
 * way; a write names each column once). Other requests get null and pay one header read.
 */
export function countRowsRead<E extends Pick<Env, "DB">>(
  request: Request,
  env: E,
): { env: E; rowsRead: () => number } | null {
  if (request.headers.get(ROWS_READ_REQUEST.name) !== ROWS_READ_REQUEST.value) return null;
  const db = env.DB;
  let total = 0;
  const add = (answers: D1Result | D1Result[]) => {
    for (const answer of Array.isArray(answers) ? answers : [answers]) total += answer.meta?.rows_read ?? 0;
  };
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const counted = {
      [INNER]: statement,
      bind: (...values: unknown[]) => wrap(statement.bind(...values), sql),
      all: async () => {
        const answer = await statement.all();
        add(answer);
        return answer;
      },
      run: async () => {
        const answer = await statement.run();
        add(answer);
        return answer;
      },
      first: async (column?: string) => {
        const answer = await statement.all<Record<string, unknown>>();
        add(answer);
        const row = answer.results[0] ?? null;
        return column === undefined || row === null ? row : (row[column] ?? null);
      },
      raw: async (options?: { columnNames?: boolean }) => {
        if (READ_ONLY.test(sql)) {
          const [rows, answer] = await Promise.all([
            options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw(),
            statement.all(),
          ]);
          add(answer);
          return rows;
        }
        const [answer] = await db.batch<Record<string, unknown>>([statement]);
        add(answer!);
        const rows = answer!.results.map((row) => Object.values(row));
        return options?.columnNames ? [Object.keys(answer!.results[0] ?? {}), ...rows] : rows;
      },
    };
    return counted as unknown as D1PreparedStatement;
  };
  const unwrap = (statement: D1PreparedStatement) =>
    (statement as D1PreparedStatement & { [INNER]?: D1PreparedStatement })[INNER] ?? statement;
  const binding = {
    prepare: (sql: string) => wrap(db.prepare(sql), sql),
    batch: async (statements: D1PreparedStatement[]) => {
      const answers = await db.batch(statements.map(unwrap));
      add(answers);
      return answers;
    },
    exec: (sql: string) => db.exec(sql),
    withSession: (constraint?: string) => db.withSession(constraint as D1SessionConstraint),
    dump: () => (db as unknown as { dump(): Promise<ArrayBuffer> }).dump(),
  };
  return { env: { ...env, DB: binding as unknown as D1Database }, rowsRead: () => total };
}
