/**
 * Build-time plugin (vite.config.ts): lets a screen's scripts download together with the app's
 * entry, instead of after it (docs/performance.md: on a 1.6 Mbit/s line with 150 ms round trips, /tutors
 * waited for the 128 KB entry to arrive and run before it asked for its screen, so its screen
 * chunks only finished about 3.4 s in).
 *
 * Every screen in web/src/routes.tsx is a `lazyScreen(() => import("./pages/…"))` inside a route
 * object with its `path`. At build this plugin reads that file, works out each screen's full URL
 * pattern and the chunks its module needs beyond the entry's own, and writes the table to
 * `route-preload.json` beside index.html (its shape: schema/route-preloads.ts). The Worker puts a
 * `<link rel="modulepreload">` per chunk into each page it serves (worker/seo/route-preloads.ts),
 * so nothing extra runs before they start; the SPA reads the table after its first screen to
 * preload the next one on each navigation (web/src/lib/route-preload.ts). index.html itself gets
 * the entry's own imports as modulepreload links (Vite's module preload is off: vite.config.ts).
 */
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";
import { patternRank, ROUTE_PRELOAD_PATH } from "../../schema/route-preloads.ts";
import { preloadTable, routeScreensOf } from "./route-table.ts";

type Chunk = {
  type: "chunk";
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  isEntry: boolean;
};

/** The plugin: reads `routesFile` and writes the preload table into the build. */
export function routePreload(routesFile: string, webRoot: string): Plugin {
  return {
    name: "dars-route-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter(
          (file): file is typeof file & Chunk => file.type === "chunk",
        ) as unknown as Chunk[];
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error("route-preload: the build has no entry chunk");
        const closure = (start: Chunk, into: Set<string>) => {
          if (into.has(start.fileName)) return;
          into.add(start.fileName);
          for (const imported of start.imports) {
            const chunk = byFile.get(imported);
            if (chunk) closure(chunk, into);
          }
        };
        const chunkOfModule = (module: string) => {
          const id = `${webRoot}/${module}`;
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
          if (!chunk) throw new Error(`route-preload: no chunk for ${module} (web/src/routes.tsx)`);
          return chunk;
        };
        // The entry and the app's start (web/src/boot.tsx), which the entry imports with import() to
        // run it in a task of its own (web/src/main.tsx), yet every first load runs.
        const entryFiles = new Set<string>();
        closure(entry, entryFiles);
        for (const started of entry.dynamicImports) {
          const chunk = byFile.get(started);
          if (chunk) closure(chunk, entryFiles);
        }
        const screens = routeScreensOf(readFileSync(routesFile, "utf8")).sort(
          (a, b) => patternRank(b.pattern) - patternRank(a.pattern),
        );
        const files: string[] = [];
        const table: Array<[string, number[]]> = screens.map(({ pattern, modules }) => {
          const needed = new Set<string>();
          for (const module of modules) closure(chunkOfModule(module), needed);
          const indexes = [...needed]
            .filter((file) => !entryFiles.has(file))
            .map((file) => {
              if (!files.includes(file)) files.push(file);
              return files.indexOf(file);
            });
          return [pattern, indexes];
        });
        // `this` is the HTML plugin's build context here (Vite calls the hook with it): the table
        // becomes a file of the build beside index.html.
        (
          this as unknown as { emitFile(file: { type: "asset"; fileName: string; source: string }): string }
        ).emitFile({
          type: "asset",
          fileName: ROUTE_PRELOAD_PATH.slice(1),
          source: JSON.stringify(preloadTable(files, table)),
        });
        // The entry's own imports and the app's start, which Vite's module preload (turned off: vite.config.ts) would list.
        return [...entryFiles]
          .filter((file) => file !== entry.fileName)
          .map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
            injectTo: "head" as const,
          }));
      },
    },
  };
}
