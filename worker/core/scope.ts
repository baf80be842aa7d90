// One unit of work: a request, a cron run or a queue batch each build one Scope, and the domain
// and notification functions take it instead of the Hono context or long positional lists.
// Requests build it in worker/http/scope.ts (scopeOf), the crons in worker/jobs/index.ts, the
// notifications queue in worker/index.ts. No HTTP in it.
import type { Services } from "../integrations";
import type { Db, UserRow } from "./context";
import type { Config, Env } from "./env";
import type { Logger } from "./logger";

export type Scope = {
  db: Db;
  config: Config;
  /** The Worker's bindings (D1, R2, the Durable Objects, the queues). */
  env: Env;
  logger: Logger;
  /** The unit's clock, read once: the request's start, or the cron's scheduled time. */
  now: Date;
  /** Every outside service (worker/integrations/index.ts, createServices). */
  services: Services;
  /** Keeps the isolate alive for work that finishes after the answer (a no-op where there is nothing to wait for). */
  waitUntil(promise: Promise<unknown>): void;
  /** The signed-in user, where there is one (a request with a valid token). */
  user: UserRow | null;
};
