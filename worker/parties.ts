import { routePartykitRequest } from "partyserver";
import { Role, isStaff } from "../schema/enums";
import { createDb } from "./db";
import type { Env } from "./env";
import { readConfig } from "./env";
import { readToken } from "./domain/token";
import { findUserById } from "./domain/users";

const refuse = (status: 401 | 403 | 404) => new Response(null, { status });

/**
 * Sockets at /parties/<party>/<name>?token=… . The token is checked here, before a socket reaches
 * a Durable Object (the token is never logged), and the object learns who connected from the
 * x-dars-user-id header this sets. Parties not opened yet answer 404.
 */
export function routeParty(request: Request, env: Env): Promise<Response | null> {
  return routePartykitRequest(request, env, {
    async onBeforeConnect(req, lobby) {
      const token = new URL(req.url).searchParams.get("token");
      const payload = token ? await readToken(token, readConfig(env).TOKEN_SECRET) : null;
      if (!payload) return refuse(401);
      const user = await findUserById(createDb(env), payload.id);
      if (!user) return refuse(401);
      if (lobby.className === "USER_CHANNEL" && lobby.name !== String(user.id)) return refuse(403);
      if (lobby.className === "ADMIN_CHANNEL" && (lobby.name !== "main" || !isStaff(user.role as Role))) return refuse(403);
      if (lobby.className !== "USER_CHANNEL" && lobby.className !== "ADMIN_CHANNEL") return refuse(404);
      const forwarded = new Request(req);
      forwarded.headers.set("x-dars-user-id", String(user.id));
      return forwarded;
    },
    onBeforeRequest: () => refuse(404),
  });
}
