// npm start: builds the SPA, applies the D1 migrations locally, serves everything with
// `wrangler dev` on one port, seeds the demo data and fires the cron triggers on schedule.
// Nothing here needs an account or the internet. PORT overrides 8787; DARS_STATE picks the
// local storage folder (tests use their own); SKIP_BUILD=1 reuses web/dist. wrangler.toml is
// production: the local values come from .dev.vars (written from .dev.vars.example if missing).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { localVarArgs } from "./local-vars.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const port = Number(process.env.PORT ?? 8787);
const state = process.env.DARS_STATE ?? ".wrangler/state";
const base = `http://127.0.0.1:${port}`;
const bin = (name) => path.join(root, "node_modules", ".bin", name);
// Wrangler asks nothing and sends nothing when it is not interactive and telemetry is off. The
// tools' `#!/usr/bin/env node` must find this Node (22 from node_modules), not the machine's 20.
const quietEnv = {
  ...process.env,
  PATH: [path.dirname(process.execPath), path.join(root, "node_modules", ".bin"), process.env.PATH].join(
    path.delimiter,
  ),
  WRANGLER_SEND_METRICS: "false",
  CI: process.env.CI ?? "1",
};

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: quietEnv });
  if (result.status !== 0) {
    console.error(`\n✗ ${path.basename(command)} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

if (process.env.SKIP_BUILD !== "1" || !existsSync(path.join(root, "web/dist/index.html"))) {
  console.log("• Building the SPA…");
  run(bin("vite"), ["build", "--logLevel", "warn"]);
  // The public pages' HTML, which the SPA hydrates (scripts/prerender.mjs).
  run(process.execPath, [path.join(root, "scripts/prerender.mjs")]);
  // The service worker, with the build's file list (scripts/build-sw.mjs, docs/phone.md).
  run(process.execPath, [path.join(root, "scripts/build-sw.mjs")]);
}

const localVars = localVarArgs(root);

console.log("• Applying D1 migrations locally…");
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);

// The local entry (the Worker with the emulators in-process), not wrangler.toml's production main;
// --config, because wrangler would otherwise look for a config beside the entry (emulators/wrangler.toml).
console.log(`• Starting the Worker on ${base}…`);
const server = spawn(
  bin("wrangler"),
  [
    "dev",
    "emulators/local.ts",
    "--config",
    "wrangler.toml",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    state,
    "--test-scheduled",
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
    ...localVars,
  ],
  { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: quietEnv },
);

let stopping = false;
function stop(code = 0) {
  stopping = true;
  server.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500).unref();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
server.on("exit", (code) => {
  if (!stopping) {
    console.error(`✗ wrangler dev stopped (${code})`);
    process.exit(code ?? 1);
  }
});

async function waitForHealth(timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error("the Worker did not answer /api/v1/health in time");
}

/** The wrangler.toml crons, fired locally through --test-scheduled at their UTC minute. */
const crons = [
  { cron: "*/5 * * * *", due: (date) => date.getUTCMinutes() % 5 === 0 },
  { cron: "0 * * * *", due: (date) => date.getUTCMinutes() === 0 },
  { cron: "30 1 * * *", due: (date) => date.getUTCHours() === 1 && date.getUTCMinutes() === 30 },
];
function scheduleCrons() {
  const tick = async () => {
    const now = new Date();
    for (const { cron, due } of crons) {
      if (due(now))
        await fetch(`${base}/__scheduled?cron=${encodeURIComponent(cron)}`).catch(() => undefined);
    }
  };
  const untilNextMinute = 60_000 - (Date.now() % 60_000);
  setTimeout(() => {
    tick();
    setInterval(tick, 60_000);
  }, untilNextMinute);
}

try {
  await waitForHealth();
  const seeded = await fetch(`${base}/api/v1/dev/seed`, { method: "POST" });
  if (!seeded.ok) throw new Error(`seeding failed: ${seeded.status} ${await seeded.text()}`);
  const { accounts, password } = await seeded.json();
  scheduleCrons();
  const shown = accounts.filter((account) => !/^tutor\d+@/.test(account.email));
  console.log(`
✓ Dars is running at ${base}
  Local mailbox (verification codes): ${base}/dev/mailbox
  Demo accounts (password ${password}):
${shown.map((account) => `    ${account.email}`).join("\n")}
    tutor1@dars.test … tutor12@dars.test (onboarded tutors)
  Press Ctrl+C to stop.
`);
} catch (error) {
  console.error(`✗ ${error.message}`);
  stop(1);
}
