// npm run dev: the developer loop with hot reload — the SPA and the Worker (with the local
// emulators) in one Vite process through @cloudflare/vite-plugin (vite.dev.config.ts). Applies the
// D1 migrations to the same local storage npm start uses; seed the demo data with npm start once,
// or POST /api/v1/dev/seed. `npm start` stays the one-command demo.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDevVars } from "./local-vars.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = {
  ...process.env,
  PATH: [path.dirname(process.execPath), path.join(root, "node_modules", ".bin"), process.env.PATH].join(
    path.delimiter,
  ),
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};
const state = process.env.DARS_STATE ?? ".wrangler/state";

ensureDevVars(root);
for (const [command, args] of [
  [bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]],
  [bin("vite"), ["-c", "vite.dev.config.ts", ...process.argv.slice(2)]],
]) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
