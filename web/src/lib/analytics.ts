/**
 * Google Analytics 4 and Microsoft Clarity, each only when the deployment configures its id
 * (GET /config) and only after the visitor accepts analytics cookies (lib/consent.ts). The tags
 * are script elements added here (no inline script: the CSP allows their hosts only when the ids
 * are set). `track` sends one funnel event, and does nothing without consent or tags.
 */
import { hasAnalyticsConsent } from "./consent";

/** The funnel: sign-up → email verified → checkout started → paid → first lesson booked → lesson attended. */
export type FunnelEvent = "sign_up" | "email_verified" | "checkout_started" | "purchase" | "first_lesson_booked" | "lesson_booked" | "lesson_attended";

export type AnalyticsIds = { gaId?: string | null; clarityProjectId?: string | null };

type Queue = ((...args: unknown[]) => void) & { q?: unknown[][] };
type AnalyticsWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void; clarity?: Queue };

let loaded: AnalyticsIds | null = null;

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
  if (loaded) return true;
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
  loaded = { ...ids };
  return true;
}

/** One funnel event with a few non-personal properties (plan, period, method…); a no-op without consent. */
export function track(event: FunnelEvent, props: Record<string, string | number | boolean> = {}): void {
  if (!loaded || !hasAnalyticsConsent()) return;
  const w = window as AnalyticsWindow;
  if (loaded.gaId) w.gtag?.("event", event, props);
  if (loaded.clarityProjectId) w.clarity?.("event", event);
}

/** "first_lesson_booked" once per account on this browser, "lesson_booked" every time. */
export function trackLessonBooked(userId: number | string | undefined, props: Record<string, string | number | boolean> = {}): void {
  track("lesson_booked", props);
  if (userId === undefined) return;
  const key = `dars.analytics.booked.${userId}`;
  try {
    if (localStorage.getItem(key)) return;
    localStorage.setItem(key, "1");
  } catch {
    return;
  }
  track("first_lesson_booked", props);
}

/** Tests only: forget the loaded tags. */
export function resetAnalyticsForTests(): void {
  loaded = null;
}
