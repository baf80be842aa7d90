// The "push" outbox channel (docs/rules.md, "Notifications: channels, preferences, quiet hours"):
// a push row names a person, not a device (recipient `user:<id>`), and its delivery sends the
// message to every browser that person subscribed (push_subscriptions), as the JSON payload
// { title, body, url, tag } web/public/sw-push.js shows. A push service's 404 or 410 means the
// subscription is gone: its row is deleted. Any other refusal fails the delivery, which the outbox
// retries like any channel (a device that already had it may get it again; the same tag replaces
// it on screen). A person with no subscription left: the row is done, nothing sent ("sent" with
// last_error "no-devices", so the mailbox and staff can tell).
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { pushSubscriptions } from "../../schema/db";
import type { Db } from "../core/context";
import type { Services } from "../integrations";
import type { PushPayload } from "../integrations/push";
import type { Message, OutboxRow } from "./outbox";

/** The title a push carries when the message has none of its own. */
export const PUSH_DEFAULT_TITLE = "درس";

/** Outbox recipient of a push row: the person (their devices are read at delivery). */
export const pushRecipient = (userId: number) => `user:${userId}`;

/** The person a push row is for, or null when the recipient is not `user:<id>`. */
export function pushUserId(recipient: string): number | null {
  const match = /^user:(\d+)$/.exec(recipient);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A link inside the SPA, kept as the last line of a push row's body (the outbox has no link column). */
const LINK_LINE = /\n(\/[^\s]*)$/;

/**
 * The outbox message for one push to `userId`'s devices: `text` is the notification's body, the
 * title defaults to «درس», `url` (a path of the SPA, e.g. /lessons/12) is what a tap opens
 * (the home page without one). `dedupeKey` makes a message that must go once idempotent.
 */
export function pushMessage(
  userId: number,
  text: string,
  dedupeKey?: string | null,
  options: { title?: string; url?: string } = {},
): Message {
  const url = options.url && /^\/[^\s]*$/.test(options.url) ? options.url : null;
  return {
    userId,
    channel: "push",
    recipient: pushRecipient(userId),
    subject: options.title ?? PUSH_DEFAULT_TITLE,
    body: url ? `${text}\n${url}` : text,
    dedupeKey: dedupeKey ?? null,
  };
}

/** The payload a push row sends: its subject, its text, its link and a tag that replaces an older one. */
export function pushPayloadOf(row: Pick<OutboxRow, "id" | "subject" | "body" | "dedupeKey">): PushPayload {
  const link = LINK_LINE.exec(row.body);
  return {
    title: row.subject,
    body: link ? row.body.slice(0, link.index) : row.body,
    url: link?.[1] ?? "/",
    // One notification per thing: a retried or repeated push replaces, never stacks.
    tag: row.dedupeKey ? row.dedupeKey.replace(/:push$/, "") : `dars-${row.id}`,
  };
}

/** What a push row's delivery did: sent to at least one device, or no device to send to. */
export type PushDelivery = "sent" | "no-devices";

/**
 * Sends one push row to each of the person's subscriptions; deletes the gone ones and stamps the
 * reached ones (one batch). Throws the first other failure, so the outbox retries the row.
 */
export async function deliverPush(db: Db, services: Services, row: OutboxRow): Promise<PushDelivery> {
  const userId = pushUserId(row.recipient);
  if (userId === null) throw new Error("push row without a user:<id> recipient");
  const devices = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  if (devices.length === 0) return "no-devices";
  const payload = pushPayloadOf(row);
  const sender = services.push();
  const outcomes = await Promise.allSettled(devices.map((device) => sender.send(device, payload)));
  const gone = devices.filter((_, i) => {
    const outcome = outcomes[i]!;
    return outcome.status === "fulfilled" && outcome.value === "gone";
  });
  const reached = devices.filter((_, i) => {
    const outcome = outcomes[i]!;
    return outcome.status === "fulfilled" && outcome.value === "sent";
  });
  const writes: BatchItem<"sqlite">[] = [];
  if (gone.length)
    writes.push(
      db.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          gone.map((device) => device.id),
        ),
      ),
    );
  if (reached.length)
    writes.push(
      db
        .update(pushSubscriptions)
        .set({ lastSentAt: new Date().toISOString() })
        .where(
          inArray(
            pushSubscriptions.id,
            reached.map((device) => device.id),
          ),
        ),
    );
  if (writes.length) await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const failure = outcomes.find((outcome) => outcome.status === "rejected");
  if (failure) throw failure.reason;
  return reached.length ? "sent" : "no-devices";
}

/**
 * Keeps one browser's subscription for `userId` (one statement): a new endpoint is a new device;
 * an endpoint already stored (the same browser subscribing again, or signed in as someone else
 * now) takes the new keys and the caller, since a browser's pushes go to whoever subscribed last.
 */
export async function saveSubscription(
  db: Db,
  userId: number,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  now: Date,
): Promise<{ id: number; createdAt: string }> {
  const { endpoint, keys } = subscription;
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: now.toISOString() })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: keys.p256dh, auth: keys.auth, lastSentAt: null },
    })
    .returning({ id: pushSubscriptions.id, createdAt: pushSubscriptions.createdAt });
  return row!;
}

/** Removes the caller's subscription for `endpoint` (one statement); false when they have none there. */
export async function removeSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/**
 * The person's devices for their data export (docs/rules.md, "Your data"): when each browser
 * subscribed and was last sent a push, and the push service's host, never the endpoint's path or
 * the keys (they would let anyone push to that browser).
 */
export async function pushDevicesForExport(db: Db, userId: number) {
  const rows = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      lastSentAt: pushSubscriptions.lastSentAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);
  return rows.map((row) => ({
    pushService: URL.parse(row.endpoint)?.host ?? null,
    subscribedAt: row.createdAt,
    lastSentAt: row.lastSentAt,
  }));
}
