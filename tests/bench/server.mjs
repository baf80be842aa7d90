// The benchmark's server: the Worker bundled once (wrangler deploy --dry-run) and served by
// `wrangler dev` from that frozen bundle, so a source file saved during the run does not reload
// the Worker (a reload closes every socket and empties the caches, which spoils a measurement).
// Same migrations and demo seed as `npm start`. The storage goes to memory (/dev/shm) when the
// machine has it: local D1 and Durable Object storage sync every write to disk, and on a busy
// disk that sync, not the code, sets the pace (measured: chat p50 586 ms on disk, 6 ms in memory).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { localVarArgs } from "../../scripts/local-vars.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const quietEnv = {
  ...process.env,
  PATH: [path.dirname(process.execPath), path.join(root, "node_modules", ".bin"), process.env.PATH].join(
    path.delimiter,
  ),
  WRANGLER_SEND_METRICS: "false",
  // wrangler dev's own dev tools, which production does not run: the local observability collector
  // (a streaming tail worker run for every invocation: a perf profile of the chat load showed it
  // taking a large share of the server's CPU) and the local data explorer (it wraps every Durable Object class).
  X_LOCAL_OBSERVABILITY: "false",
  X_LOCAL_EXPLORER: "false",
  CI: process.env.CI ?? "1",
};

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, env: quietEnv, encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(
      `${path.basename(command)} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`,
    );
}

/**
 * wrangler.toml in the build folder with absolute paths and an empty static-assets folder (the
 * bench needs no SPA build): `main` the local entry for the bundling step (`bundle`:
 * emulators/local.ts, as npm start runs it, since the seeds live there), or the bundle itself for
 * serving.
 */
function benchConfig(buildDir, name, main) {
  const assets = path.join(buildDir, "assets");
  mkdirSync(assets, { recursive: true });
  writeFileSync(path.join(assets, "index.html"), "<!doctype html><title>bench</title>");
  const text = readFileSync(path.join(root, "wrangler.toml"), "utf8")
    .replace(
      /^main = .*$/m,
      main === "bundle"
        ? `main = ${JSON.stringify(path.join(root, "emulators/local.ts"))}`
        : `main = "dist/local.js"\nno_bundle = true`,
    )
    .replace(/^directory = .*$/m, `directory = ${JSON.stringify(assets)}`)
    .replace(/^migrations_dir = .*$/m, `migrations_dir = ${JSON.stringify(path.join(root, "migrations"))}`);
  const config = path.join(buildDir, name);
  writeFileSync(config, text);
  return config;
}

export function benchState(port) {
  return existsSync("/dev/shm") ? `/dev/shm/dars-bench-${port}` : `.wrangler/bench-state-${port}`;
}

export async function startFrozenServer({ port, state = benchState(port), timeoutMs = 180_000 }) {
  const base = `http://127.0.0.1:${port}`;
  const statePath = path.resolve(root, state);
  const buildDir = path.join(root, `.wrangler/bench-build-${port}`);
  rmSync(statePath, { recursive: true, force: true });
  rmSync(buildDir, { recursive: true, force: true });
  run(bin("wrangler"), [
    "deploy",
    "--dry-run",
    "--outdir",
    path.join(buildDir, "dist"),
    "-c",
    benchConfig(buildDir, "bundle.toml", "bundle"),
  ]);
  const config = benchConfig(buildDir, "wrangler.toml", "frozen");
  run(bin("wrangler"), [
    "d1",
    "migrations",
    "apply",
    "DB",
    "--local",
    "--persist-to",
    statePath,
    "-c",
    config,
  ]);

  const child = spawn(
    bin("wrangler"),
    [
      "dev",
      "-c",
      config,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      statePath,
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
      ...localVarArgs(root),
      // BENCH_INSPECTOR_PORT opens the Worker's V8 inspector (tests/bench/profile.mjs records a CPU profile through it).
      ...(process.env.BENCH_INSPECTOR_PORT ? ["--inspector-port", process.env.BENCH_INSPECTOR_PORT] : []),
    ],
    { cwd: root, env: quietEnv, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  let exited = false;
  child.on("exit", () => (exited = true));

  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((resolve) => setTimeout(resolve, 800));
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
    rmSync(statePath, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`wrangler dev exited:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server not ready in time:\n${output}`);
    }
    const healthy = await fetch(`${base}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const seeded = await fetch(`${base}/api/v1/dev/seed`, { method: "POST" });
  if (!seeded.ok) {
    await stop();
    throw new Error(`demo seed failed: ${seeded.status} ${await seeded.text()}`);
  }
  return { base, stop };
}
