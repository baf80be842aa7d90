import { useEffect, useState, useSyncExternalStore } from "react";
import { arPwa } from "../../i18n/ar-EG-pwa";
import { formatWhen } from "../../lib/format";
import { useSession } from "../../lib/session";
import { cacheNames, savedAtHeader } from "./sw-rules";

function subscribe(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** When the service worker last received this user's upcoming lessons (web/src/features/pwa/sw.ts), or null. */
async function lastSaved(userId: number): Promise<string | null> {
  if (!("caches" in window)) return null;
  const cache = await caches.open(cacheNames.lessons);
  let newest: string | null = null;
  for (const key of await cache.keys()) {
    if (new URL(key.url).searchParams.get("dars-user") !== String(userId)) continue;
    const at = (await cache.match(key))?.headers.get(savedAtHeader) ?? null;
    if (at && (newest === null || at > newest)) newest = at;
  }
  return newest;
}

/**
 * Over the upcoming lessons while the device is offline: «آخر تحديث …», when the list shown (the
 * service worker's last copy) was received (docs/phone.md). Nothing while online.
 */
export function OfflineStamp() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const { user } = useSession();
  const userId = user?.id ?? null;
  const [savedAt, setSavedAt] = useState<string | null>(null);
  useEffect(() => {
    if (online || userId === null) return;
    let live = true;
    void lastSaved(userId)
      .catch(() => null)
      .then((at) => {
        if (live) setSavedAt(at);
      });
    return () => {
      live = false;
    };
  }, [online, userId]);
  if (online || !savedAt) return null;
  return (
    <p role="status" data-offline-saved-at={savedAt} className="text-sm font-medium text-slate-700">
      {arPwa.lastUpdated(formatWhen(savedAt))}
    </p>
  );
}
