// Web push (RFC 8030) to one browser subscription: the payload encrypted for the browser
// (RFC 8291, aes128gcm, padded to a constant size) and the request signed with our VAPID key
// (RFC 8292), both by @block65/webcrypto-web-push on WebCrypto; no cryptography of our own. `fetch` is injected: the real one,
// or locally the push emulator's in-process dispatch for its endpoints (createServices).
import { buildPushPayload } from "@block65/webcrypto-web-push";
import type { Vapid } from "../core/env";
import type { Fetcher } from "./emulated";

/** What a browser's PushSubscription.toJSON() gives us, as stored (push_subscriptions). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What the service worker shows (web/public/sw-push.js): the notification's text, link and tag. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** A push the push service refused for a reason other than a gone subscription (retried). */
export class PushError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`push service answered ${status}${detail ? `: ${detail.slice(0, 200)}` : ""}`);
  }
}

/** "sent", or "gone" when the push service says the subscription no longer exists (404, 410). */
export type PushOutcome = "sent" | "gone";

export type PushSender = {
  /** Sends one payload to one subscription; throws PushError (or a network error) to be retried. */
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
};

/** How long a push service keeps a message for an offline device (seconds): a reminder is stale after that. */
export const PUSH_TTL_SECONDS = 6 * 60 * 60;

export function webPushSender({ vapid, fetch }: { vapid: Vapid; fetch: Fetcher }): PushSender {
  return {
    async send(target, payload) {
      const request = await buildPushPayload(
        { data: payload, options: { ttl: PUSH_TTL_SECONDS, urgency: "high" } },
        {
          endpoint: target.endpoint,
          expirationTime: null,
          keys: { p256dh: target.p256dh, auth: target.auth },
        },
        // The library takes the private key as the JWK's `d` and rebuilds the pair from the public key.
        { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateJwk.d },
      );
      const response = await fetch(
        new Request(target.endpoint, { method: "POST", headers: request.headers, body: request.body }),
      );
      if (response.status === 404 || response.status === 410) {
        await response.body?.cancel();
        return "gone";
      }
      if (!response.ok) throw new PushError(response.status, await response.text().catch(() => ""));
      await response.body?.cancel();
      return "sent";
    },
  };
}
