import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { seedInitialData } from "./features/tutors/initial-data";
import { handleSessionEnded } from "./lib/api";
import { session } from "./lib/session";
import { captureUncaughtErrors } from "./lib/debug-log";
import { reportError } from "./lib/error-reporting";
import { createQueryClient } from "./lib/query-client";
import { routes } from "./routes";

captureUncaughtErrors();
const router = createBrowserRouter(routes);
const queryClient = createQueryClient();
// /tutors and /t/{id} arrive with their first data inlined by the Worker (worker/seo/pages.ts).
seedInitialData(queryClient);

// docs/product.md §7 and §8: a 401 ends the session; the user signs in again and comes back here.
handleSessionEnded(() => {
  const { pathname, search } = router.state.location;
  if (session.getState().logoutReason === "suspended") {
    if (pathname !== "/account-suspended") void router.navigate("/account-suspended", { replace: true });
    return;
  }
  if (pathname === "/login") return;
  void router.navigate(`/login?next=${encodeURIComponent(pathname + search)}`, { replace: true });
});

// A lazy screen whose chunk vanished after a deploy: reload once to get the new build.
window.addEventListener("vite:preloadError", (event) => {
  const reloadedKey = "dars.preload-reloaded";
  if (sessionStorage.getItem(reloadedKey)) return;
  sessionStorage.setItem(reloadedKey, "1");
  event.preventDefault();
  window.location.reload();
});

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("#root is missing from index.html");

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);
// A screen that crashes into the crash screen (an error boundary) is reported when Sentry is on.
const onCaughtError = (error: unknown) => reportError(error);

// A public page prerendered at build (scripts/prerender.mjs, served by worker/seo/pages.ts) is
// hydrated: its markup is what a visitor sees, so the first paint needs no JavaScript. A signed-in
// user (a different header) or another path starts from an empty root instead.
// "/faq/" is the same page as "/faq" (the Worker serves it the same file).
const prerenderedPath = rootElement.dataset.prerendered;
const currentPath = window.location.pathname.replace(/(.)\/+$/, "$1");
if (prerenderedPath !== undefined && prerenderedPath === currentPath && session.getState().token === null) {
  hydrateRoot(rootElement, app, { onCaughtError });
} else {
  rootElement.replaceChildren();
  createRoot(rootElement, { onCaughtError }).render(app);
}
