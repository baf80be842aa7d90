import { drizzle } from "drizzle-orm/d1";
import * as tables from "../schema/db";
import type { Db } from "./http/context";
import type { Env } from "./env";

export function createDb(env: Pick<Env, "DB">): Db {
  return drizzle(env.DB, { schema: tables });
}
