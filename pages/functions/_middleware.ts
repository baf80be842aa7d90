// Every request to the Pages site: /api/* and /parties/* go to the Worker through the service
// binding (a WebSocket upgrade is passed through as it is: the Worker's 101 answer is returned), so
// the SPA's API calls, sockets and media stay on the page's own origin. The SPA's files get the same
// security headers and cache rules as when the Worker serves them, with the Worker's own
// Content-Security-Policy for this origin (it knows the configured Google, analytics, Sentry and
// LiveKit hosts); source maps are never served; each page links its screen's script chunks.
import { isLoopbackHost } from "../../worker/core/loopback";
import { withSecurityHeaders } from "../../worker/http/security-headers";
import { assetsPreloadTable, withRoutePreloads } from "../../worker/seo/route-preloads";

type PagesEnv = { API: Fetcher; ASSETS: Fetcher };

// The Worker's policy for this host, asked once per isolate (its configuration changes only with a deploy).
let policy: { host: string; csp: string | null } | null = null;
async function workerPolicy(env: PagesEnv, url: URL): Promise<string | null> {
  if (policy?.host !== url.host) {
    const answer = await env.API.fetch(new Request(new URL("/api/v1/health", url))).catch(() => null);
    const csp = answer?.headers.get("content-security-policy") ?? null;
    if (!csp) return null;
    policy = { host: url.host, csp };
  }
  return policy.csp;
}

export const onRequest: PagesFunction<PagesEnv> = async ({ request, env, next }) => {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/parties/")) return env.API.fetch(request);
  if (url.pathname.endsWith(".map"))
    return new Response("Not found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  const [served, csp] = await Promise.all([next(), workerPolicy(env, url)]);
  // Each page names its screen's script chunks, as when the Worker serves it (worker/seo/route-preloads.ts).
  const page = await withRoutePreloads(served, request, url.pathname, assetsPreloadTable(env.ASSETS));
  const secured = withSecurityHeaders(page, { config: null, url, local: isLoopbackHost(url.hostname) });
  if (csp) secured.headers.set("content-security-policy", csp);
  return secured;
};
