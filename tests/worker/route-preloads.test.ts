// Each page the Worker serves links its screen's script chunks (worker/seo/route-preloads.ts, docs/performance.md),
// from the build's route-preload.json; anything else passes untouched.
import { describe, expect, it } from "vitest";
import type { RoutePreloadTable } from "../../schema/route-preloads";
import { assetsPreloadTable, withRoutePreloads } from "../../worker/seo/route-preloads";

const SHELL = `<!doctype html><html lang="ar-EG" dir="rtl"><head><title>درس</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;
const html = (body = SHELL, status = 200) =>
  new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8" } });
const get = (path: string, method = "GET") => new Request(`https://dars.example${path}`, { method });
const TABLE: RoutePreloadTable = {
  files: ["tutors-page-AAAA", "tutor-card-BBBB", "tutor-profile-page-CCCC"],
  table: [
    ["/t/dashboard", []],
    ["/t/:id", [2, 1]],
    ["/tutors", [0, 1]],
    ["/*", []],
  ],
};
const source = (table: RoutePreloadTable | null) => async () => table;
const preloads = (page: string) =>
  [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

describe("route preloads in served pages", () => {
  it("adds a modulepreload link per chunk of the path's screen to <head>", async () => {
    const page = await (await withRoutePreloads(html(), get("/t/9"), "/t/9", source(TABLE))).text();
    expect(preloads(page)).toEqual(["/assets/tutor-profile-page-CCCC.js", "/assets/tutor-card-BBBB.js"]);
    expect(page.indexOf("modulepreload")).toBeLessThan(page.indexOf("</head>"));
    expect(page).toContain('<div id="root"></div>');
  });

  it("takes the most specific pattern, and adds nothing for a screen without chunks of its own", async () => {
    expect(
      preloads(await (await withRoutePreloads(html(), get("/tutors"), "/tutors", source(TABLE))).text()),
    ).toEqual(["/assets/tutors-page-AAAA.js", "/assets/tutor-card-BBBB.js"]);
    const dashboard = await withRoutePreloads(html(), get("/t/dashboard"), "/t/dashboard", source(TABLE));
    expect(await dashboard.text()).toBe(SHELL);
  });

  it("answers a path the SPA has no screen for with its shell and HTTP 404, a known one with 200", async () => {
    const unknown = await withRoutePreloads(html(), get("/no-such-page"), "/no-such-page", source(TABLE));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toContain("text/html");
    expect(await unknown.text()).toContain('<div id="root"></div>');
    const nested = await withRoutePreloads(html(), get("/t/9/extra"), "/t/9/extra", source(TABLE));
    expect(nested.status).toBe(404);
    for (const path of ["/tutors", "/t/9", "/t/dashboard"])
      expect((await withRoutePreloads(html(), get(path), path, source(TABLE))).status).toBe(200);
    // Without a table (a build that has none) nothing is known to be missing.
    expect(
      (await withRoutePreloads(html(), get("/no-such-page"), "/no-such-page", source(null))).status,
    ).toBe(200);
  });

  it("leaves alone what is not a 200 HTML page for a GET, or when the build has no table", async () => {
    const script = new Response("export {}", { headers: { "content-type": "text/javascript" } });
    expect(await withRoutePreloads(script, get("/tutors"), "/tutors", source(TABLE))).toBe(script);
    const missing = html("not found", 404);
    expect(await withRoutePreloads(missing, get("/tutors"), "/tutors", source(TABLE))).toBe(missing);
    const head = html();
    expect(await withRoutePreloads(head, get("/tutors", "HEAD"), "/tutors", source(TABLE))).toBe(head);
    expect(await (await withRoutePreloads(html(), get("/tutors"), "/tutors", source(null))).text()).toBe(
      SHELL,
    );
  });

  it("reads the table from the static files once, and treats a missing or malformed file as none", async () => {
    let reads = 0;
    const assets = (body: string | null) =>
      ({
        fetch: async (request: Request) => {
          reads += 1;
          expect(new URL(request.url).pathname).toBe("/route-preload.json");
          return body === null
            ? new Response("not found", { status: 404 })
            : new Response(body, { headers: { "content-type": "application/json" } });
        },
      }) as unknown as Fetcher;
    const good = assets(JSON.stringify(TABLE));
    expect(await assetsPreloadTable(good)()).toEqual(TABLE);
    expect(await assetsPreloadTable(good)()).toEqual(TABLE);
    expect(reads).toBe(1);
    expect(await assetsPreloadTable(assets(null))()).toBeNull();
    expect(await assetsPreloadTable(assets('{"files":[1],"table":[]}'))()).toBeNull();
  });

  it("never writes a chunk name that could break out of the attribute", async () => {
    const hostile: RoutePreloadTable = {
      files: ['x"><script>alert(1)</script>', "fine-1"],
      table: [["/tutors", [0, 1]]],
    };
    const page = await (await withRoutePreloads(html(), get("/tutors"), "/tutors", source(hostile))).text();
    expect(preloads(page)).toEqual(["/assets/fine-1.js"]);
    expect(page).not.toContain("alert(1)");
  });
});
