import { createHash } from "node:crypto";
import type { Plugin } from "vite";
import { DEFAULT_TIME_ZONE } from "../../schema/time-zones";

/**
 * Loads the browser's date and number data (ICU) while the page waits for its styles and scripts,
 * not inside the first render.
 *
 * A page's first Intl.DateTimeFormat costs 25–70 ms on a desktop whatever its options (about
 * 100–280 ms on a phone, 4× slower): the browser loads the locale's calendar, number and time-zone
 * data once. The tutor list, a tutor's page and the lesson lists make their first formatter while
 * rendering, after the first paint, so that load was one long task (total blocking time: docs/performance.md).
 * After it, every further formatter costs about 1 ms.
 *
 * This small classic script, `async` and asked for first (right after <meta charset>, high fetch
 * priority), arrives long before the styles and the app's chunks and makes one formatter of each
 * kind in the app's locale (ar-EG, web/src/lib/format.ts) and the business time zone while the
 * main thread is otherwise idle. When the page has already painted (a slow network: it
 * came late), it does nothing, so it never adds a long task to an interactive page. It has no
 * import and no result: the app's own formatters (web/src/lib/format.ts) are made as before.
 */
export const warmIntlSource = `(function () {
  try {
    if (performance.getEntriesByType("paint").length > 0) return;
    new Intl.DateTimeFormat("ar-EG", { weekday: "long", day: "numeric", month: "long", hour: "numeric", minute: "numeric", timeZone: ${JSON.stringify(DEFAULT_TIME_ZONE)} }).format(0);
    new Intl.NumberFormat("ar-EG", { style: "currency", currency: "EGP" }).format(0);
  } catch (error) {
    // Nothing is warmed: the app's first formatter loads the data, as it would without this script.
  }
})();
`;

/** The script's file in the build: named by its content, so it is cached like the other assets. */
export const warmIntlFile = `assets/warm-intl-${createHash("sha256").update(warmIntlSource).digest("hex").slice(0, 8)}.js`;

/** The plugin: writes the script into the build and loads it first thing in index.html's <head>. */
export function warmIntl(): Plugin {
  return {
    name: "dars-warm-intl",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: warmIntlFile, source: warmIntlSource });
    },
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
        if (!charset) throw new Error("warm-intl: index.html has no <meta charset>");
        const at = charset.index + charset[0].length;
        return `${html.slice(0, at)}\n    <script async fetchpriority="high" src="/${warmIntlFile}"></script>${html.slice(at)}`;
      },
    },
  };
}
