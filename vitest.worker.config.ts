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
        // wrangler.toml's consumer takes the notifications queue's messages in the background a
        // second after they are sent (max_batch_timeout = 1), so its D1 statements could land in
        // whichever test runs then. Here the Worker's own sends go to a queue nothing consumes;
        // a test that wants delivery hands the messages to the consumer itself (settle and
        // consume in tests/worker/factories-messaging.ts).
        queueProducers: { NOTIFICATIONS: { queueName: "dars-notifications-unconsumed-in-tests" } },
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
