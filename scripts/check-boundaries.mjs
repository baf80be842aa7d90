// Emulator boundary check (npm run lint): the product never picks a provider or an emulator
// itself. Every outside service is built by createServices (worker/integrations/index.ts) from
// the configuration; only worker/integrations/emulated.ts knows where the emulators answer and
// which local accounts they hold (docs/architecture.md, Emulators). So no file in worker/ or
// durable-objects/ names an emulator path or constant, hands the emulators' fetch to a client,
// or keeps one of the old per-call builders, except the files allowed below. Exits 1 on any finding.
import { readFileSync } from "node:fs";
import path from "node:path";
import { rel, root, sources } from "./source-files.mjs";

const SCOPE = ["worker", "durable-objects"];

/** What only the allowed files may name. */
const FORBIDDEN = [
  { pattern: /\bEMULATOR_PATHS\b/, what: "an emulator path (EMULATOR_PATHS)" },
  { pattern: /\bEMULATOR_ORIGIN\b/, what: "the emulators' origin (EMULATOR_ORIGIN)" },
  { pattern: /\bLOCAL_(FAWRY|TELEGRAM|WHATSAPP|LIVEKIT)\b/, what: "a local emulator account (LOCAL_…)" },
  { pattern: /\/api\/v1\/dev\//, what: "a local-only route below /api/v1/dev/" },
  { pattern: /\blocal\?\.fetch\b/, what: "the emulators' fetch handed to a client (local?.fetch)" },
  {
    pattern: /\b(fawryFor|telegramFor|whatsAppFor|turnFor|roomServiceFor)\b/,
    what: "a per-call provider builder (services come from createServices)",
  },
];

/**
 * The files that may name them, and why:
 * - worker/integrations/emulated.ts: the product's whole knowledge of the emulators (their paths,
 *   origin and local accounts), read only by createServices and the webhook-secret helpers.
 * - worker/integrations/local-accounts.ts: the local accounts' definitions, plain constants that
 *   emulated.ts re-exports (kept apart so the browser tests can import them without Worker types).
 * - worker/index.ts: the composition root (it passes the emulators it is given, and gates /dev routes).
 * The local-only routes (worker/routes/dev.ts, the sandbox routes of worker/routes/fawry.ts and
 * messaging.ts) need no exception: their paths live in their contracts (schema/api/dev.ts,
 * schema/api/payment.ts, schema/api/messaging.ts), outside worker/, and they reach the emulators
 * only through worker/http/emulate.ts, which hands the request to Services.local as it is.
 */
const ALLOWED = new Set([
  "worker/integrations/emulated.ts",
  "worker/integrations/local-accounts.ts",
  "worker/index.ts",
]);

const problems = [];
let checked = 0;
for (const file of SCOPE.flatMap((dir) => sources(path.join(root, dir)))) {
  const name = rel(file);
  if (ALLOWED.has(name)) continue;
  checked++;
  const lines = readFileSync(file, "utf8").split("\n");
  lines.forEach((line, index) => {
    for (const { pattern, what } of FORBIDDEN)
      if (pattern.test(line)) problems.push(`${name}:${index + 1} names ${what}: ${line.trim()}`);
  });
}

if (problems.length) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  console.error(
    "  Build the service in createServices (worker/integrations/index.ts) and take it from Services.",
  );
  process.exit(1);
}
console.log(`✓ no emulator named outside worker/integrations/emulated.ts (${checked} files)`);
