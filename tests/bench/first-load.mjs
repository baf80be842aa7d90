// First-load JavaScript per route, read from the Vite build manifest (web/dist/.vite/manifest.json):
// the entry, its static imports, what it imports with import() to start the app (web/src/boot.tsx, see
// web/src/main.tsx) and their imports, the route's lazy screen chunk and that chunk's static imports,
// each file counted once, gzip-compressed as the Worker serves them (docs/performance.md: ≤ 120 KB for / and /login).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const FIRST_LOAD_LIMIT_KB = 120;

/** The screen module each measured route loads (web/src/routes.tsx). */
export const routeScreens = {
  "/": "src/pages/home/home-page.tsx",
  "/login": "src/pages/login/login-page.tsx",
  "/tutors": "src/pages/tutors/tutors-page.tsx",
  "/t/{id}": "src/pages/tutor-profile/tutor-profile-page.tsx",
  "/upcoming-lessons": "src/pages/upcoming-lessons/upcoming-lessons-page.tsx",
};

/** { route: { files, rawBytes, gzipBytes } } for every route in routeScreens. */
export function firstLoadSizes(distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, ".vite", "manifest.json"), "utf8"));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error("the build manifest has no entry");
  const collect = (key, seen) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) collect(imported, seen);
  };
  const sizes = {};
  for (const [route, screen] of Object.entries(routeScreens)) {
    const keys = new Set();
    collect(entryKey, keys);
    // The app's start, which the entry imports in a task of its own (web/src/main.tsx).
    for (const started of manifest[entryKey].dynamicImports ?? []) collect(started, keys);
    collect(screen, keys);
    const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith(".js"));

    let rawBytes = 0;
    let gzipBytes = 0;
    for (const file of files) {
      const bytes = readFileSync(join(distDir, file));
      rawBytes += bytes.length;
      gzipBytes += gzipSync(bytes, { level: 9 }).length;
    }
    sizes[route] = { files, rawBytes, gzipBytes };
  }
  return sizes;
}

/** Prints one line per route with PASS/FAIL against the limit (the limit applies to / and /login). */
export function printFirstLoad(sizes, print = console.log) {
  print("First-load JavaScript (build manifest, gzip):");
  for (const [route, size] of Object.entries(sizes)) {
    const kb = size.gzipBytes / 1024;
    const goal = route === "/" || route === "/login" ? (kb <= FIRST_LOAD_LIMIT_KB ? "PASS" : "FAIL") : "info";
    print(
      `  ${route.padEnd(18)} ${kb.toFixed(1).padStart(6)} KB gzip (${(size.rawBytes / 1024).toFixed(0)} KB raw, ${size.files.length} files)  ≤ ${FIRST_LOAD_LIMIT_KB} KB: ${goal}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printFirstLoad(firstLoadSizes(new URL("../../web/dist", import.meta.url).pathname));
}
