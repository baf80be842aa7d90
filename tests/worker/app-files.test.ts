import { describe, expect, it } from "vitest";
import { isAppFile, serveAppFile } from "../../worker/seo/app-files";
import { ORIGIN } from "./helpers";

// The installed app's files (worker/seo/app-files.ts, docs/phone.md): a file from the build or a
// plain 404, never the SPA's page that the assets' single-page fallback would answer.
const assetsAnswering = (body: string, type: string, status = 200) =>
  ({
    fetch: async () => new Response(body, { status, headers: { "content-type": type } }),
  }) as unknown as Fetcher;
const get = (path: string) => new Request(ORIGIN + path);

describe("the installed app's files", () => {
  it("knows the manifest, the worker's scripts and the icons, and no page", () => {
    for (const path of ["/manifest.webmanifest", "/sw.js", "/sw-push.js", "/icons/icon-192.png"])
      expect(isAppFile(path), path).toBe(true);
    for (const path of ["/", "/tutors", "/icons/../index.html", "/assets/app.js"])
      expect(isAppFile(path), path).toBe(false);
  });

  it("serves the manifest and the worker with their types, revalidated on every request", async () => {
    const manifest = await serveAppFile(
      get("/manifest.webmanifest"),
      "/manifest.webmanifest",
      assetsAnswering("{}", "application/octet-stream"),
    );
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    const worker = await serveAppFile(
      get("/sw.js"),
      "/sw.js",
      assetsAnswering("self;", "application/javascript"),
    );
    expect(worker.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await worker.text()).toBe("self;");
  });

  it("answers 404 when the build has no such file, instead of the SPA's page", async () => {
    const shell = assetsAnswering("<!doctype html><div id=root></div>", "text/html; charset=utf-8");
    for (const path of ["/sw-push.js", "/manifest.webmanifest", "/icons/icon-512.png"]) {
      const response = await serveAppFile(get(path), path, shell);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type"), path).toBe("text/plain; charset=utf-8");
    }
    const missing = await serveAppFile(get("/sw.js"), "/sw.js", assetsAnswering("", "text/plain", 404));
    expect(missing.status).toBe(404);
  });
});
