import { errorMessage } from "../schema/errors";
import { createApp } from "./app";
import { ConfigError, envForRequest, readConfig, type Config, type Env } from "./env";
import { createLogger } from "./http/logger";
import { withSecurityHeaders } from "./http/security-headers";
import { runScheduled } from "./jobs";
import { routeParty } from "./parties";
import { countApiRequest } from "./realtime/request-counter";
import { assetsShell, servePublicPage } from "./seo/pages";

export { AdminChannel } from "../durable-objects/admin-channel";
export { ChatRoom } from "../durable-objects/chat-room";
export { SessionRoom } from "../durable-objects/session-room";
export { UserChannel } from "../durable-objects/user-channel";

const app = createApp();

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
    logOnce(`config:${error.names.join(",")}`, "configuration refused: the Worker answers 503 until it is fixed", { missingOrInvalid: error.names });
    return null;
  }
}

const notFound = () => new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

async function serve(request: Request, url: URL, env: Env, config: Config | null, ctx: ExecutionContext): Promise<Response> {
  const { pathname } = url;
  // Source maps are built for error reporting, never served.
  if (pathname.endsWith(".map") && !pathname.startsWith("/api/")) return notFound();
  // The local environment's routes (mailbox, emulators, seed, and the SPA's mailbox page) exist
  // only when it is local and the request came to a loopback host (envForRequest).
  if (/^\/(api\/v1\/)?dev(\/|$)/.test(pathname) && !config?.isLocal)
    return pathname.startsWith("/api/") ? Response.json({ code: "not-found", message: errorMessage["not-found"] }, { status: 404 }) : notFound();
  const api = pathname.startsWith("/api/");
  if (api || pathname.startsWith("/parties/")) {
    if (!config) return Response.json({ code: "service-unavailable", message: errorMessage["service-unavailable"] }, { status: 503 });
    if (api) {
      countApiRequest(env, ctx);
      return app.fetch(request, env, ctx);
    }
    return (await routeParty(request, env)) ?? new Response(null, { status: 404 });
  }
  // /tutors, /t/{id}, robots.txt, sitemap.xml and /url/{name} (worker/seo/pages.ts).
  const page = config ? await servePublicPage(request, url, env, ctx, assetsShell(env.ASSETS)) : null;
  return page ?? env.ASSETS.fetch(request);
}

export default {
  async fetch(request, rawEnv, ctx) {
    const url = new URL(request.url);
    const { env, misconfigured } = envForRequest(rawEnv, url);
    if (misconfigured)
      logOnce("local-on-public-host", "ENVIRONMENT=local on a non-loopback host: served as production (no /dev routes, emulators or seed); set ENVIRONMENT in wrangler.toml", { host: url.hostname });
    const config = configOrNull(env);
    const response = await serve(request, url, env, config, ctx);
    return withSecurityHeaders(response, { config, url, local: config?.isLocal ?? false });
  },
  async scheduled(controller, env) {
    await runScheduled(controller, env);
  },
} satisfies ExportedHandler<Env>;
