import type { TestProject } from "vitest/node";

// The servers are already running (scripts/rehearse.mjs); tests/e2e/browser.ts's helpers read the
// product's address as `baseUrl`, like the browser tests'.
export default function setup(project: TestProject) {
  const raw = process.env.REHEARSAL;
  if (!raw)
    throw new Error("run the rehearsal with `npm run rehearse` (it starts the servers and sets REHEARSAL)");
  project.provide("baseUrl", (JSON.parse(raw) as { appUrl: string }).appUrl);
}
