// npm run build, last step: the service worker (web/src/features/pwa/sw.ts) bundled into
// web/dist/sw.js with the list of files it keeps at install (docs/phone.md). The list is read from
// the build: the entry and the app's start with their imports and stylesheet, the Arabic fonts,
// and the chunks of the screens that open offline or are visited most (web/src/routes.tsx), plus
// the shell page, the manifest and the icons.
// The version is a hash of that list and the worker's sources: any change makes a new worker.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "web/dist");
const source = path.join(root, "web/src/features/pwa");

/** The screens whose chunks are kept at install: the offline screen and the public pages most opened. */
const keptScreens = [
  "src/pages/upcoming-lessons/upcoming-lessons-page.tsx",
  "src/pages/home/home-page.tsx",
  "src/pages/tutors/tutors-page.tsx",
  "src/pages/tutor-profile/tutor-profile-page.tsx",
  "src/pages/pricing/pricing-page.tsx",
  "src/pages/faq/faq-page.tsx",
];

const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
const files = new Set();
const seen = new Set();
/** A chunk, its static imports, their stylesheets and fonts. */
function collect(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  files.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) files.add(`/${css}`);
  for (const asset of chunk.assets ?? []) if (asset.endsWith(".woff2")) files.add(`/${asset}`);
  for (const imported of chunk.imports ?? []) collect(imported);
}
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error("the build manifest has no entry");
collect(entryKey);
// The app's start (web/src/main.tsx imports web/src/boot.tsx in a task of its own).
for (const started of manifest[entryKey].dynamicImports ?? []) collect(started);
for (const screen of keptScreens) {
  if (!manifest[screen]) throw new Error(`${screen} is not in the build manifest`);
  collect(screen);
}
// The offline screen's page (the SPA's shell: the Worker answers it with index.html) and the app's files.
const precache = [
  "/upcoming-lessons",
  "/manifest.webmanifest",
  "/favicon.svg",
  ...readdirSync(path.join(dist, "icons"))
    .filter((name) => name.endsWith(".png"))
    .map((name) => `/icons/${name}`),
  ...[...files].sort(),
];
for (const url of precache.slice(1))
  if (!existsSync(path.join(dist, url.slice(1)))) throw new Error(`${url} is not in web/dist`);

const font = precache.find((url) => /ibm-plex-sans-arabic-arabic-400-normal.*\.woff2$/.test(url)) ?? null;
// Push and notification clicks (web/public/sw-push.js), when the build has them.
const push = existsSync(path.join(dist, "sw-push.js"));
const hash = createHash("sha256").update(JSON.stringify({ precache, push }));
for (const name of readdirSync(source).sort())
  if (statSync(path.join(source, name)).isFile()) hash.update(readFileSync(path.join(source, name)));
hash.update(readFileSync(path.join(root, "web/src/i18n/ar-EG-pwa.ts")));
const version = hash.digest("hex").slice(0, 12);

await build({
  configFile: false,
  root,
  logLevel: "warn",
  publicDir: false,
  define: { DARS_SW: JSON.stringify({ version, precache, font, push }) },
  build: {
    outDir: dist,
    emptyOutDir: false,
    copyPublicDir: false,
    // Readable in the browser's developer tools; it is a few kilobytes.
    minify: false,
    sourcemap: false,
    lib: {
      entry: path.join(source, "sw.ts"),
      formats: ["iife"],
      name: "darsServiceWorker",
      fileName: () => "sw.js",
    },
  },
});
const size = statSync(path.join(dist, "sw.js")).size;
console.log(
  `service worker ${version}: ${precache.length} files kept at install, ${(size / 1024).toFixed(1)} KB${push ? ", with push" : ""}`,
);
