// One unit of work: a request, a cron run or a queue batch each build one Scope, and the domain
// and notification functions take it instead of the Hono context or long positional lists.
// Requests build it in worker/http/scope.ts (scopeOf), the crons (worker/jobs/index.ts) and the
// notifications queue (worker/index.ts) with backgroundScope. No HTTP in it.
import type { Services } from "../integrations";
import { createDb } from "./db";
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

/**
 * The scope of work no request carries (a cron run, a queue batch): no signed-in user, the
 * database from the bindings. The caller builds the services (createServices) and says how
 * `waitUntil` is kept.
 */
export function backgroundScope(
  env: Env,
  unit: Pick<Scope, "config" | "logger" | "now" | "services" | "waitUntil">,
): Scope {
  return { ...unit, db: createDb(env), env, user: null };
}
