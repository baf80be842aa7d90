import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Only unapplied migrations run, so this is safe in every test file.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS ?? []);
