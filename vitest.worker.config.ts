import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Worker tests run inside workerd with the real bindings of wrangler.toml; storage is isolated
// per test file (docs/platform-notes.md §1).
export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          ENVIRONMENT: "local",
          GOOGLE_CLIENT_ID: "dars-test.apps.googleusercontent.com",
          GOOGLE_JWKS_URL: "https://google-jwks.test/certs",
        },
      },
    }),
  ],
  test: {
    include: ["tests/worker/**/*.test.ts"],
    setupFiles: ["./tests/worker/setup.ts"],
    // The concurrency tests fire hundreds of requests; a 2-core CI machine needs the headroom.
    testTimeout: 30_000,
  },
}));
