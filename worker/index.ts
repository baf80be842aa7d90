import { createApp } from "./app";
import type { Env } from "./env";
import { runScheduled } from "./jobs";
import { routeParty } from "./parties";
import { countApiRequest } from "./realtime/request-counter";

export { AdminChannel } from "../durable-objects/admin-channel";
export { ChatRoom } from "../durable-objects/chat-room";
export { SessionRoom } from "../durable-objects/session-room";
export { UserChannel } from "../durable-objects/user-channel";

const app = createApp();

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/api/")) {
      countApiRequest(env, ctx);
      return app.fetch(request, env, ctx);
    }
    if (pathname.startsWith("/parties/")) return (await routeParty(request, env)) ?? new Response(null, { status: 404 });
    return env.ASSETS.fetch(request);
  },
  async scheduled(controller, env) {
    await runScheduled(controller, env);
  },
} satisfies ExportedHandler<Env>;
