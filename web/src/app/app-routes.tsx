import { useEffect } from "react";
import { useLocation, useRoutes } from "react-router-dom";
import { ar } from "../i18n/ar-EG";
import { preloadRoute } from "../lib/route-preload";
import { LeaveGuard } from "../lib/use-leave-warning";
import { routes } from "../routes";

/**
 * The app's screens for the router around it: BrowserRouter in the browser (web/src/boot.tsx),
 * StaticRouter when prerendering (web/src/prerender.tsx), MemoryRouter in tests. A declarative
 * router, not a data router: its code is less than half the size in the first load (docs/performance.md).
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  // The next screen's chunks are asked for together, while its lazy module starts loading
  // (web/src/lib/route-preload.ts; in a production build in the browser, not in tests or the prerender).
  useEffect(() => {
    if (import.meta.env.PROD) preloadRoute(pathname);
  }, [pathname]);
  const screens = useRoutes(routes);
  return <LeaveGuard message={ar.shell.uploadLeaveWarning}>{screens}</LeaveGuard>;
}
