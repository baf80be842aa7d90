import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The staging rehearsal's browser drive (tests/rehearsal/): run by `npm run rehearse`
// (scripts/rehearse.mjs), which starts the staging Worker and the emulator server first and passes
// their addresses and keys in REHEARSAL. One file, one long story, steps in order.
export default defineConfig({
  resolve: { alias: { "@schema": fileURLToPath(new URL("./schema", import.meta.url)) } },
  test: {
    include: ["tests/rehearsal/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/rehearsal/global-setup.ts"],
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
