/**
 * Funnel events for Google Analytics and Clarity once their tags are loaded (web/src/lib/analytics.ts,
 * only with the visitor's consent). Its own module: the screens that count an event (sign-in,
 * booking, payment) need only this, not the tag loader.
 */
import { hasAnalyticsConsent } from "./consent";

/** The funnel: sign-up → email verified → checkout started → paid → first lesson booked → lesson attended. */
export type FunnelEvent =
  | "sign_up"
  | "email_verified"
  | "checkout_started"
  | "purchase"
  | "first_lesson_booked"
  | "lesson_booked"
  | "lesson_attended";

export type AnalyticsIds = { gaId?: string | null; clarityProjectId?: string | null };

export type Queue = ((...args: unknown[]) => void) & { q?: unknown[][] };
export type AnalyticsWindow = Window & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  clarity?: Queue;
};

let loaded: AnalyticsIds | null = null;

/** The ids whose tags are on the page (set by the loader), or null. */
export const analyticsLoaded = (): AnalyticsIds | null => loaded;

export function markAnalyticsLoaded(ids: AnalyticsIds): void {
  loaded = { ...ids };
}

/** One funnel event with a few non-personal properties (plan, period, method…); a no-op without consent. */
export function track(event: FunnelEvent, props: Record<string, string | number | boolean> = {}): void {
  if (!loaded || !hasAnalyticsConsent()) return;
  const w = window as AnalyticsWindow;
  if (loaded.gaId) w.gtag?.("event", event, props);
  if (loaded.clarityProjectId) w.clarity?.("event", event);
}

/** "first_lesson_booked" once per account on this browser, "lesson_booked" every time. */
export function trackLessonBooked(
  userId: number | string | undefined,
  props: Record<string, string | number | boolean> = {},
): void {
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
