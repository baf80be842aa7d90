import { describe, expect, it, vi } from "vitest";
import type PartySocket from "partysocket";
import { openSessionChannel } from "../../web/src/features/live-session/session-channel";

type Listener = (event: { data?: unknown; code?: number }) => void;

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

const open = (id: string) => openSessionChannel(id, "tok", FakeSocket as unknown as typeof PartySocket);

describe("session-room channel", () => {
  it("opens /parties/session-room/lesson:12 with the token, the colon as it is", () => {
    open("lesson:12");
    expect(FakeSocket.last.options).toMatchObject({ party: "session-room", room: "lesson:12", query: { token: "tok" } });
  });

  it("numbers frames and resolves them with their Ack, passing other events on", async () => {
    const channel = open("lesson:12");
    const socket = FakeSocket.last;
    const events = vi.fn();
    channel.onEvent(events);
    const answer = channel.request({ type: "JoinSession", payload: { camera: true, mic: false } });
    const frame = JSON.parse(socket.sent[0]!) as { ackId: string; type: string };
    expect(frame.type).toBe("JoinSession");
    socket.emit("message", { data: JSON.stringify({ type: "UserLeftSession", payload: { sessionId: "lesson:12", userId: 2, at: "" } }) });
    socket.emit("message", { data: JSON.stringify({ type: "Ack", payload: { ackId: frame.ackId, result: "ok" } }) });
    await expect(answer).resolves.toEqual({ ackId: frame.ackId, result: "ok" });
    expect(events).toHaveBeenCalledTimes(1);
  });

  it("stops for good when the room replaces, ends or refuses the socket, not on an ordinary drop", () => {
    const channel = open("lesson:12");
    const socket = FakeSocket.last;
    const final = vi.fn();
    const status = vi.fn();
    channel.onFinal(final);
    channel.onStatus(status);
    socket.emit("open");
    socket.emit("close", { code: 1006 });
    expect(final).not.toHaveBeenCalled();
    expect(status).toHaveBeenLastCalledWith("connecting");
    socket.emit("close", { code: 4000 });
    expect(final).toHaveBeenCalledWith("replaced");
    expect(socket.closed).toBe(true);
    expect(status).toHaveBeenLastCalledWith("closed");
  });
});
