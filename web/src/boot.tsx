// The app's start, loaded by web/src/main.tsx in a script task of its own.
import { QueryClientProvider } from "@tanstack/react-query";
import { startTransition, StrictMode, useEffect } from "react";
import { flushSync } from "react-dom";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter, useNavigate, type NavigateFunction } from "react-router-dom";
import { normalisePagePath } from "@schema/prerendered-pages";
import { AppRoutes } from "./app/app-routes";
import { preloadScreensFor } from "./routes";
import { sessionEndedPath } from "./features/session/session-ended-path";
import { seedInitialData } from "./features/tutors/initial-data";
import { handlePendingDeletion, handleSessionEnded } from "./lib/api";
import { session } from "./lib/session";
import { captureUncaughtErrors } from "./lib/debug-log";
import { createQueryClient } from "./lib/query-client";
import { reloadForNewBuild } from "./lib/stale-build";
import { loadErrorMessages } from "./i18n/load-error-catalogue";

captureUncaughtErrors();
const queryClient = createQueryClient();

// docs/product.md §7 and §8: a 401 ends the session; the user signs in again and comes back here.
let navigate: NavigateFunction | null = null;
handleSessionEnded(() => {
  const to = sessionEndedPath(window.location, session.getState().logoutReason);
  if (to === null) return;
  if (navigate) void navigate(to, { replace: true });
  else window.location.replace(to);
});

// docs/rules.md, "Your data: deletion": an account in its grace period sees only its deletion screen.
handlePendingDeletion(() => {
  if (window.location.pathname === "/account-deletion") return;
  if (navigate) void navigate("/account-deletion", { replace: true });
  else window.location.replace("/account-deletion");
});

/** The app inside the browser's router, whose navigate function the session's end uses. */
function App() {
  const routerNavigate = useNavigate();
  useEffect(() => {
    navigate = routerNavigate;
  }, [routerNavigate]);
  return <AppRoutes />;
}

// A chunk Vite's loader could not fetch (a deploy replaced the build): reload once for the new one.
// Lazy screens do the same themselves (web/src/routes.tsx).
window.addEventListener("vite:preloadError", (event) => {
  if (reloadForNewBuild()) event.preventDefault();
});

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("#root is missing from index.html");

// A page prerendered at build (scripts/prerender.mjs, served by worker/seo/pages.ts) is
// hydrated: its markup is what a visitor sees, so the first paint needs no JavaScript. A signed-in
// user (a different header) or another path starts from an empty root instead.
// "/faq/" is the same page as "/faq" (the Worker serves it the same file).
// A screen that crashes into the crash screen is reported by its boundary (web/src/app/screen-boundary.tsx).
const prerenderedPath = rootElement.dataset.prerendered;
const hydrating =
  prerenderedPath !== undefined &&
  prerenderedPath === normalisePagePath(window.location.pathname) &&
  session.getState().token === null;
// /tutors and /t/{id} arrive with their first data inlined by the Worker (worker/seo/pages.ts). A
// hydrated page was prerendered without it: its screen puts it in the cache once hydrated
// (useInitialDataOnceHydrated, web/src/features/tutors/initial-data.ts).
if (!hydrating) seedInitialData(queryClient);
// A tutor's page arrives with their header painted by the Worker (worker/seo/tutor-paint.ts) into
// the layout prerendered at build. For a visitor it stays on screen until the app's first render,
// which replaces it with the whole page (React empties the root when it first commits to it). A
// signed-in user's header is not the visitor's: they start from an empty root.
const painted =
  !hydrating && session.getState().token === null && rootElement.querySelector("[data-painted]") !== null;

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);
// Hydrated as a transition: React then works in slices and gives the phone's main thread back
// between them, instead of one long task while the visitor already sees the page (total blocking
// time: docs/performance.md). The markup stays on screen meanwhile, and a tap on it is replayed once hydrated.
if (hydrating) {
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
} else {
  if (!painted) rootElement.replaceChildren();
  const root = createRoot(rootElement);
  // The first screen's modules (the page already links their chunks, so they are usually here) are
  // loaded first, then the app renders once, in one pass, with the screen: rendering the loading
  // animation before it cost a slow phone a whole extra render of the shell, and React would render
  // a screen that arrives later in slices between frames (web/src/routes.tsx). Should the chunks
  // be slow, the shell with its loading animation comes after a second meanwhile (a painted page
  // keeps its paint instead, which says more than the animation).
  let rendered = false;
  const slowChunks = painted
    ? undefined
    : setTimeout(() => {
        rendered = true;
        root.render(app);
      }, 1000);
  void preloadScreensFor(window.location.pathname, queryClient)
    .catch(() => undefined)
    .then(() => {
      clearTimeout(slowChunks);
      // Over a paint, the visitor already sees the page: React renders it in slices between
      // frames (a transition), as it hydrates, and swaps it in at the end.
      if (painted) startTransition(() => root.render(app));
      else if (rendered) flushSync(() => root.render(app));
      else root.render(app);
    });
}

// The whole error catalogue comes once the page has loaded, not in its first load (web/src/i18n/ar-EG.ts).
// So does the installed app's service worker and its prompts (web/src/features/pwa/start.ts, docs/phone.md).
const afterLoad = () => {
  void loadErrorMessages();
  void import("./features/pwa/start").then(({ startPwa }) => startPwa());
};
if (document.readyState === "complete") afterLoad();
else window.addEventListener("load", afterLoad, { once: true });
