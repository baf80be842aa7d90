// The npm registry this project's machines reach does not carry every platform build of a few
// native packages (tailwind's oxide, oxlint's bindings, workerd for macOS and Windows). npm then
// leaves those optional entries out of package-lock.json, and `npm ci` refuses the lock as out of
// sync. This adds each missing optional platform entry with its os/cpu, so `npm ci` skips it on
// Linux exactly as it would with a complete lock. Run it after `npm install` changes the lock.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));

/** os, cpu and libc from a platform package's name, e.g. binding-linux-arm64-musl. */
function platformOf(name) {
  const tail = name.split("/").pop();
  const os = ["android", "darwin", "freebsd", "linux", "win32", "openharmony", "windows", "wasm32"].find(
    (part) => tail.includes(`-${part}`) || tail.startsWith(part),
  );
  const cpu = ["arm64", "x64", "ia32", "arm", "ppc64", "riscv64", "s390x", "wasm32", "64"].find((part) =>
    new RegExp(`-${part}(-|$)`).test(tail),
  );
  const entry = {};
  if (os === "wasm32") entry.cpu = ["wasm32"];
  else if (os) entry.os = [os === "windows" ? "win32" : os];
  if (cpu && os !== "wasm32") entry.cpu = [cpu === "64" ? "x64" : cpu];
  if (tail.includes("-musl")) entry.libc = ["musl"];
  if (tail.includes("-gnu")) entry.libc = ["glibc"];
  return entry;
}

/** The entry Node would find for `name` from the package at `location`, walking up the folders. */
function resolve(location, name) {
  let base = location;
  for (;;) {
    const found = lock.packages[`${base ? `${base}/` : ""}node_modules/${name}`];
    if (found) return found;
    if (!base) return null;
    const cut = base.lastIndexOf("node_modules/");
    base = cut <= 0 ? "" : base.slice(0, cut - 1);
  }
}

let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    // Only exact versions of platform builds are ever missing here; ranges resolve normally.
    if (!/^\d+\.\d+\.\d+/.test(version)) continue;
    const found = resolve(location, name);
    if (found?.version === version) continue;
    // Another version is already in the way: this one goes beside the package that needs it.
    const target = found ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    lock.packages[target] = { version, dev: entry.dev || undefined, optional: true, ...platformOf(name) };
    added++;
  }
}
writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`package-lock.json: ${added} optional platform entries added`);
