// Every request to the Pages site: /api/* and /parties/* go to the Worker through the service
// binding (a WebSocket upgrade is passed through as it is: the Worker's 101 answer is returned), so
// the SPA's API calls, sockets and media stay on the page's own origin. The SPA's files get the same
// security headers and cache rules as when the Worker serves them; source maps are never served.
import { isLoopbackHost } from "../../worker/http/loopback";
import { withSecurityHeaders } from "../../worker/http/security-headers";

type PagesEnv = { API: Fetcher };

export const onRequest: PagesFunction<PagesEnv> = async ({ request, env, next }) => {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/parties/")) return env.API.fetch(request);
  if (url.pathname.endsWith(".map")) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return withSecurityHeaders(await next(), { config: null, url, local: isLoopbackHost(url.hostname) });
};
