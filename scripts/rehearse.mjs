// npm run rehearse: the staging rehearsal (docs/rehearsal.md). The deployable Worker
// (worker/index.ts, bundled once as `wrangler deploy` would) runs under `wrangler dev --env staging`
// with ENVIRONMENT=staging: no /dev routes, no in-process emulators, the required secrets checked.
// The emulators run as a separate server (emulators/server.ts) on their own port, and every
// production variable (Fawry, email, WhatsApp, Telegram, TURN, Turnstile, Sentry; web push through
// the rehearsal-only PUSH_RELAY_URL) points at it, so each outside call is a real HTTP request.
// Then a browser drives the product end to end (tests/rehearsal/, vitest.rehearsal.config.ts) and
// asserts what the user sees and what the emulators received. Both servers are stopped at the
// end, also on failure or Ctrl+C.
//
// REHEARSAL_PORT (8813) and REHEARSAL_EMULATOR_PORT (8823) move the servers; SKIP_BUILD=1 reuses
// web/dist. Bundles and logs live in .wrangler/rehearsal-<port>/, storage in /dev/shm when there is
// one (both kept after a failure).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const appPort = Number(process.env.REHEARSAL_PORT ?? 8813);
const emulatorPort = Number(process.env.REHEARSAL_EMULATOR_PORT ?? 8823);
const appUrl = `http://127.0.0.1:${appPort}`;
const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
const work = path.join(root, ".wrangler", `rehearsal-${appPort}`);
// Storage in memory when the machine has it (as the benchmark's): local D1 syncs every write to
// disk, and on a busy disk that, not the code, sets the pace.
const storage = existsSync("/dev/shm") ? `/dev/shm/dars-rehearsal-${appPort}` : path.join(work, "storage");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const toml = JSON.stringify;
const quietEnv = {
  ...process.env,
  PATH: [path.dirname(process.execPath), path.join(root, "node_modules", ".bin"), process.env.PATH].join(
    path.delimiter,
  ),
  WRANGLER_SEND_METRICS: "false",
  // wrangler dev's own tools that a deployment does not run (see tests/bench/server.mjs).
  X_LOCAL_OBSERVABILITY: "false",
  X_LOCAL_EXPLORER: "false",
  CI: process.env.CI ?? "1",
};
const started = Date.now();
const step = (text) => console.log(`• ${text} (${((Date.now() - started) / 1000).toFixed(0)} s)`);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, env: quietEnv, encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(
      `${path.basename(command)} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`,
    );
}

// ---------------------------------------------------------------------------------------------
// The accounts both sides share: fresh random keys for each run (nothing here is a real secret).

const secret = (bytes = 24) => randomBytes(bytes).toString("hex");
const accounts = {
  TOKEN_SECRET: secret(32),
  FAWRY_MERCHANT_CODE: `REHEARSAL-${secret(4).toUpperCase()}`,
  FAWRY_SECURE_KEY: secret(),
  EMAIL_API_KEY: `re_${secret()}`,
  WHATSAPP_PHONE_NUMBER_ID: String(100000000000000 + Math.floor(Math.random() * 1e9)),
  WHATSAPP_TOKEN: `EAA${secret()}`,
  WHATSAPP_APP_SECRET: secret(16),
  WHATSAPP_VERIFY_TOKEN: secret(8),
  TELEGRAM_BOT_TOKEN: `7${Math.floor(Math.random() * 1e9)}:${secret(16)}`,
  TELEGRAM_BOT_USERNAME: "dars_rehearsal_bot",
  TELEGRAM_WEBHOOK_SECRET: secret(16),
  TURN_KEY_ID: secret(8),
  TURN_KEY_API_TOKEN: secret(),
  SENTRY_KEY: secret(16),
};
// A fresh web-push VAPID pair for the Worker (required outside local, docs/configuration.md), made
// as `node scripts/vapid-keys.mjs` makes one: the public key raw in base64url, the private as JWK.
const vapidPair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
  "sign",
  "verify",
]);
const vapidJwk = await crypto.subtle.exportKey("jwk", vapidPair.privateKey);
const VAPID = {
  VAPID_PUBLIC_KEY: Buffer.from(await crypto.subtle.exportKey("raw", vapidPair.publicKey)).toString(
    "base64url",
  ),
  VAPID_PRIVATE_KEY: JSON.stringify({ kty: "EC", crv: "P-256", x: vapidJwk.x, y: vapidJwk.y, d: vapidJwk.d }),
  VAPID_SUBJECT: "mailto:rehearsal@dars.test",
};
// Cloudflare's documented always-pass Turnstile test keys: the SPA's widget is stood in for by the
// browser test (its script host is routed there), siteverify goes to the emulator over HTTP.
const TURNSTILE = {
  TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
  TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA",
};

// ---------------------------------------------------------------------------------------------
// Configurations: wrangler.toml with absolute paths, in the work folder.

/** wrangler.toml with `main` replaced and every relative path made absolute (staging included). */
function configFrom(text, name, main, extra = "") {
  const file = path.join(work, name);
  writeFileSync(
    file,
    text
      .replace(/^main = .*$/m, main)
      .replace(/^directory = .*$/gm, `directory = ${toml(path.join(work, "assets"))}`)
      .replace(/^migrations_dir = .*$/gm, `migrations_dir = ${toml(path.join(root, "migrations"))}`) + extra,
  );
  return file;
}

/** Bundles a Worker as `wrangler deploy` would; answers the bundle's entry file. */
function bundle(config, outdir) {
  run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir, "-c", config]);
  const entry = readdirSync(outdir).find((file) => file.endsWith(".js"));
  if (!entry) throw new Error(`no bundle in ${outdir}`);
  return path.join(outdir, entry);
}

// ---------------------------------------------------------------------------------------------
// Servers: each a detached process group, stopped as a whole.

const servers = [];

function startServer(name, args, env = {}) {
  const log = createWriteStream(path.join(work, `${name}.log`));
  const child = spawn(
    bin("wrangler"),
    ["dev", "--ip", "127.0.0.1", "--show-interactive-dev-session=false", "--log-level", "warn", ...args],
    {
      cwd: root,
      env: { ...quietEnv, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const server = { name, child, exited: false, output: "" };
  for (const stream of [child.stdout, child.stderr])
    stream.on("data", (chunk) => (server.output = (server.output + chunk).slice(-20_000)));
  child.on("exit", () => (server.exited = true));
  servers.push(server);
  return server;
}

async function stopServer(server) {
  if (server.exited) return;
  const gone = new Promise((resolve) => server.child.once("exit", resolve));
  try {
    process.kill(-server.child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-server.child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }, 3000);
  await gone;
  clearTimeout(timer);
  // workerd may outlive wrangler for a moment: the group is killed outright.
  try {
    process.kill(-server.child.pid, "SIGKILL");
  } catch {
    // already gone
  }
}

function killAllNow() {
  for (const server of servers)
    try {
      process.kill(-server.child.pid, "SIGKILL");
    } catch {
      // already gone
    }
}
process.on("exit", killAllNow);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"])
  process.on(signal, () => {
    console.error(`\n✗ ${signal}: stopping the rehearsal's servers`);
    killAllNow();
    process.exit(130);
  });

const answers = (url) =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );

/** Waits until `url` answers 200 (the server's own readiness, not a fixed time). */
async function waitFor(server, url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(url))) {
    if (server.exited)
      throw new Error(
        `${server.name} exited before it was ready (see ${path.join(work, `${server.name}.log`)})`,
      );
    if (Date.now() > deadline) throw new Error(`${server.name} did not answer ${url} in time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Starts a server and waits until it answers `url`. workerd also binds internal ports of its own
 * choosing, and another wrangler starting at the same moment (another run, another project) can
 * take one first: then it is started again, up to three times.
 */
async function startReady(name, args, url, env = {}) {
  for (let attempt = 1; ; attempt++) {
    const server = startServer(name, args, env);
    try {
      await waitFor(server, url);
      return server;
    } catch (error) {
      await stopServer(server);
      if (attempt >= 3 || !/Address already in use/.test(server.output)) throw error;
      step(`${name}: a port was taken while it started; starting it again`);
    }
  }
}

/** Nothing listens on the port (a left-over server would otherwise answer the readiness checks). */
const portIsFree = (port) =>
  fetch(`http://127.0.0.1:${port}/`).then(
    () => false,
    () => true,
  );

// ---------------------------------------------------------------------------------------------

async function main() {
  for (const port of [appPort, emulatorPort])
    if (!(await portIsFree(port)))
      throw new Error(
        `port ${port} is in use (another rehearsal?); REHEARSAL_PORT / REHEARSAL_EMULATOR_PORT pick others`,
      );
  rmSync(work, { recursive: true, force: true });
  rmSync(storage, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });

  if (process.env.SKIP_BUILD !== "1" || !existsSync(path.join(root, "web/dist/index.html"))) {
    step("Building the SPA");
    // The project's own build (what a deploy ships), whatever steps it has.
    run("npm", ["run", "--silent", "build"]);
  }
  // A copy: a build started elsewhere while the rehearsal runs does not change what it serves.
  cpSync(path.join(root, "web/dist"), path.join(work, "assets"), { recursive: true });

  step("Bundling the Worker and the emulator server");
  const wranglerToml = readFileSync(path.join(root, "wrangler.toml"), "utf8");
  const appBundle = bundle(
    configFrom(wranglerToml, "bundle.toml", `main = ${toml(path.join(root, "worker/index.ts"))}`),
    path.join(work, "dist"),
  );
  // Served from the bundle (a source file saved meanwhile reloads nothing).
  const appConfig = configFrom(wranglerToml, "wrangler.toml", `main = ${toml(appBundle)}\nno_bundle = true`);
  // The demo data comes from the local entry's seed, run once against the same storage (frozen too).
  const seedBundle = bundle(
    configFrom(wranglerToml, "seed-bundle.toml", `main = ${toml(path.join(root, "emulators/local.ts"))}`),
    path.join(work, "seed-dist"),
  );
  const seedConfig = configFrom(wranglerToml, "seed.toml", `main = ${toml(seedBundle)}\nno_bundle = true`);
  const emulatorToml = readFileSync(path.join(root, "emulators/wrangler.toml"), "utf8");
  const emulatorBundle = bundle(
    configFrom(
      emulatorToml,
      "emulators-bundle.toml",
      `main = ${toml(path.join(root, "emulators/server.ts"))}`,
    ),
    path.join(work, "emulators-dist"),
  );
  const emulatorConfig = configFrom(
    emulatorToml,
    "emulators.toml",
    `main = ${toml(emulatorBundle)}\nno_bundle = true`,
  );

  const state = path.join(storage, "state");
  step("Applying the D1 migrations to the staging storage");
  run(bin("wrangler"), [
    "d1",
    "migrations",
    "apply",
    "DB",
    "--local",
    "--env",
    "staging",
    "--persist-to",
    state,
    "-c",
    appConfig,
  ]);

  step(`Starting the emulator server on ${emulatorUrl}`);
  const emulatorVars = { APP_URL: appUrl, ...accounts };
  // One server starting at a time (each binds ports of its own choosing while it starts).
  await startReady(
    "emulators",
    [
      "-c",
      emulatorConfig,
      "--port",
      String(emulatorPort),
      "--persist-to",
      path.join(storage, "emulator-state"),
      ...Object.entries(emulatorVars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    `${emulatorUrl}/__health`,
  );

  step("Seeding the demo data (the local entry, once, on the same storage)");
  const seeder = await startReady(
    "seed",
    [
      "-c",
      seedConfig,
      "--env",
      "staging",
      "--port",
      String(appPort),
      "--persist-to",
      state,
      "--var",
      "ENVIRONMENT:local",
      "--var",
      "CLIENT_ENVIRONMENT:local",
    ],
    `${appUrl}/api/v1/health`,
  );
  const seeded = await fetch(`${appUrl}/api/v1/dev/seed`, { method: "POST" });
  if (!seeded.ok) throw new Error(`the demo seed failed: ${seeded.status} ${await seeded.text()}`);
  await stopServer(seeder);

  // One poisoned row, as corrupted data would be: a lesson ten days ahead whose start is not a
  // time. The reminder cron that meets it fails; the browser drive fires that run and expects the
  // Worker's error at the Sentry sink. No other run of the rehearsal reaches it.
  const poisonedLessonAt = Math.ceil((Date.now() + 10 * 24 * 3600 * 1000) / 3600_000) * 3600_000;
  const at = new Date().toISOString();
  const quoted = (text) => `'${text.replaceAll("'", "''")}'`;
  run(bin("wrangler"), [
    "d1",
    "execute",
    "DB",
    "--local",
    "--env",
    "staging",
    "--persist-to",
    state,
    "-c",
    appConfig,
    "--command",
    `INSERT INTO lessons (tutor_id, start, "end", duration, price, created_by, created_at, updated_at)
       SELECT id, ${quoted(`${new Date(poisonedLessonAt).toISOString()}~`)}, ${quoted(new Date(poisonedLessonAt + 1800_000).toISOString())}, 30, 0, id, ${quoted(at)}, ${quoted(at)} FROM users WHERE email = 'tutor@dars.test';
     INSERT INTO lesson_members (lesson_id, user_id, role, created_at)
       SELECT (SELECT max(id) FROM lessons), id, CASE email WHEN 'tutor@dars.test' THEN 3 ELSE 4 END, ${quoted(at)} FROM users WHERE email IN ('tutor@dars.test', 'student@dars.test');`,
  ]);

  const urls = await (await fetch(`${emulatorUrl}/__urls`)).json();
  const vars = {
    ENVIRONMENT: "staging",
    CLIENT_ENVIRONMENT: "staging",
    BUILD_VERSION: `rehearsal-${spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim() || "dev"}`,
    ...accounts,
    ...TURNSTILE,
    ...VAPID,
    FAWRY_BASE_URL: urls.FAWRY_BASE_URL,
    EMAIL_API_URL: urls.EMAIL_API_URL,
    WHATSAPP_API_URL: urls.WHATSAPP_API_URL,
    TELEGRAM_API_URL: urls.TELEGRAM_API_URL,
    TURN_API_URL: urls.TURN_API_URL,
    TURNSTILE_VERIFY_URL: urls.TURNSTILE_VERIFY_URL,
    SENTRY_DSN: urls.SENTRY_DSN,
    // Web push: the endpoints are the browsers' (https, minted by the emulator server), each push
    // sent to the emulator server with the endpoint's path (never set in production).
    PUSH_RELAY_URL: urls.PUSH_RELAY_URL,
  };
  delete vars.SENTRY_KEY;

  step(`Starting the Worker with ENVIRONMENT=staging on ${appUrl}`);
  // wrangler.toml's required secrets come from the environment, as wrangler dev reads them (not on
  // the command line); every other setting is a --var.
  const required = /^required = (\[.*\])$/m.exec(
    wranglerToml.slice(wranglerToml.indexOf("[env.staging.secrets]")),
  )?.[1];
  const secretNames = new Set(JSON.parse(required ?? "[]"));
  await startReady(
    "worker",
    [
      "-c",
      appConfig,
      "--env",
      "staging",
      "--port",
      String(appPort),
      "--persist-to",
      state,
      "--test-scheduled",
      ...Object.entries(vars)
        .filter(([key]) => !secretNames.has(key))
        .flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    `${appUrl}/api/v1/health`,
    Object.fromEntries(Object.entries(vars).filter(([key]) => secretNames.has(key))),
  );

  step("Driving the browser through the product");
  const settings = {
    appUrl,
    emulatorUrl,
    release: vars.BUILD_VERSION,
    poisonedLessonAt,
    ...accounts,
    ...TURNSTILE,
    ...urls,
  };
  // Its own process group too (vitest and the browser it drives), stopped with the servers.
  const tests = spawn(bin("vitest"), ["run", "-c", "vitest.rehearsal.config.ts", "--reporter", "verbose"], {
    cwd: root,
    env: { ...quietEnv, REHEARSAL: JSON.stringify(settings) },
    stdio: "inherit",
    detached: true,
  });
  const drive = { name: "browser drive", child: tests, exited: false };
  servers.push(drive);
  const status = await new Promise((resolve) =>
    tests.on("exit", (code) => ((drive.exited = true), resolve(code ?? 1))),
  );
  if (status !== 0) throw new Error(`the rehearsal's browser drive failed (server logs in ${work})`);
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`\n✗ ${error.message}`);
  for (const server of servers) {
    const log = path.join(work, `${server.name}.log`);
    if (existsSync(log))
      console.error(
        `\n--- ${server.name}.log (last lines) ---\n${readFileSync(log, "utf8").split("\n").slice(-30).join("\n")}`,
      );
  }
} finally {
  await Promise.all(servers.map(stopServer));
}
if (failed) {
  console.error(`(storage kept in ${storage})`);
  process.exit(1);
}
rmSync(work, { recursive: true, force: true });
rmSync(storage, { recursive: true, force: true });
step("✓ The staging rehearsal passed");
