import { findUserById } from "../domain/identity/users";
import type { AppContext } from "../http/context";
import { messagesTo } from "./channels";
import { enqueueDelivery } from "./delivery";
import { enqueue, type Message, type OutboxRow } from "./outbox";

/**
 * Stores the message in the outbox before answering (so it is never lost) and, after the
 * response, puts it on the notifications queue (delivery.ts); the queue's consumer delivers it.
 */
export async function notify(c: AppContext, message: Message): Promise<void> {
  const row = await enqueue(c.get("db"), message);
  if (row) deliverLater(c, [row]);
}

/** Queues, after the response, outbox rows the request already stored (in its own batch). */
export function deliverLater(c: AppContext, rows: readonly Pick<OutboxRow, "id">[]): void {
  if (rows.length) c.executionCtx.waitUntil(enqueueDelivery(c.env, rows, c.get("logger")));
}

/** Sends a notification to a user on every channel they use (email, and WhatsApp/Telegram when verified). */
export async function notifyUser(
  c: AppContext,
  userId: number | null,
  text: { subject: string; body: string },
): Promise<void> {
  if (userId === null) return;
  const user = await findUserById(c.get("db"), userId);
  if (!user) return;
  await Promise.all(messagesTo(user, text).map((message) => notify(c, message)));
}
