import { sql, type SQL } from "drizzle-orm";
import type { AuditAction, AuditEntryView, AuditListQuery } from "../../../schema/api/audit";
import type { CappedPaged } from "../../../schema/api/common";
import { auditLog } from "../../../schema/db";
import { COUNT_LIMIT, cappedCountSql, cappedTotal } from "../../core/capped-count";
import { d1, statement } from "../../core/db";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../core/context";

/** Who made a change: the signed-in staff member and the request (for the log's request id). */
export type AuditActor = { userId: number | null; requestId: string | null };

export type AuditEntry = {
  action: AuditAction;
  targetType: string;
  /**
   * The changed row's id. For a row the same batch has just inserted, pass `insertedRowId`
   * (SQLite's last_insert_rowid(), read inside the batch right after the insert).
   */
  targetId: string | number | SQL | null;
  /** Summaries of the changed fields (never a password, hash, token or card number). */
  before?: unknown;
  after?: unknown;
};

/** The id of the row the previous statement of the same batch inserted. */
export const insertedRowId = sql`last_insert_rowid()`;

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * The audit row for a staff write, as a statement for the SAME `db.batch` as the change, so the
 * change and its record land together or not at all. With `onlyIfChanged` (the default) the row
 * is written only when the statement right before it in the batch changed a row (SQLite's
 * changes()), so a conditional update that matched nothing leaves no trail.
 */
export function auditStatement(
  db: Db,
  actor: AuditActor,
  entry: AuditEntry,
  now: Date,
  onlyIfChanged = true,
) {
  const targetId =
    entry.targetId === null
      ? null
      : typeof entry.targetId === "object"
        ? sql`CAST(${entry.targetId} AS TEXT)`
        : String(entry.targetId);
  // NULL: the id column, numbered by SQLite (drizzle's insert-select names every column).
  const select = sql`SELECT NULL, ${actor.userId}, ${entry.action}, ${entry.targetType}, ${targetId}, ${json(entry.before)}, ${json(entry.after)}, ${actor.requestId}, ${now.toISOString()}`;
  return db.insert(auditLog).select(onlyIfChanged ? sql`${select} WHERE changes() > 0` : select);
}

/** The same audit row as a raw D1 statement, for batches of raw statements (`d1(db).batch`). */
export function auditRawStatement(
  db: Db,
  actor: AuditActor,
  entry: AuditEntry,
  now: Date,
  onlyIfChanged = true,
): D1PreparedStatement {
  const targetId =
    entry.targetId === null
      ? null
      : typeof entry.targetId === "object"
        ? sql`CAST(${entry.targetId} AS TEXT)`
        : String(entry.targetId);
  return statement(
    db,
    sql`INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after, request_id, created_at)
        SELECT ${actor.userId}, ${entry.action}, ${entry.targetType}, ${targetId}, ${json(entry.before)}, ${json(entry.after)}, ${actor.requestId}, ${now.toISOString()}
        ${onlyIfChanged ? sql`WHERE changes() > 0` : sql``}`,
  );
}

/**
 * Runs a staff write and its audit row in one batch and answers the write's result (the write
 * alone when there is no actor, e.g. a job or a test calling the domain directly).
 */
export async function withAudit<T>(
  db: Db,
  change: BatchItem<"sqlite"> & PromiseLike<T>,
  actor: AuditActor | undefined,
  entry: AuditEntry,
  now = new Date(),
): Promise<T> {
  if (!actor) return await change;
  const [result] = await db.batch([change, auditStatement(db, actor, entry, now)]);
  return result as T;
}

/** The actor of a route handler's request. */
export const auditActorOf = (c: { get(key: "requestId"): string }, userId: number | null): AuditActor => ({
  userId,
  requestId: c.get("requestId"),
});

type AuditRow = {
  id: number;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: string | null;
  after: string | null;
  request_id: string | null;
  created_at: string;
};

const parsed = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * GET /admin/audit: the log newest first, with the actor's name, filtered and paged, and the total
 * counted up to the cap (worker/core/capped-count.ts), in one round trip.
 */
export async function listAudit(db: Db, query: AuditListQuery): Promise<CappedPaged<AuditEntryView>> {
  const filters: SQL[] = [sql`1 = 1`];
  if (query.action) filters.push(sql`a.action = ${query.action}`);
  if (query.actorId !== undefined) filters.push(sql`a.actor_id = ${query.actorId}`);
  if (query.targetType) filters.push(sql`a.target_type = ${query.targetType}`);
  if (query.targetId) filters.push(sql`a.target_id = ${query.targetId}`);
  if (query.from) filters.push(sql`a.created_at >= ${new Date(query.from).toISOString()}`);
  if (query.to) filters.push(sql`a.created_at < ${new Date(query.to).toISOString()}`);
  const where = sql.join(filters, sql` AND `);
  const offset = (query.page - 1) * query.size;
  const [page, count] = await d1(db).batch([
    statement(
      db,
      sql`SELECT a.*, u.name AS actor_name, u.email AS actor_email FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
          WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT ${query.size} OFFSET ${offset}`,
    ),
    statement(db, cappedCountSql(sql`FROM audit_log a WHERE ${where}`, COUNT_LIMIT)),
  ]);
  const list = ((page?.results ?? []) as AuditRow[]).map((row): AuditEntryView => ({
    id: row.id,
    actor:
      row.actor_id === null
        ? null
        : { id: row.actor_id, name: row.actor_name ?? "", email: row.actor_email ?? "" },
    action: row.action as AuditAction,
    targetType: row.target_type,
    targetId: row.target_id,
    before: parsed(row.before),
    after: parsed(row.after),
    requestId: row.request_id,
    createdAt: row.created_at,
  }));
  return { list, ...cappedTotal((count?.results[0] as { total: number } | undefined)?.total) };
}
