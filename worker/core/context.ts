// The foundation's types that domain code, jobs, routes and the Durable Objects share, with no
// HTTP in them (the request context, AppEnv and AppContext, stays in worker/http/context.ts).
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { users } from "../../schema/db";

/** The query builder over D1 (no relational-query schema: see worker/core/db.ts). */
export type Db = DrizzleD1Database;

/** A users row as stored, its password hash included: only sign-in, a password change and a deletion read that. */
export type StoredUser = typeof users.$inferSelect;

/**
 * A user as the Worker passes it around (the signed-in user of every request, the rows the domain
 * reads): every column but the password hash, and whether one is set (accountColumns,
 * worker/domain/identity/users.ts, reads it so).
 */
export type UserRow = Omit<StoredUser, "passwordHash"> & { hasPassword: boolean };
