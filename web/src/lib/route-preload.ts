import {
  isRoutePreloadTable,
  preloadUrlsFor,
  ROUTE_PRELOAD_PATH,
  type RoutePreloadTable,
} from "@schema/route-preloads";

/**
 * Preloads the chunks of the screen a path shows, all at once, when the SPA moves there (docs/performance.md):
 * otherwise the screen's module arrives first and only then asks for its own imports. The table
 * is the build's (web/build/route-preload.ts), read once after the first screen; the first screen's
 * own chunks are already linked in the page the Worker served (worker/seo/route-preloads.ts).
 * Only in a production build: the dev server has no table.
 */
let table: Promise<RoutePreloadTable | null> | null = null;
const asked = new Set<string>();

export function preloadRoute(pathname: string, load: () => Promise<unknown> = fetchTable): void {
  if (!table) {
    // What the page's HTML already links is not asked for twice.
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'))
      asked.add(new URL(link.href, location.href).pathname);
    table = load()
      .then((value) => (isRoutePreloadTable(value) ? value : null))
      .catch(() => null);
  }
  void table.then((known) => {
    if (!known) return;
    for (const href of preloadUrlsFor(known, pathname)) {
      if (asked.has(href)) continue;
      asked.add(href);
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
  });
}

const fetchTable = () =>
  fetch(ROUTE_PRELOAD_PATH, { priority: "low" }).then((response) => (response.ok ? response.json() : null));

/** Tests only. */
export function resetRoutePreloadForTests(): void {
  table = null;
  asked.clear();
}
