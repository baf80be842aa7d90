import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate --name <name>` writes migrations/NNNN_<name>.sql from the tables in
// schema/db; `wrangler d1 migrations apply DB` applies them (migrations_dir in wrangler.toml).
export default defineConfig({
  dialect: "sqlite",
  schema: "./schema/db/index.ts",
  out: "./migrations",
});
