import { lazy, Suspense, useEffect } from "react";
import { startErrorReporting } from "../../lib/error-reporting";
import { useAppConfig } from "../config/use-app-config";

// The consent banner, its strings and the analytics loader come only where Google Analytics or
// Clarity is configured, not in every visitor's first load (docs/performance.md).
const ConsentBanner = lazy(async () => ({ default: (await import("./consent-banner")).ConsentBanner }));

/** Error reporting (when a DSN is set) and the analytics consent, from GET /config; in the root layout. */
export function Observability() {
  const config = useAppConfig().data;
  useEffect(() => {
    if (config) startErrorReporting(config);
  }, [config]);
  if (!config || !(config.gaId || config.clarityProjectId)) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner ids={{ gaId: config.gaId ?? null, clarityProjectId: config.clarityProjectId ?? null }} />
    </Suspense>
  );
}
