import type { Context } from "hono";
import type { Config, Env } from "../core/env";
import type { Services } from "../integrations";
import type { Db, UserRow } from "../core/context";
import type { Logger } from "../core/logger";
import type { SharedVersions } from "../core/shared-versions";

/** What every request carries, set once by the app's middleware (worker/app.ts). */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** The request's clock, read once (a prefetched answer and its handler agree on "now"). */
    now: Date;
    config: Config;
    db: Db;
    services: Services;
    logger: Logger;
    /** The user id of a bearer token whose signature and expiry checked out, else null. */
    tokenUserId: number | null;
    /** The signed-in session the token names (`sid`), with tokenUserId; the route checks it is still open. */
    tokenSessionId: string | null;
    /** The shared caches' versions when the request read them with its user (worker/core/shared-versions.ts), else null. */
    sharedVersions: SharedVersions | null;
    /** The signed-in user (read by the route, worker/http/route.ts), or null: no token, a bad one, or a deleted user. */
    user: UserRow | null;
  };
};

export type AppContext = Context<AppEnv>;
