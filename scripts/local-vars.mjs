// The local values for `wrangler dev` (npm start, the benchmark server). wrangler.toml describes
// production; .dev.vars (copied from .dev.vars.example when missing, never committed) makes the
// Worker local. They are also given as --var flags: with `[secrets] required` in wrangler.toml,
// wrangler loads from .dev.vars only the keys the configuration declares, so an optional one
// (LIVEKIT_URL, ICE_SERVERS…) would be dropped, and a config file outside the project root (the
// benchmark's frozen build) would find no .dev.vars at all.
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** Writes .dev.vars from .dev.vars.example when it is missing; answers its path. */
export function ensureDevVars(root) {
  const file = path.join(root, ".dev.vars");
  if (!existsSync(file)) {
    copyFileSync(path.join(root, ".dev.vars.example"), file);
    console.log("• Wrote .dev.vars (local settings) from .dev.vars.example");
  }
  return file;
}

/** KEY=value lines (comments and blank lines skipped; optional quotes removed). */
export function parseDevVars(text) {
  const vars = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trim().startsWith("#")) continue;
    vars[match[1]] = match[2].replace(/^(['"])(.*)\1$/, "$2");
  }
  return vars;
}

/** `--var KEY:value` for every local value, for `wrangler dev`. */
export function localVarArgs(root) {
  const vars = parseDevVars(readFileSync(ensureDevVars(root), "utf8"));
  return Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]);
}
