import {
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import {
  useLocation,
  UNSAFE_NavigationContext as NavigationContext,
  type Navigator,
  type To,
} from "react-router-dom";

/**
 * Uploads in flight, counted across the app: while any runs, closing or reloading the tab asks
 * first (the browser's own prompt), and the one <LeaveGuard> around the app's routes asks before
 * leaving for another screen (web/src/app/app-routes.tsx); the components only count.
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
export const useUploadsInFlight = () =>
  useSyncExternalStore(
    subscribe,
    () => inFlight > 0,
    () => false,
  );

/** The path a navigation goes to: navigate() and <Link> hand the navigator a resolved path. */
const pathnameOf = (to: To, current: string) =>
  typeof to === "string" ? new URL(to, window.location.origin + current).pathname : (to.pathname ?? current);

/** The history entry's index that react-router's browser history keeps in history.state. */
const historyIndex = (): number | null => {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === "number" ? index : null;
};

/**
 * Around the app's routes: while an upload runs, leaving the screen for another path asks with
 * `message` first. Links, <Navigate> and navigate() go through the router's navigator, which this
 * wraps; back and forward are a popstate, caught before the router's own listener (capture phase)
 * and undone when the user stays. Closing or reloading the tab is useLeaveWarning's beforeunload.
 */
export function LeaveGuard({ message, children }: { message: string; children: ReactNode }) {
  const navigation = useContext(NavigationContext);
  const location = useLocation();
  const current = useRef({ pathname: location.pathname, index: null as number | null, message });
  useLayoutEffect(() => {
    current.current = { pathname: location.pathname, index: historyIndex(), message };
  }, [location, message]);

  const guarded = useMemo(() => {
    const { navigator } = navigation;
    const mayLeave = (to: To) =>
      inFlight === 0 ||
      pathnameOf(to, current.current.pathname) === current.current.pathname ||
      window.confirm(current.current.message);
    const wrapped: Navigator = {
      createHref: (to) => navigator.createHref(to),
      go: (delta) => navigator.go(delta),
      push: (to, state, options) => {
        if (mayLeave(to)) navigator.push(to, state, options);
      },
      replace: (to, state, options) => {
        if (mayLeave(to)) navigator.replace(to, state, options);
      },
    };
    if (navigator.encodeLocation) wrapped.encodeLocation = (to) => navigator.encodeLocation!(to);
    return { ...navigation, navigator: wrapped };
  }, [navigation]);

  useLayoutEffect(() => {
    // The popstate that puts the user back where they were after they chose to stay.
    let undoing = false;
    const onPopState = (event: PopStateEvent) => {
      if (undoing) {
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      const { pathname, index, message: question } = current.current;
      const nextIndex = historyIndex();
      if (
        inFlight === 0 ||
        window.location.pathname === pathname ||
        index === null ||
        nextIndex === null ||
        nextIndex === index
      )
        return;
      if (window.confirm(question)) return;
      // The router never hears of this step; going back the other way restores the entry it shows.
      event.stopImmediatePropagation();
      undoing = true;
      window.history.go(index - nextIndex);
    };
    window.addEventListener("popstate", onPopState, { capture: true });
    return () => window.removeEventListener("popstate", onPopState, { capture: true });
  }, []);

  return <NavigationContext.Provider value={guarded}>{children}</NavigationContext.Provider>;
}
