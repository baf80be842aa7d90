import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { Context } from "hono";
import type * as tables from "../../schema/db";
import type { Config, Env } from "../env";
import type { Services } from "../integrations";
import type { Logger } from "./logger";
import type { UserRow } from "../domain/users";

export type Db = DrizzleD1Database<typeof tables>;

/** What every request carries, set once by the app's middleware (worker/app.ts). */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    config: Config;
    db: Db;
    services: Services;
    logger: Logger;
    /** The signed-in user, or null (no token, or a token that failed verification). */
    user: UserRow | null;
    /** Why a presented token was refused, so protected routes answer 401 with the right code. */
    tokenRejected: boolean;
  };
};

export type AppContext = Context<AppEnv>;
