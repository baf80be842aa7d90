/**
 * The public pages prerendered to HTML at build (scripts/prerender.mjs renders them with
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
} as const;

export type PrerenderedPath = keyof typeof prerenderedPages;

/** The prerendered file's name for a request path (a trailing slash allowed), or null. */
export function prerenderedPageOf(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  return Object.hasOwn(prerenderedPages, path) ? prerenderedPages[path as PrerenderedPath] : null;
}
