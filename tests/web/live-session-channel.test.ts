import { beforeEach, describe, expect, it, vi } from "vitest";

type Listener = (event: { data?: unknown; code?: number }) => void;

/** A stand-in for partysocket's socket: records its options and what it sent. */
class FakeSocket {
  static last: FakeSocket;
  listeners = new Map<string, Listener[]>();
  sent: string[] = [];
  closed = false;
  constructor(public options: Record<string, unknown>) {
    FakeSocket.last = this;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, event: { data?: unknown; code?: number } = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

vi.mock("partysocket", () => ({ default: FakeSocket, PartySocket: FakeSocket }));

// The session room goes through the same helper as chat (web/src/lib/realtime.ts).
const { openSessionChannel, reconnectionOptions } = await import("../../web/src/lib/realtime");

const open = (id: string) => openSessionChannel(id, "tok");

beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("session-room channel", () => {
  it("opens /parties/session-room/lesson:12 with a ticket for that room, the colon as it is, and the spec's reconnection", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ ticket: "tkt", expiresAt: "2026-11-25T10:01:00.000Z" }), {
          status: 200,
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    open("lesson:12");
    expect(FakeSocket.last.options).toMatchObject({
      party: "session-room",
      room: "lesson:12",
      ...reconnectionOptions,
    });
    expect(await (FakeSocket.last.options.query as () => Promise<unknown>)()).toEqual({ ticket: "tkt" });
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual(
      { party: "session-room", name: "lesson:12" },
    );
    vi.unstubAllGlobals();
  });

  it("numbers frames and resolves them with their Ack, passing other events on", async () => {
    const channel = open("lesson:12");
    const socket = FakeSocket.last;
    const events = vi.fn();
    channel.onEvent(events);
    const answer = channel.request({ type: "JoinSession", payload: { camera: true, mic: false } });
    const frame = JSON.parse(socket.sent[0]!) as { ackId: string; type: string };
    expect(frame.type).toBe("JoinSession");
    socket.emit("message", {
      data: JSON.stringify({
        type: "UserLeftSession",
        payload: { sessionId: "lesson:12", userId: 2, at: "" },
      }),
    });
    socket.emit("message", {
      data: JSON.stringify({ type: "Ack", payload: { ackId: frame.ackId, result: "ok" } }),
    });
    await expect(answer).resolves.toEqual({ ackId: frame.ackId, result: "ok" });
    expect(events).toHaveBeenCalledTimes(1);
  });

  it("sends signalling without waiting for its Ack", () => {
    const channel = open("lesson:12");
    channel.send({ type: "IceCandidate", payload: { candidate: { candidate: "c" } } });
    expect(JSON.parse(FakeSocket.last.sent[0]!)).toMatchObject({
      type: "IceCandidate",
      ackId: expect.any(String),
    });
  });

  it("stops for good when the room replaces, ends or refuses the socket, not on an ordinary drop", () => {
    const channel = open("lesson:12");
    const socket = FakeSocket.last;
    const final = vi.fn();
    channel.onFinal(final);
    socket.emit("open");
    expect(channel.status()).toBe("open");
    socket.emit("close", { code: 1006 });
    expect(final).not.toHaveBeenCalled();
    expect(channel.status()).toBe("connecting");
    socket.emit("close", { code: 4000 });
    expect(final).toHaveBeenCalledWith("replaced");
    expect(socket.closed).toBe(true);
    expect(channel.status()).toBe("closed");
  });
});
