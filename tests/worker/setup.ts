import { applyD1Migrations } from "cloudflare:test";
import { waitForGlobalWaitUntil } from "cloudflare:test-internal";
import { env } from "cloudflare:workers";
import { afterAll } from "vitest";

// Only unapplied migrations run, so this is safe in every test file.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS ?? []);

// The Worker hands work to waitUntil (realtime publishes, outbox deliveries, the request counter's
// flush, the chat summary). The plugin records those promises but no longer waits for them, so
// work still running when a file ends could load a module over a closing RPC channel (vitest's
// "Closing rpc while 'resolve' was pending"). Each file waits for its own background work.
afterAll(() => waitForGlobalWaitUntil());
