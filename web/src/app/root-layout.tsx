import { Outlet, ScrollRestoration } from "react-router-dom";
import { useIsLocalEnvironment } from "../features/config/use-app-config";
import { SiteFooter } from "../features/marketing/site-footer";
import { SessionKeeper } from "../features/session/session-keeper";
import { ar } from "../i18n/ar-EG";
import { Toaster } from "../ui/toaster";
import { SiteHeader } from "./site-header";

/** spec 2: every screen is a child of this layout (header, content, toasts). */
export function RootLayout() {
  const isLocal = useIsLocalEnvironment();
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
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:py-10">
        <Outlet />
      </main>
      <SiteFooter isLocal={isLocal} />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
