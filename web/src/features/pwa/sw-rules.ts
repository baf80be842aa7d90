/**
 * What the service worker (web/src/features/pwa/sw.ts) does with each request, as pure rules that
 * the worker, the page and the tests (tests/web/pwa-rules.test.ts) share (docs/phone.md).
 * No imports: the worker's bundle stays small.
 */

/** The caches, by name; a new version of the worker keeps only the ones named here. */
export const cacheNames = {
  /** The app shell, fonts and the hashed files the build lists (scripts/build-sw.mjs), per version. */
  precache: (version: string) => `dars-precache-${version}`,
  /** Other hashed files (/assets/*), fetched once and kept: their names change with their content. */
  assets: "dars-assets",
  /** The public pages, served at once and refreshed behind (stale-while-revalidate). */
  pages: "dars-pages",
  /** Tutor photos (the public uploads), the same way. */
  photos: "dars-photos",
  /** The signed-in user's upcoming lessons, the last answer per user (network first). */
  lessons: "dars-lessons",
} as const;

/** At most this many entries per runtime cache (the oldest go first). */
export const cacheLimits = { assets: 120, pages: 40, photos: 80, lessons: 10 } as const;

/** The header the worker adds to a stored lessons answer: when it was received (ISO). */
export const savedAtHeader = "x-dars-saved-at";

/** Where the worker has its offline page (answered from the worker itself, never fetched). */
export const offlinePath = "/offline";

export type Strategy =
  /** Not touched: the browser goes to the network as if there were no worker. */
  | "bypass"
  /** The cached copy, or the network once (the build's files, hashed /assets/*). */
  | "cache-first"
  /** A public page or a tutor photo: the cached copy at once, refreshed behind. */
  | "stale-while-revalidate"
  /** The upcoming lessons list: the network, the last answer when it fails. */
  | "lessons"
  /** A public page with the Worker's data inlined (/tutors, /t/{id}): the network, the kept copy offline. */
  | "network-first-page"
  /** Any other page: the network; offline, the shell for the screens that work offline, else the offline page. */
  | "navigation";

/**
 * The public pages kept for offline (the Worker's prerendered and SEO pages: worker/seo/pages.ts).
 * /tutors and /t/{id} carry the Worker's data inlined (prices, free times), which the SPA trusts for
 * a while: they come from the network first and from the cache only offline, so a kept copy
 * never shows yesterday's free times.
 */
const pagesWithData = [/^\/tutors\/?$/, /^\/t\/[^/]+\/?$/];
const publicPages = [
  /^\/$/,
  /^\/pricing\/?$/,
  /^\/plans\/?$/,
  /^\/faq(\/[^/]+)?\/?$/,
  /^\/about\/?$/,
  /^\/method\/?$/,
  /^\/tutor\/?$/,
  /^\/terms\/?$/,
  /^\/privacy\/?$/,
];

/** The screens whose page the worker answers offline with the app shell (their data is kept too). */
export const offlineScreens = [/^\/upcoming-lessons\/?$/];

/**
 * Paths the worker never touches: the local environment's routes, the realtime sockets, payments
 * (checkout, the card-added return from 3-D Secure, Fawry's pages and callbacks) and its own scripts.
 */
const neverTouched = [
  /^\/api\/v1\/dev(\/|$)/,
  /^\/dev(\/|$)/,
  /^\/parties\//,
  /^\/checkout(\/|$)/,
  /^\/card-added(\/|$)/,
  /^\/payments(\/|$)/,
  /fawry/i,
  /3ds|three-?d-?secure/i,
  /^\/sw(-push)?\.js$/,
];

/**
 * The screens where the page must not reload by itself: booking and paying, a lesson's room and
 * the other live rooms (web/src/routes.tsx: /lesson/:id, /session, /interview/:id, /demo-session/:id).
 * A new version waits there until the user has left them (web/src/features/pwa/pwa-prompts.tsx).
 */
const busyScreens = [
  /^\/checkout(\/|$)/,
  /^\/card-added(\/|$)/,
  /^\/lesson\/[^/]+/,
  /^\/session(\/|$)/,
  /^\/interview\/[^/]+/,
  /^\/demo-session\/[^/]+/,
  /^\/t\/[^/]+\/book/,
];

/** Whether an update or an install prompt must wait: the user is booking, paying or in a lesson. */
export function isBusyPath(pathname: string, bookingOpen = false): boolean {
  return bookingOpen || busyScreens.some((pattern) => pattern.test(pathname));
}

/** The lesson list's upcoming tab (GET /api/v1/lesson/list/ with when=now or when=future). */
export function isUpcomingLessons(url: URL): boolean {
  return (
    /^\/api\/v1\/lesson\/list\/?$/.test(url.pathname) &&
    ["now", "future"].includes(url.searchParams.get("when") ?? "")
  );
}

type RequestFacts = { method: string; mode: string; url: string };

/** How the worker answers a request from a page on `origin`. */
export function strategyFor(request: RequestFacts, origin: string): Strategy {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== origin) return "bypass";
  if (neverTouched.some((pattern) => pattern.test(url.pathname))) return "bypass";
  if (url.pathname.startsWith("/api/")) {
    if (isUpcomingLessons(url)) return "lessons";
    if (url.pathname.startsWith("/api/v1/assets/uploads/")) return "stale-while-revalidate";
    return "bypass";
  }
  if (request.mode === "navigate") {
    if (publicPages.some((pattern) => pattern.test(url.pathname))) return "stale-while-revalidate";
    if (pagesWithData.some((pattern) => pattern.test(url.pathname))) return "network-first-page";
    return "navigation";
  }
  if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/icons/")) return "cache-first";
  if (url.pathname === "/favicon.svg" || url.pathname === "/manifest.webmanifest") return "cache-first";
  return "bypass";
}

/** Which runtime cache a stale-while-revalidate request goes to. */
export function runtimeCacheFor(url: URL): "pages" | "photos" {
  return url.pathname.startsWith("/api/") ? "photos" : "pages";
}

/** The cache key of a lessons answer: the request's URL with the user it belongs to. */
export function lessonsCacheKey(url: string, userId: number): string {
  const key = new URL(url);
  key.searchParams.set("dars-user", String(userId));
  return key.href;
}

/** The user id in a bearer token's payload (its middle part), or null (no token, not ours). */
export function userIdOfAuthorization(header: string | null): number | null {
  const payload = header?.match(/^Bearer [\w-]+\.([\w-]+)\./)?.[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const value: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "=")));
    const id = (value as { id?: unknown } | null)?.id;
    return typeof id === "number" && Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}
