import type { AppContext } from "../http/context";
import { deliver, deliverAll, enqueue, type Message, type OutboxRow } from "./outbox";

/**
 * Stores the message in the outbox before answering (so it is never lost) and delivers it after
 * the response; a delivery failure stays in the outbox for the cron job to retry.
 */
export async function notify(c: AppContext, message: Message): Promise<void> {
  const row = await enqueue(c.get("db"), message);
  if (row) c.executionCtx.waitUntil(deliver(c.get("db"), c.get("services"), row, c.get("logger")));
}

/** Delivers, after the response, outbox rows the request already stored (in its own batch). */
export function deliverLater(c: AppContext, rows: readonly OutboxRow[]): void {
  if (rows.length) c.executionCtx.waitUntil(deliverAll(c.get("db"), c.get("services"), rows, c.get("logger")));
}
