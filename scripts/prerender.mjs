// npm run build, after `vite build`: prerenders the public pages (web/src/prerender.tsx lists
// them) into web/dist/prerendered/<name>.html, each the built index.html with the page's markup
// in #root (data-prerendered names its path, which web/src/boot.tsx hydrates). The Worker answers
// those paths with these files (worker/seo/pages.ts); every other path keeps the empty shell.
// The render runs in Node with a minimal browser-like global (happy-dom), as a visitor with no
// session sees the page before any data arrives.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Window } from "happy-dom";

// React's production build, as the browser runs it.
process.env.NODE_ENV = "production";
const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch],
  );
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "web/dist");
const ssrOut = path.join(root, ".wrangler/prerender");

rmSync(ssrOut, { recursive: true, force: true });
const build = spawnSync(
  process.execPath,
  [
    path.join(root, "node_modules/vite/bin/vite.js"),
    "build",
    "--ssr",
    "src/prerender.tsx",
    "--outDir",
    ssrOut,
    "--emptyOutDir",
    "--logLevel",
    "warn",
    "--manifest",
    "false",
  ],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, DARS_PRERENDER_BUILD: "1" },
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);

// Browser globals some modules read when they load (storage, location, navigator).
const window = new Window({ url: "http://prerender.local/" });
for (const name of [
  "window",
  "document",
  "localStorage",
  "sessionStorage",
  "location",
  "navigator",
  "matchMedia",
  "HTMLElement",
  "requestAnimationFrame",
  "cancelAnimationFrame",
]) {
  if (!(name in globalThis) || name === "navigator")
    Object.defineProperty(globalThis, name, {
      value: name === "window" ? window : window[name],
      configurable: true,
      writable: true,
    });
}

const { renderPage, prerenderedFiles, prerenderPathOf } = await import(
  pathToFileURL(path.join(ssrOut, "prerender.js")).href
);
const shell = readFileSync(path.join(dist, "index.html"), "utf8");
if (!shell.includes('<div id="root"></div>'))
  throw new Error('web/dist/index.html has no empty <div id="root"></div>');
const outDir = path.join(dist, "prerendered");
mkdirSync(outDir, { recursive: true });
for (const [pagePath, name] of Object.entries(prerenderedFiles)) {
  const { markup, title, description } = await renderPage(prerenderPathOf(pagePath));
  let html = shell.replace(
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${pagePath}">${markup}</div>`,
  );
  // The page's own title and description, as the SPA sets them once it runs (useDocumentTitle).
  if (title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  if (description)
    html = html.replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(description)}$2`);
  writeFileSync(path.join(outDir, `${name}.html`), html);
  console.log(
    `prerendered ${pagePath} → web/dist/prerendered/${name}.html (${(markup.length / 1024).toFixed(1)} KB of markup)`,
  );
}
// The pages are written; leave without waiting for happy-dom's timers (they kept Node alive).
process.exit(0);
