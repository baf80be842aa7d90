import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Worker tests run inside workerd with the real bindings of wrangler.toml; storage is isolated
// per test file. wrangler.toml describes production; the tests run the local environment, as
// .dev.vars.example does for npm start (no real Fawry or email provider).
export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      // The local entry: the Worker with the emulators in-process (wrangler.toml's main has none).
      main: "./emulators/local.ts",
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          ENVIRONMENT: "local",
          CLIENT_ENVIRONMENT: "local",
          APP_ORIGINS: "http://127.0.0.1:5173,http://localhost:5173",
          FAWRY_BASE_URL: "",
          EMAIL_API_URL: "",
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
