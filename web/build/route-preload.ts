/**
 * Build-time plugin (vite.config.ts): starts downloading the current screen's scripts together
 * with the app's entry, instead of after it (issue 21: on a 1.6 Mbit/s line with 150 ms round
 * trips, /tutors waited for the 128 KB entry to arrive and run before it asked for its screen,
 * so its screen chunks only finished about 3.4 s in).
 *
 * Every screen in web/src/routes.tsx is a `lazyScreen(() => import("./pages/…"))` inside a route
 * object with its `path`. At build this plugin reads that file, works out each screen's full URL
 * pattern and the chunks its module needs beyond the entry's own, and writes a tiny script
 * (`assets/route-preload-<hash>.js`, loaded `async` from index.html, so the CSP's
 * `script-src 'self'` allows it) that matches `location.pathname` and adds a
 * `<link rel="modulepreload">` per chunk. The prerendered pages and the Worker's /tutors and
 * /t/{id} pages are built from the same index.html, so they carry it too.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";
import { patternRank, preloadScript, routeScreensOf } from "./route-table.ts";

type Chunk = { type: "chunk"; fileName: string; facadeModuleId: string | null; imports: string[]; isEntry: boolean };

/** The plugin: reads `routesFile` and writes the preload script into the build, linked from index.html. */
export function routePreload(routesFile: string, webRoot: string): Plugin {
  return {
    name: "dars-route-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((file): file is typeof file & Chunk => file.type === "chunk") as unknown as Chunk[];
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
        const entryFiles = new Set<string>();
        closure(entry, entryFiles);
        const chunkOfModule = (module: string) => {
          const id = `${webRoot}/${module}`;
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
          if (!chunk) throw new Error(`route-preload: no chunk for ${module} (web/src/routes.tsx)`);
          return chunk;
        };
        // The admin area is a desktop work tool on office connections: its 20-odd screens would double
        // the table every visitor downloads, so its chunks load the ordinary way.
        const screens = routeScreensOf(readFileSync(routesFile, "utf8"))
          .filter(({ pattern }) => !pattern.startsWith("/admin"))
          .sort((a, b) => patternRank(b.pattern) - patternRank(a.pattern));
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
        const source = preloadScript(files, table);
        const fileName = `assets/route-preload-${createHash("sha256").update(source).digest("hex").slice(0, 8)}.js`;
        // `this` is the HTML plugin's build context here (Vite calls the hook with it): the script
        // becomes a file of the build beside the chunks.
        (this as unknown as { emitFile(file: { type: "asset"; fileName: string; source: string }): string }).emitFile({ type: "asset", fileName, source });
        // The entry's own imports, which Vite's module preload (turned off: vite.config.ts) used to list.
        const entryImports = [...entryFiles]
          .filter((file) => file !== entry.fileName)
          .map((file) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` }, injectTo: "head" as const }));
        return [{ tag: "script", attrs: { type: "module", async: true, src: `/${fileName}` }, injectTo: "head-prepend" }, ...entryImports];
      },
    },
  };
}
