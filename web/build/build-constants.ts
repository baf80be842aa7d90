/**
 * Values fixed when the SPA is built, given to Vite's `define` (vite.config.ts, and the web tests'
 * vitest.web.config.ts) and declared in web/src/vite-env.d.ts.
 *
 * The footer's copyright year is the build's, written in Arabic digits by Node's Intl here: made in
 * the browser, it was the first Intl formatter of the page and cost a phone's first script task
 * about 120 ms loading the number data (total blocking time: docs/performance.md), for a number known at build.
 */
export function buildConstants(now: Date = new Date()): Record<string, string> {
  return {
    __COPYRIGHT_YEAR__: JSON.stringify(
      new Intl.NumberFormat("ar-EG", { useGrouping: false }).format(now.getFullYear()),
    ),
  };
}
