import type { Scope } from "../core/scope";
import type { AppContext } from "./context";

/**
 * The request's unit of work (worker/core/scope.ts), from what the app's middleware set
 * (worker/app.ts). `waitUntil` reaches the execution context only when called, so a request
 * without one (an app called directly in a test) fails only where it would have before.
 */
export const scopeOf = (c: AppContext): Scope => ({
  db: c.get("db"),
  config: c.get("config"),
  env: c.env,
  logger: c.get("logger"),
  now: c.get("now"),
  services: c.get("services"),
  waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  user: c.get("user") ?? null,
});
