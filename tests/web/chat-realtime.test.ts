import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Listener = (event: { data?: unknown; code?: number }) => void;

/** A stand-in for partysocket's socket: records its options and what it sent. */
class FakePartySocket {
  static instances: FakePartySocket[] = [];
  listeners = new Map<string, Listener[]>();
  sent: string[] = [];
  closed = false;
  constructor(public options: Record<string, unknown>) {
    FakePartySocket.instances.push(this);
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.emit("close", { code: 1000 });
  }
  emit(type: string, event: { data?: unknown; code?: number } = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

vi.mock("partysocket", () => ({ default: FakePartySocket, PartySocket: FakePartySocket }));

const { AckTimeoutError, bindUserChannel, createUserChannel, openChannel, reconnectionOptions } =
  await import("../../web/src/lib/realtime");

function fakeSession(initial: { token: string | null; userId: number | null }) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => ({ user: state.userId === null ? null : ({ id: state.userId } as never) }) as never,
    liveToken: () => state.token,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: { token: string | null; userId: number | null }) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

beforeEach(() => {
  FakePartySocket.instances = [];
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

describe("realtime client", () => {
  it("uses the spec's reconnection settings and a fresh single-use ticket, never the token, as the query", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ ticket: "tkt-1", expiresAt: "2026-11-25T10:01:00.000Z" }), {
          status: 200,
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    openChannel("user-channel", "7", "tok-1");
    const [socket] = FakePartySocket.instances;
    const query = socket?.options.query as () => Promise<Record<string, string>>;
    expect(await query()).toEqual({ ticket: "tkt-1" });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/auth/socket-ticket");
    expect(new Headers(init.headers).get("Authorization")).toBe("Bearer tok-1");
    expect(JSON.parse(String(init.body))).toEqual({ party: "user-channel", name: "7" });
    // A refused ticket request gives an empty ticket (the gate refuses it; the socket retries).
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: "unauthenticated" }), { status: 401 }),
    );
    expect(await query()).toEqual({ ticket: "" });
    vi.unstubAllGlobals();
    expect(socket?.options).toMatchObject({
      party: "user-channel",
      room: "7",
      minReconnectionDelay: 1000,
      maxReconnectionDelay: 5000,
      reconnectionDelayGrowFactor: 1.5,
      connectionTimeout: 20000,
      maxRetries: Number.POSITIVE_INFINITY,
    });
    expect(reconnectionOptions.maxRetries).toBe(Infinity);
  });

  it("keeps one user-channel socket, and reopens it (closing the old one) when the token changes", () => {
    const channel = createUserChannel();
    const store = fakeSession({ token: "tok-1", userId: 7 });
    const unbind = bindUserChannel(store, channel);
    expect(FakePartySocket.instances).toHaveLength(1);

    store.set({ token: "tok-1", userId: 7 });
    expect(FakePartySocket.instances).toHaveLength(1);

    store.set({ token: "tok-2", userId: 7 });
    expect(FakePartySocket.instances).toHaveLength(2);
    expect(FakePartySocket.instances[0]?.closed).toBe(true);
    expect(FakePartySocket.instances[1]?.options.query).toBeTypeOf("function");
    expect(FakePartySocket.instances[1]?.closed).toBe(false);

    store.set({ token: null, userId: null });
    expect(FakePartySocket.instances[1]?.closed).toBe(true);
    expect(channel.channel()).toBeNull();
    unbind();
  });

  it("forwards events of the current socket only, and tells listeners about reconnects", () => {
    const channel = createUserChannel();
    const events: string[] = [];
    const opens: boolean[] = [];
    channel.subscribe((event) => events.push(event.type));
    channel.onOpen((reopened) => opens.push(reopened));
    channel.connect(7, "tok-1");
    const first = FakePartySocket.instances[0]!;
    first.emit("open");
    first.emit("message", {
      data: JSON.stringify({ type: "UserStatusChanged", payload: { userId: 8, online: true } }),
    });
    first.emit("close", { code: 1006 });
    first.emit("open");
    expect(opens).toEqual([false, true]);

    channel.connect(7, "tok-2");
    first.emit("message", { data: JSON.stringify({ type: "TutorUpdated", payload: { tutorId: 1 } }) });
    expect(events).toEqual(["UserStatusChanged"]);
  });

  it("resolves a request with its Ack and times out without one", async () => {
    vi.useFakeTimers();
    const channel = openChannel("chat-room", "3", "tok");
    const socket = FakePartySocket.instances[0]!;
    const answered = channel.request({ type: "SyncMessages", payload: { after: 4 } });
    const frame = JSON.parse(socket.sent[0]!) as { ackId: string; type: string; payload: unknown };
    expect(frame).toMatchObject({ type: "SyncMessages", payload: { after: 4 } });
    socket.emit("message", {
      data: JSON.stringify({ type: "Ack", payload: { ackId: frame.ackId, result: "ok" } }),
    });
    await expect(answered).resolves.toEqual({ ackId: frame.ackId, result: "ok" });

    const lost = channel.request({ type: "UserTyping", payload: { typing: true } }, 500);
    vi.advanceTimersByTime(500);
    await expect(lost).rejects.toBeInstanceOf(AckTimeoutError);
  });
});
