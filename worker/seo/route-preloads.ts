import {
  isRoutePreloadTable,
  isUnknownPath,
  preloadUrlsFor,
  ROUTE_PRELOAD_PATH,
  type RoutePreloadTable,
} from "../../schema/route-preloads";
import { BoundedCache } from "../core/bounded-cache";

/**
 * Every page the Worker serves (the SPA's shell, a prerendered page, /tutors and /t/{id}) gets a
 * `<link rel="modulepreload">` for each chunk of the screen its path shows, from the build's table
 * (route-preload.json, written by web/build/route-preload.ts). The browser then downloads the
 * screen's scripts together with the entry instead of after it has run (docs/performance.md), and no script
 * has to run first to ask for them. A build without the table (tests, a dev server) is served as is.
 */
export type PreloadTableSource = () => Promise<RoutePreloadTable | null>;

// The table changes only with a deploy (a new isolate); a minute's lifetime also picks up a rebuild under `npm start`.
const tables = new BoundedCache<Fetcher, Promise<RoutePreloadTable | null>>({ maxSize: 4, ttlMs: 60_000 });

/** The table from the static files, read once a minute per isolate; null when the build has none. */
export const assetsPreloadTable =
  (assets: Fetcher): PreloadTableSource =>
  () => {
    let table = tables.get(assets);
    if (!table) {
      table = assets
        .fetch(new Request(new URL(ROUTE_PRELOAD_PATH, "https://assets.invalid")))
        .then(async (response) => {
          if (!response.ok) return null;
          const value: unknown = await response.json();
          return isRoutePreloadTable(value) ? value : null;
        })
        .catch(() => null);
      tables.set(assets, table);
    }
    return table;
  };

/**
 * The page with its screen's modulepreload links added to <head>; anything that is not a 200 HTML
 * page is returned untouched. A path the SPA has no screen for (its not-found page) answers 404, so
 * the status says what the page says (crawlers and link checkers see it too).
 */
export async function withRoutePreloads(
  response: Response,
  request: Request,
  pathname: string,
  table: PreloadTableSource,
): Promise<Response> {
  if (
    request.method !== "GET" ||
    response.status !== 200 ||
    !response.headers.get("content-type")?.startsWith("text/html")
  )
    return response;
  const known = await table();
  if (known && isUnknownPath(known, pathname))
    response = new Response(response.body, { status: 404, headers: response.headers });
  const urls = known ? preloadUrlsFor(known, pathname) : [];
  if (!urls.length) return response;
  // The URLs are built from chunk names checked against [\w.-]+ (schema/route-preloads.ts): nothing to escape.
  const links = urls.map((url) => `<link rel="modulepreload" crossorigin href="${url}">`).join("");
  return new HTMLRewriter()
    .on("head", {
      element(head) {
        head.append(links, { html: true });
      },
    })
    .transform(response);
}
