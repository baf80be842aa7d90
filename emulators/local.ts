// The local entry: the Worker with the emulators in-process. `npm start` (scripts/start.mjs) and the
// Worker tests (vitest.worker.config.ts) run this module; a deploy bundles worker/index.ts, which
// never imports emulators/ (scripts/check-bundle.mjs checks the dry-run bundle).
import type { Env } from "../worker/core/env";
import { createWorker } from "../worker/index";
import { reportingFailures } from "../worker/observability/durable-objects";
import { BenchChatRoom } from "./bench-chat-room";
import { createEmulators } from "./index";

// The Durable Object classes (everything the production entry exports but its default), the chat
// room with the bench's seeding (emulators/bench-chat-room.ts; this export shadows the star's).
export * from "../worker/index";
export const ChatRoom = reportingFailures(BenchChatRoom, "chat-room");
export type ChatRoom = BenchChatRoom;

/** The emulators, delivering their webhooks to the local Worker's API app. */
export const emulators = createEmulators((request, env, ctx) => local.app.fetch(request, env, ctx));
const local = createWorker(emulators);

export default local.handler;

/** The local Worker's /api/v1 app (tests deliver to it as the emulators do). */
export const localApi = (request: Request, env: Env, ctx?: ExecutionContext) =>
  local.app.fetch(request, env, ctx);
