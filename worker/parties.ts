import { routePartykitRequest } from "partyserver";
import { Role, isAdmin } from "../schema/enums";
import { createDb } from "./core/db";
import type { Env } from "./core/env";
import { redeemSocketTicket } from "./domain/identity/auth-sessions";
import { roomMemberIds } from "./domain/chat/chat";
import { findSession, roomRefusal } from "./domain/lessons/sessions";
import { SESSION_HEADER, USER_HEADER } from "../durable-objects/socket-owner";

const refuse = (status: 401 | 403 | 404) => new Response(null, { status });

/**
 * Sockets at /parties/<party>/<name>?ticket=… . The ticket (POST /auth/socket-ticket: single use,
 * 60 seconds, for this party and room name, of an open session of an account that is not
 * suspended) is redeemed here, before a socket reaches a Durable Object, and the object learns who
 * connected, and with which sign-in session, from the headers this sets (durable-objects/socket-owner.ts):
 * ending that session closes the socket. The bearer token never travels in a URL. A chat room admits only its members (read from D1); a room
 * that does not exist answers 404. A session room ("lesson:12", "interview:3", "demo:5") admits its
 * members from 10 minutes before the start until the scheduled end. Parties not opened yet answer 404.
 */
export function routeParty(request: Request, env: Env): Promise<Response | null> {
  return routePartykitRequest(request, env, {
    async onBeforeConnect(req, lobby) {
      const url = new URL(req.url);
      const ticket = url.searchParams.get("ticket");
      // The party as the URL names it (/parties/<party>/<name>), which is what the ticket was issued for.
      const party = url.pathname.split("/")[2] ?? "";
      const db = createDb(env);
      const user =
        ticket && ticket.length <= 64 ? await redeemSocketTicket(db, ticket, party, lobby.name) : null;
      if (!user) return refuse(401);
      if (lobby.className === "USER_CHANNEL" && lobby.name !== String(user.id)) return refuse(403);
      // docs/product.md §6: server stats (and the channel's other admin events) are for admins only.
      if (lobby.className === "ADMIN_CHANNEL" && (lobby.name !== "main" || !isAdmin(user.role as Role)))
        return refuse(403);
      if (lobby.className === "CHAT_ROOM") {
        const roomId = Number(lobby.name);
        const members = Number.isSafeInteger(roomId) && roomId > 0 ? await roomMemberIds(db, roomId) : [];
        if (members.length === 0) return refuse(404);
        if (!members.includes(user.id)) return refuse(403);
      } else if (lobby.className === "SESSION_ROOM") {
        // A live session admits its members from 10 minutes before the start until the end.
        const session = await findSession(db, lobby.name);
        if (!session) return refuse(404);
        if (roomRefusal(session, user.id)) return refuse(403);
      } else if (lobby.className !== "USER_CHANNEL" && lobby.className !== "ADMIN_CHANNEL")
        return refuse(404);
      const forwarded = new Request(req);
      forwarded.headers.set(USER_HEADER, String(user.id));
      forwarded.headers.set(SESSION_HEADER, user.sessionId);
      return forwarded;
    },
    onBeforeRequest: () => refuse(404),
  });
}
