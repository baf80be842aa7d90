// The staff list of personal data requests (docs/rules.md, "Your data: deletion"): deletion
// requests with their erasures, and the exports made (their states and dates, never the file).
// Each page is one batch: the rows with their person, and the count.
import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { accountDeletions, dataExports, users } from "../../../schema/db";
import type { Paged } from "../../../schema/api/common";
import type {
  AccountDeletionState,
  DataExportStaffView,
  DataRequestsQuery,
  DeletionRequestStaffView,
  DeletionRequestsQuery,
} from "../../../schema/api/data-requests";
import type { Scope } from "../../core/scope";
import { likePattern } from "../tutors/topics";
import { emailHash } from "./erasure";
import { exportView } from "./export";

// Only columns whose names differ from the request's: D1's batch answers rows as arrays, and
// drizzle maps two columns of one name (both tables' id) to the same field.
const person = { name: users.name, email: users.email };

/**
 * `q` as a filter on the person: digits are their id; anything else a part of their email (any
 * case). An erased person's email is gone, so a whole address also finds their deletion request
 * by its keyed hash (`email_hash`, kept by the erasure).
 */
async function personFilter(
  scope: Scope,
  q: string | undefined,
  withHash: boolean,
): Promise<SQL | undefined> {
  if (!q) return undefined;
  if (/^\d+$/.test(q)) return eq(users.id, Number(q));
  const email = sql`lower(${users.email}) LIKE ${likePattern(q.toLowerCase())} ESCAPE '\\'`;
  if (!withHash || !q.includes("@")) return email;
  return or(email, eq(accountDeletions.emailHash, await emailHash(scope.config.TOKEN_SECRET, q)));
}

/** GET /data-requests/deletions: newest first; ?state (erased: the erasures done), ?q. */
export async function listDeletionRequests(
  scope: Scope,
  query: DeletionRequestsQuery,
): Promise<Paged<DeletionRequestStaffView>> {
  const { db } = scope;
  const where = and(
    query.state ? eq(accountDeletions.state, query.state) : undefined,
    await personFilter(scope, query.q, true),
  );
  const [rows, [counted]] = await db.batch([
    db
      .select({ request: accountDeletions, ...person })
      .from(accountDeletions)
      .innerJoin(users, eq(users.id, accountDeletions.userId))
      .where(where)
      .orderBy(desc(accountDeletions.requestedAt), desc(accountDeletions.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ total: count() })
      .from(accountDeletions)
      .innerJoin(users, eq(users.id, accountDeletions.userId))
      .where(where),
  ]);
  return {
    list: rows.map(({ request, name, email }) => ({
      id: request.id,
      user: { id: request.userId, name, email },
      requestedBy: request.requestedBy === null || request.requestedBy === request.userId ? "self" : "staff",
      requestedAt: request.requestedAt,
      dueAt: request.dueAt,
      state: request.state as AccountDeletionState,
      canceledAt: request.canceledAt,
      erasedAt: request.erasedAt,
    })),
    total: counted?.total ?? 0,
  };
}

/** GET /data-requests/exports: newest first; ?q. The state as its owner sees it (a lost build is failed). */
export async function listDataExports(
  scope: Scope,
  query: DataRequestsQuery,
): Promise<Paged<DataExportStaffView>> {
  const { db, now } = scope;
  const where = await personFilter(scope, query.q, false);
  const [rows, [counted]] = await db.batch([
    db
      .select({ row: dataExports, ...person })
      .from(dataExports)
      .innerJoin(users, eq(users.id, dataExports.userId))
      .where(where)
      .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ total: count() })
      .from(dataExports)
      .innerJoin(users, eq(users.id, dataExports.userId))
      .where(where),
  ]);
  return {
    list: rows.map(({ row, name, email }) => {
      const view = exportView(row, now);
      return {
        id: row.id,
        user: { id: row.userId, name, email },
        state: view.state,
        createdAt: row.createdAt,
        readyAt: row.readyAt,
        expiresAt: row.expiresAt,
      };
    }),
    total: counted?.total ?? 0,
  };
}
