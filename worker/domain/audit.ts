import { sql, type SQL } from "drizzle-orm";
import type { AuditAction } from "../../schema/api/audit";
import { auditLog } from "../../schema/db";
import type { Db } from "../http/context";

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
export function auditStatement(db: Db, actor: AuditActor, entry: AuditEntry, now: Date, onlyIfChanged = true) {
  const targetId = entry.targetId === null ? null : typeof entry.targetId === "object" ? sql`CAST(${entry.targetId} AS TEXT)` : String(entry.targetId);
  // NULL: the id column, numbered by SQLite (drizzle's insert-select names every column).
  const select = sql`SELECT NULL, ${actor.userId}, ${entry.action}, ${entry.targetType}, ${targetId}, ${json(entry.before)}, ${json(entry.after)}, ${actor.requestId}, ${now.toISOString()}`;
  return db.insert(auditLog).select(onlyIfChanged ? sql`${select} WHERE changes() > 0` : select);
}

/** The actor of a route handler's request. */
export const auditActorOf = (c: { get(key: "requestId"): string }, userId: number | null): AuditActor => ({ userId, requestId: c.get("requestId") });
