// npm run deploy [-- staging] [--check]: checks that the target has every setting the Worker needs
// (refusing with their names), builds the SPA, applies the D1 migrations remotely and deploys;
// with --check it stops after the check (the CI workflow's wrangler-action does the rest). Production is
// the default (wrangler.toml's top level); `staging` is [env.staging]. Needs CLOUDFLARE_API_TOKEN
// (and CLOUDFLARE_ACCOUNT_ID) or `wrangler login`.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { unstable_readConfig } from "wrangler";
import { missingForDeploy } from "./deploy-check.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const checkOnly = args.includes("--check");
const target = args.find((arg) => !arg.startsWith("--")) ?? "production";
if (!["production", "staging"].includes(target)) {
  console.error(`✗ unknown target "${target}": production (default) or staging`);
  process.exit(1);
}
// --env="" is wrangler's way to say "the top level" (production) without its warning.
const envArgs = target === "staging" ? ["--env", "staging"] : ["--env", ""];
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = {
  ...process.env,
  PATH: [path.dirname(process.execPath), path.join(root, "node_modules", ".bin"), process.env.PATH].join(
    path.delimiter,
  ),
};

function run(command, args, options = {}) {
  const result = spawnSync(bin(command), args, {
    cwd: root,
    env,
    stdio: options.capture ? ["ignore", "pipe", "inherit"] : "inherit",
    encoding: "utf8",
  });
  if (result.status !== 0) {
    console.error(`✗ ${command} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
  return result.stdout;
}

const config = unstable_readConfig({
  config: path.join(root, "wrangler.toml"),
  env: target === "staging" ? "staging" : undefined,
});
const listed = JSON.parse(
  run("wrangler", ["secret", "list", "--format", "json", ...envArgs], { capture: true }) || "[]",
);
const missing = missingForDeploy({
  vars: config.vars ?? {},
  requiredSecrets: config.secrets?.required ?? [],
  secretNames: listed.map((secret) => secret.name),
});
if (missing.length > 0) {
  console.error(
    `✗ ${config.name} (${target}) is missing:\n${missing.map((name) => `  - ${name}`).join("\n")}\nSet secrets with \`npx wrangler secret put NAME${target === "staging" ? " --env staging" : ""}\` (docs/deploying.md).`,
  );
  process.exit(1);
}

console.log(`✓ ${config.name} (${target}) has every required setting`);
if (checkOnly) process.exit(0);

run("vite", ["build", "--logLevel", "warn"]);
// The service worker, with the build's file list (scripts/build-sw.mjs, docs/phone.md).
run("node", ["scripts/build-sw.mjs"]);
run("wrangler", ["d1", "migrations", "apply", "DB", "--remote", ...envArgs]);
run("wrangler", ["deploy", ...envArgs]);
