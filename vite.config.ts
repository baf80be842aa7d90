// The SPA (web/). Build: `npx vite build` → web/dist. Dev: `npx vite` with the API Worker
// (`wrangler dev`, port 8787) behind the proxy. https://vite.dev/config/
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiOrigin = "http://127.0.0.1:8787";

export default defineConfig({
  root: "web",
  plugins: [react(), tailwindcss()],
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
  },
});
