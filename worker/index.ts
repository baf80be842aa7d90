import { withSentry } from "@sentry/cloudflare";
import { errorMessage } from "../schema/error-messages";
import { createApp } from "./app";
import { createServices } from "./integrations";
import { ConfigError, envForRequest, readConfig, type Config, type Env } from "./core/env";
import { createLogger } from "./core/logger";
import { countRowsRead, ROWS_READ_HEADER } from "./core/db";
import { backgroundScope } from "./core/scope";
import type { Emulators } from "./integrations/emulated";
import { withSecurityHeaders } from "./http/security-headers";
import { runScheduled } from "./jobs";
import { routeParty } from "./parties";
import { sentryOptions } from "./observability/sentry";
import { runNotificationQueue } from "./notifications/delivery";
import { countApiRequest } from "./observability/request-counter";
import { assetsShell, servePublicPage } from "./seo/pages";
import { assetsPreloadTable, withRoutePreloads } from "./seo/route-preloads";
import { isAppFile, serveAppFile } from "./seo/app-files";

import { AdminChannel as AdminChannelParty } from "../durable-objects/admin-channel";
import { ChatRoom as ChatRoomParty } from "../durable-objects/chat-room";
import { SessionRoom as SessionRoomParty } from "../durable-objects/session-room";
import { UserChannel as UserChannelParty } from "../durable-objects/user-channel";
import { Presence as PresenceParty } from "../durable-objects/presence";
import { reportingFailures } from "./observability/durable-objects";
import { provideRoomData } from "../durable-objects/room-data";
import { recordLastMessage, recordRead, roomMemberIds, roomPartnerIds } from "./domain/chat/chat";
import { findSession, isSessionMember, recordAttendance, roomRefusal } from "./domain/lessons/sessions";
import { liveKitConfig } from "./integrations/livekit";

// What the rooms read and write in D1, from the domain's rules (durable-objects/room-data.ts):
// the objects never import worker/domain themselves.
provideRoomData({
  chat: { recordLastMessage, recordRead, roomMemberIds, roomPartnerIds },
  sessions: {
    findSession,
    isSessionMember,
    roomRefusal: (session, userId) => roomRefusal(session, userId),
    recordAttendance,
    usesLiveKit: (config) => liveKitConfig(config) !== null,
  },
});

// The Durable Objects, their handlers' failures reported to Sentry when SENTRY_DSN is set.
export const AdminChannel = reportingFailures(AdminChannelParty, "admin-channel");
export const ChatRoom = reportingFailures(ChatRoomParty, "chat-room");
export const SessionRoom = reportingFailures(SessionRoomParty, "session-room");
export const UserChannel = reportingFailures(UserChannelParty, "user-channel");
export const Presence = reportingFailures(PresenceParty, "presence");
// The instances' types, as worker-configuration.d.ts (wrangler types) names them.
export type AdminChannel = AdminChannelParty;
export type ChatRoom = ChatRoomParty;
export type SessionRoom = SessionRoomParty;
export type UserChannel = UserChannelParty;
export type Presence = PresenceParty;

// Each misconfiguration is logged once per isolate, not on every request.
const logged = new Set<string>();
function logOnce(key: string, message: string, fields: Record<string, unknown>) {
  if (logged.has(key)) return;
  logged.add(key);
  createLogger("startup").error(message, fields);
}

/** The configuration, or null with the refusal logged (the names at fault, never their values). */
function configOrNull(env: Env): Config | null {
  try {
    return readConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    logOnce(
      `config:${error.names.join(",")}`,
      "configuration refused: the Worker answers 503 until it is fixed",
      { missingOrInvalid: error.names },
    );
    return null;
  }
}

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

async function serve(
  app: ReturnType<typeof createApp>,
  {
    request,
    url,
    env,
    config,
    ctx,
  }: { request: Request; url: URL; env: Env; config: Config | null; ctx: ExecutionContext },
): Promise<Response> {
  const { pathname } = url;
  // Source maps are built for error reporting, never served.
  if (pathname.endsWith(".map") && !pathname.startsWith("/api/")) return notFound();
  // The local environment's routes (mailbox, emulators, seed, and the SPA's mailbox page) exist
  // only when it is local and the request came to a loopback host (envForRequest).
  if (/^\/(api\/v1\/)?dev(\/|$)/.test(pathname) && !config?.isLocal)
    return pathname.startsWith("/api/")
      ? Response.json({ code: "not-found", message: errorMessage["not-found"] }, { status: 404 })
      : notFound();
  const api = pathname.startsWith("/api/");
  if (api || pathname.startsWith("/parties/")) {
    if (!config)
      return Response.json(
        { code: "service-unavailable", message: errorMessage["service-unavailable"] },
        { status: 503 },
      );
    if (api) {
      countApiRequest(env, ctx);
      return app.fetch(request, env, ctx);
    }
    return (await routeParty(request, env)) ?? new Response(null, { status: 404 });
  }
  // The manifest, the service worker and the icons: a file or 404, never the SPA's page (worker/seo/app-files.ts).
  if (isAppFile(pathname)) return serveAppFile(request, pathname, env.ASSETS);
  // /tutors, /t/{id}, robots.txt, sitemap.xml and /url/{name} (worker/seo/pages.ts).
  const page = config ? await servePublicPage(request, url, env, ctx, assetsShell(env.ASSETS)) : null;
  // Each page names its screen's script chunks, so they download with the entry (worker/seo/route-preloads.ts).
  return withRoutePreloads(
    page ?? (await env.ASSETS.fetch(request)),
    request,
    pathname,
    assetsPreloadTable(env.ASSETS),
  );
}

/**
 * The Worker's composition root. The production entry (this module's default export) passes no
 * emulators; the local entry (emulators/local.ts) passes its in-process emulators, so they exist
 * only in that bundle. `app` is the /api/v1 app, which the emulators deliver their webhooks to.
 */
export function createWorker(emulators: Emulators | null) {
  const app = createApp(emulators);
  const handler = {
    async fetch(request, rawEnv, ctx) {
      const url = new URL(request.url);
      const { env, misconfigured } = envForRequest(rawEnv, url);
      if (misconfigured)
        logOnce(
          "local-on-public-host",
          "ENVIRONMENT=local on a non-loopback host: served as production (no /dev routes, emulators or seed); set ENVIRONMENT in wrangler.toml",
          { host: url.hostname },
        );
      const config = configOrNull(env);
      // Local only, on request (`x-dars-bench: rows`): the D1 rows this request read (npm run bench).
      const counted = config?.isLocal ? countRowsRead(request, env) : null;
      const response = await serve(app, { request, url, env: counted?.env ?? env, config, ctx });
      const secured = withSecurityHeaders(response, { config, url, local: config?.isLocal ?? false });
      if (counted && secured.status !== 101)
        secured.headers.set(ROWS_READ_HEADER, String(counted.rowsRead()));
      return secured;
    },
    async scheduled(controller, env) {
      await runScheduled(controller, env, emulators);
    },
    // The notifications queue and its dead-letter queue (worker/notifications/delivery.ts).
    async queue(batch, env, ctx) {
      const config = readConfig(env);
      const scope = backgroundScope(env, {
        config,
        logger: createLogger(`queue:${batch.queue}`),
        now: new Date(),
        services: createServices(config, env, ctx, emulators),
        waitUntil: (promise) => ctx.waitUntil(promise),
      });
      await runNotificationQueue(scope, batch);
    },
  } satisfies ExportedHandler<Env>;

  // Error reporting only when SENTRY_DSN is set (worker/observability/sentry.ts): the fetch handler
  // the crons and the notifications queue then run inside @sentry/cloudflare; without it they run bare, nothing added.
  // The handler gets the Worker's own env, not the SDK's instrumented copy (a new proxy per request,
  // which would defeat the per-env configuration cache and add D1 breadcrumbs carrying query values).
  const ownEnv = new WeakMap<Request, Env>();
  const reported = withSentry<Env, unknown, unknown, ExportedHandler<Env>>((env) => sentryOptions(env), {
    fetch: (request, env, ctx) => handler.fetch(request, ownEnv.get(request) ?? env, ctx),
    scheduled: handler.scheduled,
    queue: handler.queue,
  });

  const worker = {
    fetch: (request, env, ctx) => {
      if (!env.SENTRY_DSN) return handler.fetch(request, env, ctx);
      ownEnv.set(request, env);
      return reported.fetch!(request, env, ctx);
    },
    scheduled: (controller: ScheduledController, env: Env, ctx?: ExecutionContext) =>
      env.SENTRY_DSN && ctx ? reported.scheduled!(controller, env, ctx) : handler.scheduled(controller, env),
    queue: (batch: MessageBatch, env: Env, ctx: ExecutionContext) =>
      env.SENTRY_DSN ? reported.queue!(batch, env, ctx) : handler.queue(batch, env, ctx),
  } satisfies ExportedHandler<Env>;
  return { app, handler: worker };
}

export default createWorker(null).handler;
