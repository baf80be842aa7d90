/**
 * The files that make the SPA an installable app (docs/phone.md): the web app manifest, the
 * service worker (web/sw/sw.ts, built by scripts/build-sw.mjs), its push handlers and the icons.
 * They come from the build's static files, with the type and cache rule a browser expects; a build
 * without one answers 404, never the SPA's page (the assets' single-page fallback would otherwise
 * answer HTML, which a browser rejects as a manifest or a worker script only after fetching it).
 */
const appFileTypes: Record<string, string> = {
  "/manifest.webmanifest": "application/manifest+json; charset=utf-8",
  "/sw.js": "text/javascript; charset=utf-8",
  "/sw-push.js": "text/javascript; charset=utf-8",
};

/** Whether a path is one of the app's files (the manifest, the service worker's scripts, an icon). */
export function isAppFile(pathname: string): boolean {
  return pathname in appFileTypes || /^\/icons\/[\w.-]+\.png$/.test(pathname);
}

/** The app file from the static files, or a plain 404 when the build has none. */
export async function serveAppFile(request: Request, pathname: string, assets: Fetcher): Promise<Response> {
  const file = await assets.fetch(request);
  const html = file.headers.get("content-type")?.startsWith("text/html") ?? false;
  if (html || (file.status !== 200 && file.status !== 304))
    return new Response("Not found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  const type = appFileTypes[pathname];
  if (!type) return file;
  const served = new Response(file.body, file);
  served.headers.set("content-type", type);
  // Revalidated on every request: a new deploy's worker and manifest are seen at once (a worker's
  // own update check skips the HTTP cache anyway; the manifest does not).
  served.headers.set("cache-control", "no-cache");
  return served;
}
