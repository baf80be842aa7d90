/**
 * This browser's push subscription (docs/rules.md, "Notifications: channels, preferences, quiet
 * hours"): subscribe with the Worker's VAPID key through the service worker (/sw.js, which
 * imports /sw-push.js) and keep it on the server, or drop it on both sides.
 */
import { pushContracts } from "@schema/api/push";
import { errorCodeOf } from "../../lib/api-error";
import { call } from "../../lib/client";

/** "unsupported": no service worker, Push API or notifications here (older Safari, some in-app browsers). */
export type PushState = "unsupported" | "denied" | "on" | "off";

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** The page's service worker: the one already registered, or /sw.js registered now. */
async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration("/");
  if (!existing) await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** base64url (the VAPID key as the Worker gives it) to the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === "granted" ? "on" : "off";
}

/** Asks for permission, subscribes this browser and stores it for the signed-in person. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "off";
  const registration = await serviceWorker();
  const { publicKey } = await call(pushContracts.key);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const json = subscription.toJSON();
  await call(pushContracts.subscribe, {
    body: {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
    },
  });
  return "on";
}

/** Unsubscribes this browser and forgets it on the server (already forgotten is fine). */
export async function disablePush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await call(pushContracts.unsubscribe, { query: { endpoint: subscription.endpoint } }).catch(
      (error: unknown) => {
        if (errorCodeOf(error) !== "push-subscription-not-found") throw error;
      },
    );
    await subscription.unsubscribe();
  }
  return "off";
}
