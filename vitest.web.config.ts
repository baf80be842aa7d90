// Component and unit tests of the SPA (tests/web), in happy-dom. https://vitest.dev/config/
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { buildConstants } from "./web/build/build-constants.ts";

export default defineConfig({
  plugins: [react()],
  define: buildConstants(),
  resolve: {
    alias: { "@schema": fileURLToPath(new URL("./schema", import.meta.url)) },
  },
  test: {
    name: "web",
    environment: "happy-dom",
    include: ["tests/web/**/*.test.ts", "tests/web/**/*.test.tsx"],
    restoreMocks: true,
  },
});
