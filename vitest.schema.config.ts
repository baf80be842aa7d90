import { defineConfig } from "vitest/config";

export default defineConfig({ test: { include: ["tests/schema/**/*.test.ts"], environment: "node" } });
