import { settings } from "../core/settings";
import type { Channel, Gate } from "./outbox";

export type Clock = { now(): number; sleep(ms: number): Promise<void> };

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Each provider's per-second cap, kept per isolate: sends of one channel are spaced 1000/rate ms
 * apart (a slot is reserved synchronously, so concurrent sends queue behind each other), which
 * keeps any one-second window at or under the cap. A send waits for its slot rather than failing.
 * A channel without a cap is not spaced.
 */
export function createRateGate(
  perSecond: Partial<Record<Channel, number>> = settings.outbox.perSecond,
  clock: Clock = realClock,
): Gate {
  const next = new Map<Channel, number>();
  return async (channel) => {
    const rate = perSecond[channel];
    if (!rate) return;
    const interval = 1000 / rate;
    const now = clock.now();
    const slot = Math.max(now, next.get(channel) ?? now);
    next.set(channel, slot + interval);
    if (slot > now) await clock.sleep(slot - now);
  };
}

/** The isolate's gate, shared by every batch the isolate's consumer handles. */
export const isolateGate = createRateGate();
