import { useEffect, useSyncExternalStore } from "react";
import { useBlocker } from "react-router-dom";

/**
 * Uploads in flight, counted across the app: while any runs, closing or reloading the tab asks
 * first (the browser's own prompt), and the one <LeaveGuard> of the app's layout asks before
 * leaving for another screen (a router holds one blocker at a time, so the components only count).
 */
let inFlight = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const warnOnUnload = (event: BeforeUnloadEvent) => event.preventDefault();

/** While `active` (this component's upload runs), leaving asks first. */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    inFlight += 1;
    if (inFlight === 1) window.addEventListener("beforeunload", warnOnUnload);
    notify();
    return () => {
      inFlight -= 1;
      if (inFlight === 0) window.removeEventListener("beforeunload", warnOnUnload);
      notify();
    };
  }, [active]);
}

/** Whether any upload runs now. */
export const useUploadsInFlight = () => useSyncExternalStore(subscribe, () => inFlight > 0, () => false);

/** In the app's layout (inside the data router): asks with `message` before leaving the screen while an upload runs. */
export function LeaveGuard({ message }: { message: string }) {
  const active = useUploadsInFlight();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
  return null;
}
