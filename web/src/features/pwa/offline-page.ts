import { arPwa } from "../../i18n/ar-EG-pwa";

/**
 * The page the service worker answers a failed navigation with (docs/phone.md): Arabic, right to
 * left, in the app's font when it is cached (`fontUrl`, the build's Arabic font file) and colours
 * (web/src/styles.css), readable at 360 px, with a retry button that reloads and a link to the
 * lessons kept offline. No script: the page works under the product's Content-Security-Policy.
 */
export function offlinePageHtml(fontUrl: string | null): string {
  const t = arPwa.offline;
  const font = fontUrl
    ? `@font-face{font-family:"IBM Plex Sans Arabic";font-weight:400;font-display:swap;src:url(${fontUrl}) format("woff2")}`
    : "";
  return `<!doctype html>
<html lang="ar-EG" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0f766e">
<title>${t.title} | درس</title>
<style>
${font}
*{box-sizing:border-box}
body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;background:#f8fafc;color:#0f172a;font-family:"IBM Plex Sans Arabic",system-ui,sans-serif;line-height:1.7}
main{max-width:28rem;margin-inline:1rem;padding:2rem 1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;text-align:center}
h1{font-size:1.5rem;margin-block:0 .75rem}
p{margin-block:0 1rem;color:#334155}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;justify-content:center;margin-block-start:1.5rem}
a{display:inline-flex;align-items:center;min-height:2.75rem;padding-inline:1.25rem;border-radius:.5rem;font-weight:600;text-decoration:none}
.primary{background:#0f766e;color:#fff}
.secondary{border:1px solid #0f766e;color:#115e59}
a:focus-visible{outline:3px solid #0d9488;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${t.title}</h1>
<p>${t.body}</p>
<p>${t.hint}</p>
<div class="actions">
<a class="primary" href="">${t.retry}</a>
<a class="secondary" href="/upcoming-lessons">${t.lessons}</a>
</div>
</main>
</body>
</html>`;
}
