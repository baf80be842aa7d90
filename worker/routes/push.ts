import { pushContracts } from "../../schema/api/push";
import { fail } from "../core/failure";
import { emulate } from "../http/emulate";
import { route } from "../http/route";
import { removeSubscription, saveSubscription } from "../notifications/push";

/**
 * Web push on the person's devices (docs/rules.md, "Notifications: channels, preferences, quiet
 * hours"): the VAPID key to subscribe with, then each browser's subscription kept or removed. Any
 * signed-in person, for their own browsers only; one statement each.
 */
export const pushRoutes = [
  route(pushContracts.key, {
    access: "public",
    summary: "The VAPID public key browsers subscribe with (PushManager.subscribe's applicationServerKey).",
    handle: ({ c }) => ({ publicKey: c.get("config").vapid.publicKey }),
  }),
  route(pushContracts.subscribe, {
    access: "signed-in",
    summary:
      "Keeps this browser's push subscription for the caller (a person may have several devices); the same endpoint again replaces its keys.",
    handle: ({ c, user, body }) => saveSubscription(c.get("db"), user.id, body, c.get("now")),
  }),
  route(pushContracts.unsubscribe, {
    access: "signed-in",
    summary:
      "Removes the caller's subscription for this endpoint; push-subscription-not-found when the caller has none there.",
    async handle({ c, user, query }) {
      if (!(await removeSubscription(c.get("db"), user.id, query.endpoint)))
        fail("push-subscription-not-found");
    },
  }),
  ...(["Get", "Post", "Delete"] as const).map((method) =>
    route(pushContracts[`emulator${method}`], {
      access: "public",
      localOnly: true,
      summary:
        "Local push service emulator: /subscriptions (mint a browser's subscription, or remove it), /send/<id> (the push endpoint: VAPID checked, payload decrypted), /fail and /messages (what it received).",
      handle: ({ c }) => emulate(c),
    }),
  ),
];
