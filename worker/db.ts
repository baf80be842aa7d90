import { drizzle } from "drizzle-orm/d1";
import type { Db } from "./http/context";
import type { Env } from "./env";

/**
 * A drizzle instance for the binding, made per request (the binding object is new each time).
 * Without a schema: the code uses the query builder and raw SQL, never relational queries, and
 * giving the schema makes drizzle walk all its tables on every call (a CPU profile of GET
 * /lesson/list/ under load showed that at 15 % of the Worker's time).
 */
export function createDb(env: Pick<Env, "DB">): Db {
  return drizzle(env.DB);
}
