import { useContext, useEffect } from "react";
import { UNSAFE_DataRouterContext, useBlocker } from "react-router-dom";

/** While `active`, closing or reloading the tab asks first (the browser's own prompt). */
export function useUnloadWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}

/**
 * While `active` (an upload in flight): closing or reloading the tab asks first, and leaving for
 * another screen of the app asks with `message` (a confirm in the page's language). In-app
 * navigation can only be held inside the app's data router; elsewhere (a component test's
 * MemoryRouter) only the tab is guarded.
 */
export function LeaveWarning({ active, message }: { active: boolean; message: string }) {
  useUnloadWarning(active);
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <NavigationGuard active={active} message={message} /> : null;
}

function NavigationGuard({ active, message }: { active: boolean; message: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
  return null;
}
