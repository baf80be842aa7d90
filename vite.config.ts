// The SPA (web/). Build: `npx vite build` → web/dist. Dev: `npx vite` with the API Worker
// (`wrangler dev`, port 8787) behind the proxy. https://vite.dev/config/
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { bootChunk } from "./web/build/boot-chunk.ts";
import { buildConstants } from "./web/build/build-constants.ts";
import { contractStubs } from "./web/build/contract-stubs.ts";
import { routePreload } from "./web/build/route-preload.ts";
import { warmIntl } from "./web/build/warm-intl.ts";

const apiOrigin = "http://127.0.0.1:8787";
const boot = bootChunk(
  fileURLToPath(new URL("./web/src/main.tsx", import.meta.url)),
  fileURLToPath(new URL("./web/src/boot.tsx", import.meta.url)),
);

/**
 * Preloads the one font file every first screen paints with (IBM Plex Sans Arabic, Arabic
 * letters, regular weight: body text and the largest paint), so text is not repainted and
 * reflowed when it arrives late (layout shift: docs/performance.md). The other weights and subsets load
 * as the CSS asks for them (font-display: swap).
 */
function preloadArabicFont(): Plugin {
  return {
    name: "dars-preload-arabic-font",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const font = Object.values(context.bundle ?? {}).find((file) =>
          /ibm-plex-sans-arabic-arabic-400-normal.*\.woff2$/.test(file.fileName),
        );
        if (!font) return [];
        return [
          {
            tag: "link",
            attrs: {
              rel: "preload",
              as: "font",
              type: "font/woff2",
              href: `/${font.fileName}`,
              crossorigin: "",
            },
            injectTo: "head",
          },
        ];
      },
    },
  };
}

export default defineConfig({
  root: "web",
  plugins: [
    react(),
    tailwindcss(),
    preloadArabicFont(),
    warmIntl(),
    boot.plugin,
    contractStubs(
      fileURLToPath(new URL("./schema", import.meta.url)),
      fileURLToPath(new URL("./web/src", import.meta.url)),
      fileURLToPath(new URL("./node_modules/.cache/dars-contracts", import.meta.url)),
    ),
    routePreload(
      fileURLToPath(new URL("./web/src/routes.tsx", import.meta.url)),
      fileURLToPath(new URL("./web", import.meta.url)),
    ),
  ],
  define: buildConstants(),
  resolve: {
    // Shared contracts, enums, rules and error codes (also imported by the Worker).
    alias: { "@schema": fileURLToPath(new URL("./schema", import.meta.url)) },
  },
  server: {
    proxy: {
      "/api": { target: apiOrigin, changeOrigin: true },
      "/parties": { target: apiOrigin, changeOrigin: true, ws: true },
    },
  },
  build: {
    // Relative to `root`, so the output is web/dist.
    outDir: "dist",
    emptyOutDir: true,
    // Built for error reporting, never served: no sourceMappingURL comment in the files,
    // web/public/.assetsignore keeps the maps out of a deploy and the Worker answers 404 for them.
    sourcemap: "hidden",
    // web/dist/.vite/manifest.json: which chunks each entry and screen loads, read by the bench
    // (tests/bench/first-load.mjs) to print the first-load JavaScript per route. Never served:
    // web/public/.assetsignore keeps .vite out of a deploy.
    manifest: true,
    // A lazy screen's chunks are preloaded by index.html's route-preload script (web/build/route-preload.ts),
    // on the first load and on each navigation: Vite's own table of every chunk's dependencies would
    // be a second copy of it in the entry (about 4 KB gzip of every first load: docs/performance.md).
    modulePreload: false,
    rolldownOptions: { output: { codeSplitting: { groups: boot.groups }, postBanner: boot.postBanner } },
  },
});
