// The foundation's types that domain code, jobs, routes and the Durable Objects share, with no
// HTTP in them (the request context, AppEnv and AppContext, stays in worker/http/context.ts).
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { users } from "../../schema/db";

/** The query builder over D1 (no relational-query schema: see worker/core/db.ts). */
export type Db = DrizzleD1Database;

/** A users row as stored. */
export type UserRow = typeof users.$inferSelect;
