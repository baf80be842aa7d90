// The TypeScript sources the lint checks read (scripts/check-cycles.mjs, scripts/check-boundaries.mjs):
// every .ts/.tsx file below a folder, without declarations, node_modules or build output.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root folder. */
export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** A path relative to the root, with forward slashes. */
export const rel = (file) => path.relative(root, file).split(path.sep).join("/");

/** The source files below `dir` (absolute paths). */
export function sources(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "node_modules" || name === "dist") return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}
