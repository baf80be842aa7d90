import { captureException } from "@sentry/cloudflare";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { errorMessage } from "../schema/error-messages";
import { errorStatus } from "../schema/errors";
import { readToken } from "./domain/identity/token";
import { createBookmarkedDb, createDb, createReplicaDb } from "./core/db";
import { BOOKMARK_HEADER } from "../schema/api/common";
import { ConfigError, readConfig } from "./core/env";
import type { AppEnv } from "./http/context";
import { Failure } from "./core/failure";
import { createLogger, describeError } from "./core/logger";
import { openApiDocument } from "./http/openapi";
import { mount } from "./http/route";
import { createServices } from "./integrations";
import type { Emulators } from "./integrations/emulated";
import { apiRoutes } from "./routes";

/** The request's execution context, if it has one (an app called without one, in a test, has none). */
function executionContextOf(c: { executionCtx: unknown }): ExecutionContext | undefined {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return undefined;
  }
}

/**
 * Builds the /api/v1 app: request id, configuration, CORS, identity, routes, one error mapper.
 * `emulators` are the local entry's (emulators/local.ts); without them the local-only routes
 * that reach an emulator or a seed answer 404.
 */
export function createApp(emulators: Emulators | null = null): Hono<AppEnv> {
  const app = new Hono<AppEnv>().basePath("/api/v1");

  app.use(async (c, next) => {
    const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("now", new Date());
    c.set("logger", createLogger(requestId));
    c.header("x-request-id", requestId);
    const config = readConfig(c.env);
    c.set("config", config);
    c.set("db", createDb(c.env));
    // The Worker's own origin: the Fawry sandbox's pages are opened there (worker/integrations/index.ts).
    c.set(
      "services",
      createServices(config, c.env, executionContextOf(c), emulators, new URL(c.req.url).origin),
    );
    await next();
  });

  app.use(
    cors({
      origin: (origin, c) => (c.get("config").appOrigins.includes(origin) ? origin : null),
      allowHeaders: ["authorization", "content-type", BOOKMARK_HEADER],
      allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
      exposeHeaders: ["x-request-id", BOOKMARK_HEADER],
      maxAge: 86400,
    }),
  );

  // Identity: a bearer token whose signature and expiry check out gives c.var.tokenUserId and its
  // session's id; the route reads that user with the session (worker/http/route.ts), alone or in
  // the route's first batch. Anything else leaves them null, and routes that need a user answer 401.
  app.use(async (c, next) => {
    c.set("user", null);
    c.set("sharedVersions", null);
    const header = c.req.header("authorization");
    const payload = header?.startsWith("Bearer ")
      ? await readToken(header.slice(7).trim(), c.get("config").TOKEN_SECRET)
      : null;
    c.set("tokenUserId", payload?.id ?? null);
    c.set("tokenSessionId", payload?.sid ?? null);
    // With read replication on (docs/capacity.md), an anonymous read needs no one's latest write:
    // it may be served by the nearest replica. A signed-in request continues the session its last
    // answer's bookmark names, so a replica answers it only with that person's own writes in it.
    // Anonymous writes stay on the primary.
    if (c.get("config").readReplication && payload !== null) {
      const session = createBookmarkedDb(c.env, c.req.header(BOOKMARK_HEADER));
      c.set("db", session.db);
      await next();
      const latest = session.bookmark();
      if (latest !== null) c.header(BOOKMARK_HEADER, latest);
      return;
    }
    if (c.get("config").readReplication && c.req.method === "GET") c.set("db", createReplicaDb(c.env));
    await next();
  });

  const isLocal = (env: AppEnv["Bindings"]) => readConfig(env).isLocal;
  let document: ReturnType<typeof openApiDocument> | null = null;
  app.get("/openapi.json", (c) => {
    document ??= openApiDocument(
      apiRoutes.filter((def) => !def.localOnly || isLocal(c.env)),
      c.get("config").BUILD_VERSION,
    );
    return c.json(document);
  });

  // Local-only routes are mounted on a sub-app that exists only when ENVIRONMENT=local.
  const routes = new Hono<AppEnv>();
  mount(
    routes,
    apiRoutes.filter((def) => !def.localOnly),
    false,
  );
  const devRoutes = new Hono<AppEnv>();
  mount(
    devRoutes,
    apiRoutes.filter((def) => def.localOnly),
    true,
  );
  app.use("/dev/*", async (c, next) =>
    isLocal(c.env) ? next() : c.json({ code: "not-found", message: errorMessage["not-found"] }, 404),
  );
  app.route("/", devRoutes);
  app.route("/", routes);

  app.notFound((c) => c.json({ code: "not-found", message: errorMessage["not-found"] }, 404));

  app.onError((error, c) => {
    if (error instanceof Failure) {
      const body = {
        code: error.code,
        message: errorMessage[error.code],
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.details ? { details: error.details } : {}),
      };
      if (error.retryAfter !== undefined) c.header("retry-after", String(error.retryAfter));
      return c.json(body, errorStatus[error.code] as 400);
    }
    const logger = c.get("logger") ?? createLogger(c.req.header("cf-ray") ?? "none");
    if (error instanceof ConfigError) logger.error("configuration refused", { detail: error.message });
    // The calendar feed's path is its secret token: never write it to the log.
    else
      logger.error("unexpected failure", {
        method: c.req.method,
        path: c.req.path.replace(/\/calendar\/[^/]+\.ics$/, "/calendar/<token>.ics"),
        ...describeError(error),
      });
    // Sentry (when SENTRY_DSN is set; a no-op otherwise), tagged with the request id the client sees.
    captureException(error, { tags: { request_id: c.get("requestId") ?? c.req.header("cf-ray") ?? "none" } });
    return c.json({ code: "unexpected", message: errorMessage.unexpected }, 500);
  });

  return app;
}
