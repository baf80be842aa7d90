/**
 * Dars's service worker (docs/phone.md), built by scripts/build-sw.mjs into web/dist/sw.js with
 * the build's list of files to keep (`DARS_SW`). What it does with each request is decided by
 * web/src/features/pwa/sw-rules.ts:
 * - the app shell, its fonts and the build's first-screen files are kept at install (precache);
 * - other hashed files are kept the first time they load (their names change with their content);
 * - public pages and tutor photos answer from the cache at once and are refreshed behind, each cache
 *   capped in entries;
 * - the API is never cached, except the signed-in user's upcoming lessons (network first, kept
 *   per user, shown offline with the time it was received);
 * - a page that cannot load offline gets the Arabic offline page (web/src/features/pwa/offline-page.ts);
 * - the local environment's routes, payments, 3-D Secure and the realtime sockets are never touched.
 * A new version waits until the page asks it to take over (the «حدّث» button,
 * web/src/features/pwa/pwa-prompts.tsx); the page then reloads once.
 */
import { offlinePageHtml } from "./offline-page";
import {
  cacheLimits,
  cacheNames,
  lessonsCacheKey,
  offlineScreens,
  runtimeCacheFor,
  savedAtHeader,
  strategyFor,
  userIdOfAuthorization,
} from "./sw-rules";

/** Written by scripts/build-sw.mjs: the build's version, the files to keep, the Arabic font, push. */
declare const DARS_SW: { version: string; precache: string[]; font: string | null; push: boolean };
const build = DARS_SW;

// The parts of the service worker's global scope used here (the SPA's tsconfig has the DOM's types,
// not the worker's).
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type MessageEvent = ExtendableEvent & { data: unknown };
type Scope = {
  location: Location;
  skipWaiting(): Promise<void>;
  registration: { navigationPreload?: { enable(): Promise<void> } };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
};
declare function importScripts(...urls: string[]): void;
const sw = self as unknown as Scope;

// Push and notification clicks live in their own script (web/public/sw-push.js), imported only
// when the build has it.
if (build.push) importScripts("/sw-push.js");

const precache = cacheNames.precache(build.version);
// The shell of the offline screen: the SPA's page as the Worker answers /upcoming-lessons (precached).
const shellUrl = "/upcoming-lessons";

sw.addEventListener("install", (event) => {
  event.waitUntil(caches.open(precache).then((cache) => cache.addAll(build.precache)));
});

sw.addEventListener("activate", (event) => {
  // The other versions' files go, and the pages kept by them (their script names are gone). No
  // clients.claim(): a page loaded without the worker stays so until its next load, as it started.
  const kept = new Set<string>([precache, cacheNames.assets, cacheNames.photos, cacheNames.lessons]);
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => !kept.has(name)).map((name) => caches.delete(name))),
      ),
  );
});

sw.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "skip-waiting") void sw.skipWaiting();
});

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  const strategy = strategyFor(request, sw.location.origin);
  if (strategy === "bypass") return;
  if (strategy === "cache-first") event.respondWith(cacheFirst(request));
  else if (strategy === "stale-while-revalidate") event.respondWith(staleWhileRevalidate(event));
  else if (strategy === "lessons") event.respondWith(lessons(request));
  else if (strategy === "network-first-page") event.respondWith(networkFirstPage(request));
  else event.respondWith(navigation(request));
});

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith("/assets/"))
    await keep(cacheNames.assets, request, response.clone(), cacheLimits.assets);
  return response;
}

async function staleWhileRevalidate(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const kind = runtimeCacheFor(new URL(request.url));
  const cacheName = cacheNames[kind];
  const cached = await caches.match(request, { cacheName, ignoreVary: true });
  const fresh = fetch(request).then(async (response) => {
    // A page only when it is one (not a 404 page nor a redirect to sign in).
    if (response.ok && response.type === "basic")
      await keep(cacheName, request, response.clone(), cacheLimits[kind]);
    return response;
  });
  if (cached) {
    event.waitUntil(fresh.catch(() => undefined));
    return cached;
  }
  try {
    return await fresh;
  } catch (error) {
    if (request.mode === "navigate") return offlinePage();
    throw error;
  }
}

/** A public page with inlined data: the network (kept), the kept copy offline, else the offline page. */
async function networkFirstPage(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic")
      await keep(cacheNames.pages, request, response.clone(), cacheLimits.pages);
    return response;
  } catch {
    return (await caches.match(request, { cacheName: cacheNames.pages, ignoreVary: true })) ?? offlinePage();
  }
}

/** The upcoming lessons: the network; when it fails, this user's last answer with the time it came. */
async function lessons(request: Request): Promise<Response> {
  const userId = userIdOfAuthorization(request.headers.get("authorization"));
  if (userId === null) return fetch(request);
  const key = lessonsCacheKey(request.url, userId);
  try {
    const response = await fetch(request);
    if (response.ok) {
      const headers = new Headers(response.headers);
      headers.set(savedAtHeader, new Date().toISOString());
      const body = await response.clone().arrayBuffer();
      await keep(cacheNames.lessons, key, new Response(body, { status: 200, headers }), cacheLimits.lessons);
    } else if (response.status === 401) {
      // The session is over: its lessons are not kept.
      await caches.open(cacheNames.lessons).then((cache) => cache.delete(key));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(key, { cacheName: cacheNames.lessons });
    if (cached) return cached;
    throw error;
  }
}

/** Any other page: the network; offline, the app shell for the screens that work offline, else the offline page. */
async function navigation(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const offlineScreen = offlineScreens.some((pattern) => pattern.test(pathname));
  try {
    const response = await fetch(request);
    if (offlineScreen && response.ok)
      await keep(cacheNames.pages, request, response.clone(), cacheLimits.pages);
    return response;
  } catch {
    if (offlineScreen) {
      const cached =
        (await caches.match(request, { cacheName: cacheNames.pages, ignoreVary: true })) ??
        (await caches.match(shellUrl, { cacheName: precache }));
      if (cached) return cached;
    }
    return offlinePage();
  }
}

function offlinePage(): Response {
  return new Response(offlinePageHtml(build.font), {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; base-uri 'none'",
    },
  });
}

/** Stores an answer and drops the cache's oldest entries beyond `limit` (keys keep insertion order). */
async function keep(cacheName: string, request: Request | string, response: Response, limit: number) {
  const cache = await caches.open(cacheName);
  await cache.delete(request);
  await cache.put(request, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((key) => cache.delete(key)));
}
