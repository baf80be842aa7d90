import type { Scope } from "../core/scope";
import type { AppContext } from "./context";

/**
 * The request's unit of work (worker/core/scope.ts), from what the app's middleware set
 * (worker/app.ts). `waitUntil` reaches the execution context only when called, so a request
 * without one (an app called directly in a test) fails only where it would have before. `now` is
 * the request's clock, unless a route that has done slow work first (an upload) reads it again.
 */
export const scopeOf = (c: AppContext, now: Date = c.get("now")): Scope => ({
  db: c.get("db"),
  config: c.get("config"),
  env: c.env,
  logger: c.get("logger"),
  now,
  services: c.get("services"),
  waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  user: c.get("user") ?? null,
});
