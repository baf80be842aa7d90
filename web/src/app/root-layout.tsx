import { lazy, Suspense } from "react";
import { Outlet } from "react-router-dom";
import { useIsLocalEnvironment } from "../features/config/use-app-config";
import { Observability } from "../features/consent/observability";
import { SiteFooter } from "../features/marketing/site-footer";
import { SessionKeeper } from "../features/session/session-keeper";
import { ar } from "../i18n/ar-EG";
import { cx } from "../ui/class-names";
import { OfflineBanner } from "../ui/offline-banner";
import { Toaster } from "../ui/toaster";
import { ScrollRestoration } from "./scroll-restoration";
import { shellWidth, useInAdminShell } from "./shell-width";
import { SiteHeader } from "./site-header";

/** The developer's phone frame switch (docs/local.md): its own small chunk, loaded only when running locally. */
const SimulatedMobile = lazy(() =>
  import("../features/dev/simulated-mobile").then((module) => ({ default: module.SimulatedMobile })),
);

/** docs/product.md §2: every screen is a child of this layout (header, content, toasts). */
export function RootLayout() {
  const isLocal = useIsLocalEnvironment();
  // The admin area is a work tool: its shell has its own navigation and no marketing footer.
  const inAdmin = useInAdminShell();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:absolute focus:start-4 focus:top-4"
      >
        {ar.nav.skipToContent}
      </a>
      <SessionKeeper />
      <SiteHeader />
      <OfflineBanner />
      {/* At least a screen tall under the header (h-16), so the footer starts below the fold: while a
          screen loads (the spinner) the footer is not on screen, and nothing shifts when the content
          arrives (layout shift: docs/performance.md). */}
      <main
        id="main-content"
        tabIndex={-1}
        className={cx(
          "mx-auto min-h-[calc(100dvh-4rem)] w-full flex-1 px-4 py-6 sm:py-10",
          shellWidth(inAdmin),
        )}
      >
        <Outlet />
      </main>
      {!inAdmin && <SiteFooter isLocal={isLocal} />}
      <Toaster />
      <Observability />
      <ScrollRestoration />
      {isLocal && (
        <Suspense fallback={null}>
          <SimulatedMobile />
        </Suspense>
      )}
    </div>
  );
}
