// npm test: every check and test suite of the README's test command, one after another, each as
// its own npm script. Prints each part's wall time ("test:worker: 412 s") so a slow CI run shows
// which part grew, and stops at the first part that fails, with that part's exit code.
import { spawnSync } from "node:child_process";

const parts = [
  "types:check",
  "typecheck",
  "lint",
  "test:schema",
  "test:worker",
  "test:web",
  "build",
  "deploy:check",
  "test:e2e",
];

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const times = [];
for (const part of parts) {
  const started = Date.now();
  const result = spawnSync(npm, ["run", part], { stdio: "inherit" });
  const seconds = Math.round((Date.now() - started) / 1000);
  times.push(`${part}: ${seconds} s`);
  console.log(`\n${part}: ${seconds} s`);
  if (result.status !== 0) {
    console.log(`\n${times.join("\n")}\n${part} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n${times.join("\n")}`);
