import { useSyncExternalStore } from "react";
import { ar } from "../i18n/ar-EG";

function subscribe(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Says so while the device is offline (requests fail until it is back); gone once it is online. */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div
      role="status"
      data-offline=""
      className="sticky top-16 z-30 border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-950"
    >
      {ar.shell.offline}
    </div>
  );
}
