// Starts the product the way `npm start` does (same script), on its own port and storage, for
// the browser tests and the benchmarks. Resolves once the demo data is seeded.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export async function startServer({ port, state, timeoutMs = 180_000 }) {
  rmSync(path.join(root, state), { recursive: true, force: true });
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DARS_STATE: state, SKIP_BUILD: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready in time:\n${output}`)), timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      if (output.includes("Dars is running")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  await ready;
  child.removeAllListeners("exit");
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      // The whole process group: start.mjs and the wrangler/workerd processes it spawned.
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
    },
  };
}
