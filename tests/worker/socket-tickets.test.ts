// Socket tickets: a socket URL carries a single-use ticket (60 s) for one party and room, never
// the bearer token.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { connect } from "./factories-chat";
import { call, callContract, register } from "./helpers";
import { authContracts } from "../../schema/api/auth";

const ticketFor = (token: string, party: string, name: string) =>
  call("POST", "/api/v1/auth/socket-ticket", { token, body: { party, name } });

describe("socket tickets", () => {
  it("admits one socket with a ticket for its party and room, once", async () => {
    const { user, token } = await register();
    const issued = await ticketFor(token, "user-channel", String(user.id));
    expect(issued.status).toBe(200);
    expect(Date.parse(issued.body.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    const path = `/parties/user-channel/${user.id}?ticket=${issued.body.ticket}`;
    const first = await connect(path);
    expect(first.status).toBe(101);
    first.webSocket!.accept();
    first.webSocket!.close();
    expect((await connect(path)).status).toBe(401);
  });

  it("stores only the ticket's hash", async () => {
    const { user, token } = await register();
    const { ticket } = (await ticketFor(token, "user-channel", String(user.id))).body;
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM socket_tickets WHERE id = ?")
      .bind(ticket)
      .first<{ n: number }>();
    expect(stored!.n).toBe(0);
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM socket_tickets WHERE user_id = ?")
        .bind(user.id)
        .first<{ n: number }>())!.n,
    ).toBe(1);
  });

  it("refuses an expired ticket", async () => {
    const { user, token } = await register();
    const { ticket } = (await ticketFor(token, "user-channel", String(user.id))).body;
    await env.DB.prepare("UPDATE socket_tickets SET expires_at = ? WHERE user_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), user.id)
      .run();
    expect((await connect(`/parties/user-channel/${user.id}?ticket=${ticket}`)).status).toBe(401);
  });

  it("refuses a ticket at another party or room, and it still opens its own", async () => {
    const { user, token } = await register();
    const { ticket } = (await ticketFor(token, "user-channel", String(user.id))).body;
    expect((await connect(`/parties/admin-channel/main?ticket=${ticket}`)).status).toBe(401);
    expect((await connect(`/parties/user-channel/${user.id + 1}?ticket=${ticket}`)).status).toBe(401);
    const own = await connect(`/parties/user-channel/${user.id}?ticket=${ticket}`);
    expect(own.status).toBe(101);
    own.webSocket!.accept();
    own.webSocket!.close();
  });

  it("refuses the bearer token in the URL, and a ticket whose session has ended", async () => {
    const { user, token } = await register();
    const raw = await call("GET", `/parties/user-channel/${user.id}?token=${token}`, {
      headers: { upgrade: "websocket" },
    });
    expect(raw.status).toBe(401);
    const { ticket } = (await ticketFor(token, "user-channel", String(user.id))).body;
    await callContract(authContracts.signOut, { token });
    expect((await connect(`/parties/user-channel/${user.id}?ticket=${ticket}`)).status).toBe(401);
  });

  it("issues tickets only to a signed-in user, for a known party and a plain room name", async () => {
    const { token } = await register();
    expect(
      (await callContract(authContracts.socketTicket, { body: { party: "user-channel", name: "1" } })).status,
    ).toBe(401);
    const unknown = await ticketFor(token, "no-such-party", "1");
    expect([unknown.status, unknown.body.code]).toEqual([400, "bad-request"]);
    expect((await ticketFor(token, "chat-room", "1/../2")).status).toBe(400);
    expect((await ticketFor(token, "session-room", "lesson:12")).status).toBe(200);
  });
});
