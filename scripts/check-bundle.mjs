// The production bundle contains no emulator: `npm run deploy:check` builds the dry-run bundle of
// wrangler.toml's main (worker/index.ts) into .wrangler/dry-run, then runs this script, which fails
// when any emulator's marker string is in it. Each marker is a string only that emulator's code
// holds (checked below against the sources, so a renamed string cannot make the check pass
// vacuously); the local entry, emulators/local.ts, is the only module that imports emulators/.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bundleDir = path.resolve(root, process.argv[2] ?? ".wrangler/dry-run");

/** [marker, the emulator source that holds it]. */
export const markers = [
  ["dars-local-emulator", "emulators/index.ts"],
  ["fawry_sandbox_orders", "emulators/fawry/app.ts"],
  ["telegram_emulator_messages", "emulators/telegram/app.ts"],
  ["whatsapp_emulator_messages", "emulators/whatsapp/app.ts"],
  ["/__emu/join", "emulators/livekit/app.ts"],
  ["ttl must be an integer number of seconds", "emulators/turn.ts"],
  ["missing-input-secret", "emulators/turnstile.ts"],
  ["student@dars.test", "emulators/seed.ts"],
  // The bench seed's number series.
  ["SELECT ? + 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?", "emulators/bench.ts"],
  // The chat room's bench seeding, which only the local entry's room (emulators/local.ts) has.
  ["bench seeding is local only", "emulators/bench-chat-room.ts"],
  ["tutor-thumbnail.png", "emulators/media.ts"],
];
/** Strings every production bundle holds, so an empty or wrong directory fails instead of passing. */
const productMarkers = ["/api/v1", "UserChannel"];

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.(m?js|cjs)$/.test(name) ? [full] : [];
  });
}

const problems = [];
for (const [marker, source] of markers)
  if (!readFileSync(path.join(root, source), "utf8").includes(marker))
    problems.push(`marker "${marker}" is no longer in ${source}: pick another string of that emulator`);

let bundle = "";
try {
  bundle = files(bundleDir)
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");
} catch {
  problems.push(
    `no bundle at ${path.relative(root, bundleDir)}: run wrangler deploy --dry-run --outdir ${path.relative(root, bundleDir)} first`,
  );
}
if (bundle) {
  for (const marker of productMarkers)
    if (!bundle.includes(marker))
      problems.push(
        `the bundle lacks "${marker}": is ${path.relative(root, bundleDir)} the Worker's bundle?`,
      );
  for (const [marker, source] of markers)
    if (bundle.includes(marker))
      problems.push(
        `the production bundle contains "${marker}" from ${source}: something under worker/ or durable-objects/ imports emulators/`,
      );
}

if (problems.length) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
console.log(
  `✓ the production bundle (${path.relative(root, bundleDir)}) contains none of the ${markers.length} emulator markers`,
);
