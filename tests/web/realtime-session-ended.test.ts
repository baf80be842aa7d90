// A socket closed because its sign-in session ended (4004, durable-objects/socket-owner.ts) or its
// account was suspended signs this browser out and stops, instead of reconnecting with a dead token.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { UserView } from "../../schema/api/user";

type Listener = (event: { data?: unknown; code?: number; reason?: string }) => void;

/** A stand-in for partysocket's socket: its listeners, and whether it was closed. */
class FakeSocket {
  static last: FakeSocket;
  listeners = new Map<string, Listener[]>();
  closed = false;
  constructor(public options: Record<string, unknown>) {
    FakeSocket.last = this;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send() {}
  close() {
    this.closed = true;
  }
  emit(type: string, event: { code?: number; reason?: string } = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

vi.mock("partysocket", () => ({ default: FakeSocket, PartySocket: FakeSocket }));

const { openChannel, sessionEndedCloseCode } = await import("../../web/src/lib/realtime");
const { session } = await import("../../web/src/lib/session");

const user = { id: 7, role: 3, timeZone: "Africa/Cairo" } as unknown as UserView;

beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  session.signIn({ user, token: "tok" });
});

describe("a socket closed because its session ended", () => {
  it("signs the browser out and stops for good, without reconnecting", () => {
    const channel = openChannel("chat-room", "12", "tok");
    const socket = FakeSocket.last;
    socket.emit("open");
    socket.emit("close", { code: sessionEndedCloseCode, reason: "signed-out" });
    expect(socket.closed).toBe(true);
    expect(channel.status()).toBe("closed");
    expect(session.getState()).toMatchObject({ token: null, logoutReason: "session-ended" });
  });

  it("signs out to the suspension screen when the account was suspended", () => {
    openChannel("user-channel", "7", "tok");
    FakeSocket.last.emit("close", { code: 4001, reason: "account-suspended" });
    expect(FakeSocket.last.closed).toBe(true);
    expect(session.getState()).toMatchObject({ token: null, logoutReason: "suspended" });
  });

  it("only closes a channel of an older sign-in: the browser's new session stays", () => {
    const channel = openChannel("chat-room", "12", "old-token");
    FakeSocket.last.emit("close", { code: sessionEndedCloseCode, reason: "signed-out" });
    expect(channel.status()).toBe("closed");
    expect(session.getState().token).toBe("tok");
  });

  it("keeps reconnecting after an ordinary drop", () => {
    const channel = openChannel("chat-room", "12", "tok");
    FakeSocket.last.emit("open");
    FakeSocket.last.emit("close", { code: 1006, reason: "" });
    expect(FakeSocket.last.closed).toBe(false);
    expect(channel.status()).toBe("connecting");
    expect(session.getState().token).toBe("tok");
  });
});
