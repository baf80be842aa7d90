import { z } from "zod";
import { contract } from "./contract";

/**
 * Web push (docs/rules.md, "Notifications: channels, preferences, quiet hours"): a browser's
 * PushSubscription.toJSON() as the SPA posts it. The endpoint is the push service's https URL
 * (every browser's is, and the local push emulator's too: emulators/push); the keys are the
 * browser's P-256 public key (65 bytes) and its 16-byte auth secret, base64url without padding.
 */
const BASE64URL = /^[A-Za-z0-9_-]+$/;
export const PUSH_ENDPOINT_MAX = 2048;

export const pushEndpoint = z
  .string({ error: "invalid-push-subscription" })
  .trim()
  .max(PUSH_ENDPOINT_MAX, "invalid-push-subscription")
  .refine((value) => URL.parse(value)?.protocol === "https:", "invalid-push-subscription");

export const pushSubscriptionBody = z.object({
  endpoint: pushEndpoint,
  /** Sent by some browsers; not kept (a push service's 404/410 says when it ended). */
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // 65 bytes (0x04 ‖ x ‖ y) are 87 base64url characters, starting with "B".
      p256dh: z
        .string({ error: "invalid-push-subscription" })
        .regex(/^B[A-Za-z0-9_-]{86}=?$/, "invalid-push-subscription")
        .transform((value) => value.replace(/=+$/, "")),
      // 16 bytes are 22 base64url characters.
      auth: z
        .string({ error: "invalid-push-subscription" })
        .regex(BASE64URL, "invalid-push-subscription")
        .transform((value) => value.replace(/=+$/, ""))
        .refine((value) => value.length === 22, "invalid-push-subscription"),
    },
    { error: "invalid-push-subscription" },
  ),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

/** DELETE /push/subscriptions?endpoint=: the caller's browser, by its endpoint (in the query: a DELETE carries no body). */
export const pushUnsubscribeQuery = z.object({ endpoint: pushEndpoint });

/** The VAPID public key the browser subscribes with (applicationServerKey, base64url). */
export const pushKey = z.object({ publicKey: z.string() });

/** One of the caller's devices (no endpoint or keys: they stay on the server). */
export const pushDevice = z.object({ id: z.number().int(), createdAt: z.string() });

export const pushContracts = {
  key: contract({ method: "get", path: "/push/key", response: pushKey }),
  subscribe: contract({
    method: "post",
    path: "/push/subscriptions",
    body: pushSubscriptionBody,
    status: 201,
    response: pushDevice,
  }),
  unsubscribe: contract({
    method: "delete",
    path: "/push/subscriptions",
    query: pushUnsubscribeQuery,
    status: 204,
    response: "empty",
  }),
  /** The local push service emulator (emulators/push): mint, unsubscribe, push, fail, messages. */
  emulatorGet: contract({ method: "get", path: "/dev/push/*", response: "emulated" }),
  emulatorPost: contract({ method: "post", path: "/dev/push/*", response: "emulated" }),
  emulatorDelete: contract({ method: "delete", path: "/dev/push/*", response: "emulated" }),
};
