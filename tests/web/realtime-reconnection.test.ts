// docs/product.md §9 "Socket reconnection" on the real partysocket (web/src/lib/realtime.ts): the waits
// between attempts grow from 1 s ×1.5 up to 5 s, each spread over [0.5×, 1.5×] of its base (a
// randomisation factor of 0.5), a connect attempt is given up after 20 s, and retrying never stops.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { openChannel, reconnectionDelay, reconnectionOptions } from "../../web/src/lib/realtime";

/** A socket the server never accepts: it closes as soon as it is made. */
class RefusedSocket extends EventTarget {
  static made: RefusedSocket[] = [];
  readyState = 0;
  binaryType = "blob";
  constructor(readonly url: string) {
    super();
    RefusedSocket.made.push(this);
    queueMicrotask(() => {
      this.readyState = 3;
      this.dispatchEvent(Object.assign(new Event("close"), { code: 1006, reason: "refused" }));
    });
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

/** The base waits of §9: 1000, 1500, 2250, 3375, 5000 (capped), 5000, … */
const baseOf = (retry: number) => Math.min(5000, 1000 * 1.5 ** (retry - 1));

let setTimeoutSpy: MockInstance<typeof setTimeout>;

beforeEach(() => {
  RefusedSocket.made = [];
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  // Calls through to the fake timers; records every delay asked for.
  setTimeoutSpy = vi.spyOn(globalThis, "setTimeout");
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => ({ status: 200, ok: true, text: async () => JSON.stringify({ ticket: "tkt" }) })),
  );
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The delay of every setTimeout so far, in order. */
const delaysSoFar = (): number[] => setTimeoutSpy.mock.calls.map(([, delay]) => delay ?? 0);

describe("socket reconnection schedule (docs/product.md §9)", () => {
  it("computes each wait as min(5000, 1000 × 1.5^(n−1)) times a random factor in [0.5, 1.5]", () => {
    expect(reconnectionDelay(0)).toBe(0);
    for (let retry = 1; retry <= 10; retry++) {
      const base = baseOf(retry);
      expect(reconnectionDelay(retry, () => 0)).toBe(Math.round(base * 0.5));
      expect(reconnectionDelay(retry, () => 0.5)).toBe(Math.round(base));
      expect(reconnectionDelay(retry, () => 1)).toBe(Math.round(base * 1.5));
    }
    expect([1, 2, 3, 4, 5, 6].map((retry) => reconnectionDelay(retry, () => 0.5))).toEqual([
      1000, 1500, 2250, 3375, 5000, 5000,
    ]);
  });

  it("waits a jittered, growing delay between the real socket's attempts, and keeps trying", async () => {
    vi.stubGlobal("WebSocket", RefusedSocket);
    const channel = openChannel("user-channel", "7", "tok");
    const attempts = 14;
    // Each step fires the one pending wait: a socket is made, refused, and the next wait is set.
    for (let step = 0; step < attempts; step++) await vi.runOnlyPendingTimersAsync();
    // Every wait timer the socket set, in order: the connect attempts' own 20 s timeouts left out
    // (each attempt's socket closed before its timeout, which was cleared).
    const waits = delaysSoFar().filter((delay) => delay !== reconnectionOptions.connectionTimeout);
    expect(RefusedSocket.made.length).toBe(attempts);
    expect(waits[0]).toBe(0); // the first connect does not wait
    const retries = waits.slice(1, attempts + 1);
    expect(retries).toHaveLength(attempts);
    const ratios = retries.map((wait, index) => {
      const base = baseOf(index + 1);
      expect(wait, `retry ${index + 1}`).toBeGreaterThanOrEqual(Math.floor(base * 0.5));
      expect(wait, `retry ${index + 1}`).toBeLessThanOrEqual(Math.ceil(base * 1.5));
      return wait / base;
    });
    // Jitter, not a fixed schedule: the factors differ from one retry to the next.
    expect(new Set(ratios.map((ratio) => ratio.toFixed(3))).size).toBeGreaterThan(attempts / 2);
    // Still retrying after all those failures (no limit on attempts).
    expect(reconnectionOptions.maxRetries).toBe(Number.POSITIVE_INFINITY);
    await vi.runOnlyPendingTimersAsync();
    expect(RefusedSocket.made.length).toBe(attempts + 1);
    channel.close();
  });

  it("gives a connect attempt that gets no answer up after 20 s, then tries again", async () => {
    class Hanging extends EventTarget {
      static made = 0;
      readyState = 0;
      binaryType = "blob";
      constructor() {
        super();
        Hanging.made += 1;
      }
      send() {}
      close() {
        this.readyState = 3;
      }
    }
    vi.stubGlobal("WebSocket", Hanging);
    const channel = openChannel("user-channel", "7", "tok");
    await vi.advanceTimersByTimeAsync(1);
    expect(Hanging.made).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000 - 2);
    expect(Hanging.made).toBe(1);
    // The timeout fires at 20 s; the retry then waits its jittered first delay (0.5 to 1.5 s).
    await vi.advanceTimersByTimeAsync(1 + 1500 + 1);
    expect(Hanging.made).toBe(2);
    channel.close();
  });
});
