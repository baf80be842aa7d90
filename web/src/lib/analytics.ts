/**
 * Google Analytics 4 and Microsoft Clarity, each only when the deployment configures its id
 * (GET /config) and only after the visitor accepts analytics cookies (lib/consent.ts). The tags
 * are script elements added here (no inline script: the CSP allows their hosts only when the ids
 * are set). `track` (web/src/lib/track.ts, small enough for any screen's first load) sends one
 * funnel event, and does nothing without consent or tags.
 */
import { hasAnalyticsConsent } from "./consent";
import {
  analyticsLoaded,
  markAnalyticsLoaded,
  type AnalyticsIds,
  type AnalyticsWindow,
  type Queue,
} from "./track";

export type { AnalyticsIds, FunnelEvent } from "./track";

function addScript(src: string, id: string): void {
  if (document.getElementById(id)) return;
  const script = document.createElement("script");
  script.id = id;
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** Adds the configured tags once, when the visitor has accepted; false when nothing was loaded. */
export function loadAnalyticsTags(ids: AnalyticsIds): boolean {
  if (!hasAnalyticsConsent() || (!ids.gaId && !ids.clarityProjectId)) return false;
  if (analyticsLoaded()) return true;
  const w = window as AnalyticsWindow;
  if (ids.gaId) {
    w.dataLayer = w.dataLayer ?? [];
    // gtag.js reads the arguments objects it was called with from dataLayer.
    w.gtag = function gtag() {
      // oxlint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
    w.gtag("js", new Date());
    w.gtag("config", ids.gaId);
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids.gaId)}`, "dars-ga");
  }
  if (ids.clarityProjectId) {
    const queue: Queue = (...args: unknown[]) => {
      (queue.q = queue.q ?? []).push(args);
    };
    w.clarity = w.clarity ?? queue;
    addScript(`https://www.clarity.ms/tag/${encodeURIComponent(ids.clarityProjectId)}`, "dars-clarity");
  }
  markAnalyticsLoaded(ids);
  return true;
}

export { resetAnalyticsForTests, track, trackLessonBooked } from "./track";
