/**
 * The public pages (and the sign-in page) prerendered to HTML at build (scripts/prerender.mjs renders them with
 * web/src/prerender.tsx into web/dist/prerendered/<name>.html) and answered with that file by the
 * Worker (worker/seo/pages.ts): path → file name.
 */
export const prerenderedPages = {
  "/": "home",
  "/pricing": "pricing",
  "/faq": "faq",
  "/tutor": "tutor",
  "/method": "method",
  "/about": "about",
  "/terms": "terms",
  "/privacy": "privacy",
  // The same form for every visitor: it paints before the scripts run (docs/performance.md). Until they have
  // taken it over its submit button is disabled (web/src/features/auth/login-form.tsx).
  "/login": "login",
} as const;

export type PrerenderedPath = keyof typeof prerenderedPages;

/**
 * Pages prerendered at build as the base the Worker fills in per request (worker/seo/pages.ts):
 * `/tutors` without a query is this file plus the page's tags and the list's first page inlined,
 * which the SPA puts in its cache once it has hydrated the markup (web/src/boot.tsx).
 */
export const prerenderedBases = {
  "/tutors": "tutors",
  // The layout with a tutor's profile still loading (rendered at /t/1 with no data), whose place
  // the Worker gives to the tutor's header (worker/seo/tutor-paint.ts). Not hydrated: the SPA's
  // first render replaces it (web/src/boot.tsx).
  "/t/{id}": "tutor-profile",
} as const;

/** The path a base is rendered at: a pattern's `{id}` is any id (its data is not fetched at build). */
export const prerenderPathOf = (pagePath: string) => pagePath.replace("{id}", "1");

/** Every file scripts/prerender.mjs writes: path → name under web/dist/prerendered/. */
export const prerenderedFiles = { ...prerenderedPages, ...prerenderedBases };

/**
 * A request path as a prerendered page's key: "/faq/" is the same page as "/faq" (one trailing
 * slash dropped, "/" kept). The Worker picks the file with it and the SPA checks with it that the
 * page it hydrates is the one it was sent (web/src/boot.tsx), so the two always agree.
 */
export function normalisePagePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/** The prerendered file's name for a request path (a trailing slash allowed), or null. */
export function prerenderedPageOf(pathname: string): string | null {
  const path = normalisePagePath(pathname);
  return Object.hasOwn(prerenderedPages, path) ? prerenderedPages[path as PrerenderedPath] : null;
}
