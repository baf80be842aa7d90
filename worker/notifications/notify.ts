import type { Scope } from "../core/scope";
import { messagesTo } from "./channels";
import { enqueueDelivery } from "./delivery";
import { enqueue, type Message, type OutboxRow } from "./outbox";
import { findRecipient } from "./preferences";
import type { NotificationKind } from "../../schema/notification-kinds";

/** What sending needs of the unit of work (worker/core/scope.ts). */
type Sending = Pick<Scope, "db" | "env" | "logger" | "waitUntil">;

/**
 * Stores the message in the outbox before answering (so it is never lost) and, after the
 * response, puts it on the notifications queue (delivery.ts); the queue's consumer delivers it.
 */
export async function notify(scope: Sending, message: Message): Promise<void> {
  const row = await enqueue(scope.db, message);
  if (row) deliverLater(scope, [row]);
}

/** Queues, after the response, outbox rows the request already stored (in its own batch). */
export function deliverLater(scope: Sending, rows: readonly Pick<OutboxRow, "id">[]): void {
  if (rows.length) scope.waitUntil(enqueueDelivery(scope.env, rows, scope.logger));
}

/**
 * Sends a notification of `kind` to a user on every channel they use that their preferences allow
 * (the user and their choices read in one statement). Its callers are mostly the onboarding steps
 * (interviews, demo sessions, intro videos, photo sessions), so that is the kind unless given.
 */
export async function notifyUser(
  scope: Sending,
  userId: number | null,
  text: { subject: string; body: string },
  kind: NotificationKind = "onboarding",
): Promise<void> {
  if (userId === null) return;
  const user = await findRecipient(scope.db, userId);
  if (!user) return;
  await Promise.all(messagesTo(user, text, kind).map((message) => notify(scope, message)));
}
