/**
 * Build-time plugin (vite.config.ts): the SPA's production build imports each `schema/api/<area>`
 * module as a copy without its zod schemas (docs/performance.md).
 *
 * The SPA calls the API through the contracts of schema/api/ (web/src/lib/client.ts), but at run
 * time it reads only a contract's method and path: the request and response schemas type the call
 * at compile time and check answers only while developing (`import.meta.env.DEV`). Importing the
 * real modules put zod (about 25 KB gzip, 89 KB of script) and the HTML sanitiser the field rules
 * use into the first load of /tutors, /t/{id} and every signed-in screen, for nothing.
 *
 * At build the real modules are evaluated once (Vite's module runner, with the same `@schema`
 * alias) and each is replaced by a module of plain data: a contract keeps its method, path,
 * status and its `body`/`response` only when they are markers ("multipart", "file", ...); a
 * constant (a number, a list of types, a table of statuses) keeps its value. A schema or a
 * function is left out, so a screen that imported one fails the build loudly instead of
 * silently loading zod. Types are untouched (TypeScript still reads the real modules), `vite`
 * while developing and the tests use the real modules, and web/src/lib/client.ts's `pathWith`
 * comes from schema/api/contract.ts, which has no schema and is not replaced.
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runnerImport, type Plugin } from "vite";
import { exportedNames, KEPT, splitImport, STUB, stubSource } from "./contract-stub-source.ts";

export function contractStubs(schemaDir: string, webSrc: string, cacheDir: string): Plugin {
  const apiDir = path.join(schemaDir, "api");
  let stubs: Map<string, { source: string; names: Set<string> }> | null = null;
  return {
    name: "dars-contract-stubs",
    // Before Vite's own resolver and the TypeScript transform: import lines are rewritten in the source.
    enforce: "pre",
    apply: (config, env) => env.command === "build" && !config.build?.ssr,
    async buildStart() {
      const areas = readdirSync(apiDir)
        .filter((file) => file.endsWith(".ts"))
        .map((file) => file.slice(0, -3))
        .filter((area) => !KEPT.has(area));
      // One module that imports every area, evaluated once by Vite's module runner.
      mkdirSync(cacheDir, { recursive: true });
      const entry = path.join(cacheDir, "all-contracts.ts");
      writeFileSync(
        entry,
        areas
          .map(
            (area, index) => `export * as m${index} from ${JSON.stringify(path.join(apiDir, `${area}.ts`))};`,
          )
          .join("\n"),
      );
      const { module } = await runnerImport<Record<string, Record<string, unknown>>>(entry, {
        configFile: false,
        logLevel: "error",
        resolve: { alias: { "@schema": schemaDir } },
      });
      stubs = new Map(
        areas.map((area, index) => {
          const source = stubSource(module[`m${index}`] ?? {});
          return [area, { source, names: exportedNames(source) }];
        }),
      );
    },
    transform: {
      filter: { id: /\.tsx?$/ },
      handler(code, id) {
        if (!stubs || !id.startsWith(webSrc)) return null;
        let changed = false;
        const rewritten = code.replace(
          /^import\s*\{([^}]*)\}\s*from\s*"@schema\/api\/([\w-]+)";/gm,
          (line, specifiers: string, area: string) => {
            const stub = stubs!.get(area);
            if (!stub) return line;
            changed = true;
            return splitImport(specifiers, area, stub.names);
          },
        );
        // `(await import("@schema/api/x")).name`: the one name read is known, so a stubbed one comes from the stub.
        const withDynamic = rewritten.replace(
          /\(await import\("@schema\/api\/([\w-]+)"\)\)\.(\w+)/g,
          (expression, area: string, name: string) => {
            if (!stubs!.get(area)?.names.has(name)) return expression;
            changed = true;
            return `(await import("${STUB}${area}")).${name}`;
          },
        );
        return changed ? { code: withDynamic, map: null } : null;
      },
    },
    resolveId(source) {
      return source.startsWith(STUB) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${STUB}`)) return null;
      return stubs?.get(id.slice(STUB.length + 1))?.source ?? null;
    },
  };
}
