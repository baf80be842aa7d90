// npm run dev: the SPA and the Worker in ONE Vite process with hot reload (docs/architecture.md).
// @cloudflare/vite-plugin runs the Worker in workerd inside Vite's dev server: the API, the
// Durable Objects, the queues and the local emulators (the local entry, emulators/local.ts) answer
// on the same origin as the SPA, and both reload on save. State is the folder npm start uses
// (or DARS_STATE).
// `npm run build` and `npm start` do not use this file (vite.config.ts builds the SPA alone).
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig, mergeConfig, type Plugin } from "vite";
import { ensureDevVars, parseDevVars } from "./scripts/local-vars.mjs";
import base from "./vite.config";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// Every local value, not only the keys wrangler.toml declares (see scripts/local-vars.mjs).
/** The newest date the plugin's Workers runtime accepts (its workerd 1.20261012 answers 2026-10-19). */
const DEV_RUNTIME_DATE = "2026-10-19";
const devDate = (date: string | undefined) => (date && date < DEV_RUNTIME_DATE ? date : DEV_RUNTIME_DATE);
const localVars = parseDevVars(readFileSync(ensureDevVars(here(".")), "utf8"));

/**
 * Vite's dev page starts React's fast refresh with an inline script, which the product's
 * Content-Security-Policy (worker/http/security-headers.ts: scripts only from this origin) refuses.
 * In this dev server only, the policy the Worker sends gets 'unsafe-inline' for scripts; the
 * Worker itself, npm start, the tests and deploys keep the strict policy.
 */
function allowDevInlineScripts(): Plugin {
  const relax = (value: unknown) =>
    String(value).replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");
  return {
    name: "dars-dev-inline-scripts",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((_request, response, next) => {
        const setHeader = response.setHeader.bind(response);
        response.setHeader = (name, value) =>
          setHeader(name, name.toLowerCase() === "content-security-policy" ? relax(value) : value);
        next();
      });
    },
  };
}

export default mergeConfig(
  { ...base, server: { ...base.server, proxy: undefined } },
  defineConfig({
    plugins: [
      allowDevInlineScripts(),
      cloudflare({
        configPath: here("./wrangler.toml"),
        // The local entry: the product plus its in-process emulators and demo seed.
        // The plugin's own workerd (it pins its Workers runtime) supports dates up to DEV_RUNTIME_DATE;
        // npm start, the tests and deploys run wrangler.toml's date.
        config: (worker) => ({
          main: here("./emulators/local.ts"),
          vars: { ...worker.vars, ...localVars },
          compatibility_date: devDate(worker.compatibility_date),
        }),
        // The storage npm start uses, or DARS_STATE (scripts/dev.mjs applies the migrations there).
        persistState: { path: resolve(here("."), process.env.DARS_STATE ?? ".wrangler/state") },
        inspectorPort: false,
      }),
    ],
    server: { host: "127.0.0.1", port: Number(process.env.PORT ?? 5173), strictPort: true },
  }),
);
