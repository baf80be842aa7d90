import { lessonContracts } from "./lesson";

/**
 * Every endpoint's contract, per area (schema/api/contract.ts). The Worker's routes are built
 * from these (worker/routes/*.ts) and tests/worker/response-contracts.test.ts checks that each
 * is served; the SPA imports only the area it needs (web/src/lib/client.ts), never this index.
 */
export const contracts = {
  lesson: lessonContracts,
} as const;
