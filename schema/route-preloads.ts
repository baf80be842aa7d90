/**
 * Which script chunks a screen of the SPA needs, by URL (docs/performance.md: a screen's chunks download
 * beside the entry instead of after it). The build writes the table to `route-preload.json` beside
 * index.html (web/build/route-preload.ts, from web/src/routes.tsx); the Worker adds a
 * `<link rel="modulepreload">` per chunk to each page it serves (worker/seo/route-preloads.ts), and
 * the SPA asks for the next screen's on each navigation (web/src/lib/route-preload.ts).
 */

/** Chunk names (the file is `/assets/<name>.js`) and, per URL pattern, the indexes of its chunks; most specific pattern first. */
export type RoutePreloadTable = { files: string[]; table: Array<[pattern: string, files: number[]]> };

/** Where the build writes the table, and the SPA and the Worker read it. */
export const ROUTE_PRELOAD_PATH = "/route-preload.json";

/**
 * How specific a pattern is, as react-router ranks them: a static segment beats a parameter,
 * which beats an optional one; the splat ranks below everything, even `/`. The highest-ranked
 * match wins.
 */
export function patternRank(pattern: string): number {
  return pattern
    .split("/")
    .filter(Boolean)
    .reduce(
      (rank, segment) =>
        rank + (segment === "*" ? -1 : segment.endsWith("?") ? 2 : segment.startsWith(":") ? 3 : 10),
      0,
    );
}

/** Whether a path matches a react-router pattern (`:param`, `:param?`, `*`). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const parts = pattern.split("/").filter(Boolean);
  const segments = pathname.split("/").filter(Boolean);
  let at = 0;
  for (const part of parts) {
    if (part === "*") return true;
    if (part.endsWith("?")) {
      if (at < segments.length) at += 1;
      continue;
    }
    const segment = segments[at];
    if (segment === undefined) return false;
    if (!part.startsWith(":") && safeDecode(segment) !== part) return false;
    at += 1;
  }
  return at === segments.length;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether the SPA shows its not-found page for a path: the table's first matching pattern is the
 * splat (`/*`), or nothing matches. The Worker then answers the shell with HTTP 404.
 */
export function isUnknownPath(table: RoutePreloadTable, pathname: string): boolean {
  const hit = table.table.find(([pattern]) => matchesPattern(pattern, pathname));
  return !hit || hit[0] === "/*" || hit[0] === "*";
}

/** The chunk URLs of the screen a path shows (the table's first matching pattern), or none. */
export function preloadUrlsFor(table: RoutePreloadTable, pathname: string): string[] {
  const hit = table.table.find(([pattern]) => matchesPattern(pattern, pathname));
  if (!hit) return [];
  return hit[1]
    .map((index) => table.files[index])
    .filter((name): name is string => typeof name === "string" && /^[\w.-]+$/.test(name))
    .map((name) => `/assets/${name}.js`);
}

/** Whether a parsed JSON value is a table of this shape (the Worker and the SPA read it from a file). */
export function isRoutePreloadTable(value: unknown): value is RoutePreloadTable {
  if (typeof value !== "object" || value === null) return false;
  const { files, table } = value as Partial<RoutePreloadTable>;
  return (
    Array.isArray(files) &&
    files.every((file) => typeof file === "string") &&
    Array.isArray(table) &&
    table.every(
      (row) =>
        Array.isArray(row) &&
        typeof row[0] === "string" &&
        Array.isArray(row[1]) &&
        row[1].every((index) => Number.isInteger(index)),
    )
  );
}
