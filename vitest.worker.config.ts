import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig, type ViteUserConfig } from "vitest/config";

/**
 * The packages the code under test imports by name (every entry point used, e.g. "drizzle-orm" and
 * "drizzle-orm/sqlite-core"), read from the sources so a new import is bundled with the rest.
 * Every test file starts its own runtime, which loads the Worker's whole module graph again, one
 * module per round trip between workerd and vitest; unbundled, the packages alone are some 900
 * modules (zod, drizzle, Sentry, hono, livekit-server-sdk). Pre-bundled by Vite's dependency
 * optimizer they are a handful. An entry point left out would load beside its bundled package as a
 * second copy (its classes and module state apart), so every one the sources import is listed.
 */
function importedPackages(dirs: string[]): string[] {
  const specifiers = new Set<string>();
  const statement = /^\s*(?:import|export)(?!\s+type\b)[^;"]*?(?:from\s*)?"([^"./][^"]*)"/gm;
  const dynamic = /\bimport\(\s*"([^"./][^"]*)"\s*\)/g;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.(ts|tsx|js|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        const source = readFileSync(file, "utf8");
        for (const match of source.matchAll(statement)) specifiers.add(match[1]!);
        for (const match of source.matchAll(dynamic)) specifiers.add(match[1]!);
      }
    }
  };
  for (const dir of dirs) visit(dir);
  return [...specifiers]
    .filter((specifier) => !/^(node|cloudflare|workerd):/.test(specifier))
    .filter((specifier) => {
      const name = specifier
        .split("/")
        .slice(0, specifier.startsWith("@") ? 2 : 1)
        .join("/");
      // vitest and the plugin run the tests; they are not code under test.
      return name !== "vitest" && !name.startsWith("@cloudflare/") && existsSync(`node_modules/${name}`);
    })
    .sort();
}

// Files whose tests measure time to the millisecond run one at a time, after the others: beside
// another file, a busy core delays a message past their tolerance (tests/worker/realtime.test.ts:
// the admin channel's next broadcast 1 s after the last, within 50 ms; tests/worker/chat-room.test.ts:
// members told within 100 ms of each other).
const alone = ["tests/worker/realtime.test.ts", "tests/worker/chat-room.test.ts"];

// Worker tests run inside workerd with the real bindings of wrangler.toml; storage is isolated
// per test file. wrangler.toml describes production; the tests run the local environment, as
// .dev.vars.example does for npm start (no real Fawry or email provider).
export default defineConfig(async (): Promise<ViteUserConfig> => ({
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
    setupFiles: ["./tests/worker/setup.ts"],
    deps: {
      optimizer: {
        ssr: {
          enabled: true,
          include: importedPackages(["worker", "schema", "durable-objects", "emulators", "tests/worker"]),
          // Node's and the runtime's built-in modules stay imports: workerd provides them.
          rolldownOptions: { external: [/^node:/, /^cloudflare:/, /^workerd:/] },
        },
      },
    },
    // The concurrency tests fire hundreds of requests (tests/worker/booking.test.ts: 200 bookings at
    // once); on a 2-core CI machine, beside another file, they need the headroom.
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          exclude: alone,
          // Two files at a time, each in its own runtime with its own storage: loading a file's
          // modules is half waiting on the other process (workerd asks, vitest answers), so the
          // 2-core CI machine runs two (vitest's default would be one: cores - 1).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: { name: "worker-alone", include: alone, maxWorkers: 1, sequence: { groupOrder: 2 } },
      },
    ],
  },
}));
