// The vitest plugin's internal module; only the drain of recorded waitUntil promises is used
// (setup.ts). A script file (no imports), so this declares the module rather than augmenting one.
declare module "cloudflare:test-internal" {
  export function waitForGlobalWaitUntil(): Promise<void>;
}
