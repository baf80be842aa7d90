// The build's route-preload table (web/build/route-table.ts, schema/route-preloads.ts, docs/performance.md): read
// from web/src/routes.tsx's source, it must find every lazy screen and give each the URL pattern
// react-router matches it at; a path must pick the screen react-router would render.
import { matchRoutes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import routesSource from "../../web/src/routes.tsx?raw";
import { matchesPattern, patternRank, preloadUrlsFor } from "@schema/route-preloads";
import { preloadTable, routeScreensOf } from "../../web/build/route-table";
import { preloadRoute, resetRoutePreloadForTests } from "../../web/src/lib/route-preload";
import { routes } from "../../web/src/routes";

const screens = routeScreensOf(routesSource);
const ranked = [...screens].sort((a, b) => patternRank(b.pattern) - patternRank(a.pattern));
const ourMatch = (path: string) => ranked.find((screen) => matchesPattern(screen.pattern, path))?.pattern;

/** A path that the pattern matches: each parameter becomes "7", the splat "x/y". */
const sampleOf = (pattern: string) =>
  pattern
    .replace(/:\w+\?/g, "")
    .replace(/:\w+/g, "7")
    .replace("*", "x/y")
    .replace(/\/+$/, "") || "/";

/** The pattern react-router matched, from its route objects' paths (index and layout routes add nothing). */
function routerPattern(path: string): string | undefined {
  const matches = matchRoutes(routes, path);
  if (!matches) return undefined;
  const parts = matches
    .map((match) => match.route.path)
    .filter((part): part is string => Boolean(part) && part !== "/");
  return `/${parts.join("/")}`;
}

type RouteLike = { path?: string; children?: RouteLike[] };

/** Every route of routes.tsx that renders something of its own (a leaf), by its full pattern. */
function leafPatterns(list: readonly RouteLike[], base = ""): string[] {
  return list.flatMap((route) => {
    const full = route.path ? `${base}/${route.path.replace(/^\/+|\/+$/g, "")}`.replace(/\/+/g, "/") : base;
    return route.children?.length ? leafPatterns(route.children, full) : [full || "/"];
  });
}

describe("route preload table", () => {
  it("knows every route of the SPA, so the Worker answers 404 only where the SPA shows its not-found page", () => {
    // worker/seo/route-preloads.ts answers HTTP 404 for a path whose best pattern is the splat: a route
    // missing from the table (one that is not a lazy screen) would wrongly answer 404.
    const leaves = leafPatterns(routes as RouteLike[]).filter((pattern) => pattern !== "/*");
    expect(leaves.length).toBeGreaterThan(40);
    for (const pattern of leaves) expect([pattern, ourMatch(sampleOf(pattern))]).not.toEqual([pattern, "/*"]);
    expect(ourMatch("/no-such-page")).toBe("/*");
  });

  it("finds every lazy screen of routes.tsx", () => {
    const lazyImports = [...routesSource.matchAll(/import\("(\.\/pages\/[^"]+)"\)/g)].map(
      (match) => `src/${match[1]!.slice(2)}.tsx`,
    );
    expect(lazyImports.length).toBeGreaterThan(40);
    const found = new Set(screens.flatMap((screen) => screen.modules));
    expect([...new Set(lazyImports)].filter((module) => !found.has(module))).toEqual([]);
  });

  it("gives each screen the pattern react-router matches it at, and picks the same screen for its sample path", () => {
    for (const screen of screens) {
      const sample = sampleOf(screen.pattern);
      expect(routerPattern(sample), sample).toBe(screen.pattern);
      expect(ourMatch(sample), sample).toBe(screen.pattern);
    }
  });

  it("ranks a static segment above a parameter, and the splat last", () => {
    expect(ourMatch("/t/dashboard")).toBe("/t/dashboard");
    expect(ourMatch("/t/9")).toBe("/t/:id");
    expect(ourMatch("/faq")).toBe("/faq/:role?");
    expect(ourMatch("/faq/student")).toBe("/faq/:role?");
    expect(ourMatch("/")).toBe("/");
    expect(ourMatch("/no/such/page")).toBe("/*");
    expect(routerPattern("/no/such/page")).toBe("/*");
  });

  it("includes the lazy layout around a screen (the admin area's)", () => {
    const users = screens.find((screen) => screen.pattern === "/admin/users");
    expect(users?.modules).toEqual([
      "src/pages/admin/admin-layout.tsx",
      "src/pages/admin-users/users-page.tsx",
    ]);
  });
});

describe("the table and the SPA's preloads on navigation", () => {
  afterEach(() => {
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
    resetRoutePreloadForTests();
  });

  const built = preloadTable(
    ["assets/tutors-page-AAAA.js", "assets/tutor-card-BBBB.js", "assets/profile-CCCC.js"],
    [
      ["/t/dashboard", []],
      ["/t/:id", [2, 1]],
      ["/tutors", [0, 1]],
      ["/*", []],
    ],
  );
  const linked = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute("href"),
    );

  it("names each screen's chunks by URL, first matching pattern first", () => {
    expect(built.files).toEqual(["tutors-page-AAAA", "tutor-card-BBBB", "profile-CCCC"]);
    expect(preloadUrlsFor(built, "/t/9")).toEqual(["/assets/profile-CCCC.js", "/assets/tutor-card-BBBB.js"]);
    expect(preloadUrlsFor(built, "/t/dashboard")).toEqual([]);
    expect(preloadUrlsFor(built, "/nowhere")).toEqual([]);
  });

  it("refuses a chunk outside assets/", () => {
    expect(() => preloadTable(["elsewhere/x.js"], [])).toThrow(/unexpected chunk file/);
  });

  it("preloads the next screen's chunks once, skipping what the page already links, after reading the table once", async () => {
    const already = document.createElement("link");
    already.rel = "modulepreload";
    already.href = "/assets/tutor-card-BBBB.js";
    document.head.append(already);
    let reads = 0;
    const load = async () => {
      reads += 1;
      return built;
    };
    preloadRoute("/tutors", load);
    await vi.waitFor(() =>
      expect(linked()).toEqual(["/assets/tutor-card-BBBB.js", "/assets/tutors-page-AAAA.js"]),
    );
    preloadRoute("/t/9", load);
    await vi.waitFor(() =>
      expect(linked()).toEqual([
        "/assets/tutor-card-BBBB.js",
        "/assets/tutors-page-AAAA.js",
        "/assets/profile-CCCC.js",
      ]),
    );
    preloadRoute("/tutors", load);
    await Promise.resolve();
    expect(linked()).toHaveLength(3);
    expect(reads).toBe(1);
  });

  it("does nothing when the build has no table (a dev server) or it is malformed", async () => {
    preloadRoute("/tutors", async () => ({ files: "nope" }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(linked()).toEqual([]);
  });
});
