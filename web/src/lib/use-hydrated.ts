import { useSyncExternalStore } from "react";

const subscribeNever = () => () => undefined;

/**
 * False while rendering on the server (the build's prerender, scripts/prerender.mjs) and during
 * hydration, true after: for what exists only in the browser (portals on <body>), so the first
 * client render matches the prerendered markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
