import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM helper shared with the benchmarks
import { startServer } from "../support/server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const port = Number(process.env.E2E_PORT ?? 8790);
  // Storage per port, so two runs on different ports never wipe each other's database.
  const server = await startServer({ port, state: `.wrangler/e2e-state-${port}` });
  project.provide("baseUrl", server.base);
  return () => server.stop();
}
