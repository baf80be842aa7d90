import { adminChannel } from "../../durable-objects/clients";
import type { Env } from "../core/env";
import { createLogger, describeError } from "../core/logger";

/** An isolate sends its count to the staff channel at most this often. */
export const REQUEST_FLUSH_MS = 5000;

type Flush = (count: number, at: number) => Promise<void>;

/**
 * Requests per minute without a storage write per request: each isolate counts API requests in
 * memory and hands the count to the staff channel (one RPC, never D1) with the first request after
 * REQUEST_FLUSH_MS, through waitUntil so the answer never waits for it. The channel sums what every
 * isolate reported in the last minute. Counts of an isolate that goes quiet wait for its next
 * request (at most REQUEST_FLUSH_MS of traffic is late; nothing is counted twice).
 */
export function createRequestCounter(intervalMs = REQUEST_FLUSH_MS) {
  let pending = 0;
  let lastFlush = Number.NEGATIVE_INFINITY;
  return {
    /** Counts one request; answers the flush to hand to waitUntil when one is due, else null. */
    count(flush: Flush, now = Date.now()): Promise<void> | null {
      pending++;
      if (now - lastFlush < intervalMs) return null;
      const count = pending;
      pending = 0;
      lastFlush = now;
      return flush(count, now).catch((error: unknown) => {
        // The count is lost rather than retried: a stats figure is not worth a growing backlog.
        createLogger("request-counter").warn("request count not reported", {
          count,
          ...describeError(error),
        });
      });
    },
    pending: () => pending,
  };
}

const apiRequests = createRequestCounter();

/** Counts one /api request of this isolate (worker/index.ts). */
export function countApiRequest(
  env: Pick<Env, "ADMIN_CHANNEL">,
  ctx: Pick<ExecutionContext, "waitUntil">,
): void {
  const flush = apiRequests.count((count, at) => adminChannel(env).recordRequests(count, at));
  if (flush) ctx.waitUntil(flush);
}
