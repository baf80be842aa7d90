import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM helper shared with the benchmarks
import { startServer } from "../support/server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where tests/support/e2e-locks.mjs keeps its locks: one directory per locked demo account. */
    e2eLockDir: string;
    /** The demo accounts each file that runs beside another locks (vitest.e2e.config.ts). */
    e2eLockNames: Record<string, string[]>;
  }
}

export default async function setup(project: TestProject) {
  const port = Number(process.env.E2E_PORT ?? 8790);
  // Storage per port, so two runs on different ports never wipe each other's database.
  const server = await startServer({ port, state: `.wrangler/e2e-state-${port}` });
  project.provide("baseUrl", server.base);
  // No lock survives from an earlier run that was stopped halfway.
  const lockDir = path.resolve(`.wrangler/e2e-locks-${port}`);
  rmSync(lockDir, { recursive: true, force: true });
  mkdirSync(lockDir, { recursive: true });
  project.provide("e2eLockDir", lockDir);
  return () => server.stop();
}
