import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Browser end-to-end tests: one local server started the way `npm start` does (global setup),
// Debian's Chromium driven by playwright-core. Files run one after another (one server, 2 cores).
export default defineConfig({
  resolve: { alias: { "@schema": fileURLToPath(new URL("./schema", import.meta.url)) } },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/e2e/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
