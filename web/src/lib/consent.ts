/**
 * The visitor's answer to the analytics cookies question (Egypt's personal data protection law:
 * no analytics before consent): "granted", "denied", or null when not asked yet. Remembered in
 * localStorage on this browser; components follow it through `useAnalyticsConsent`.
 */
import { useSyncExternalStore } from "react";

export type AnalyticsConsent = "granted" | "denied";
export const CONSENT_STORAGE_KEY = "dars.analytics-consent";

const listeners = new Set<() => void>();

export function readConsent(): AnalyticsConsent | null {
  try {
    const value = localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === "granted" || value === "denied" ? value : null;
  } catch {
    return null;
  }
}

export function writeConsent(value: AnalyticsConsent): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, value);
  } catch {
    // Private mode without storage: the answer holds for this page only.
    memory = value;
  }
  for (const listener of listeners) listener();
}

let memory: AnalyticsConsent | null = null;
const current = () => readConsent() ?? memory;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAnalyticsConsent(): AnalyticsConsent | null {
  return useSyncExternalStore(subscribe, current, () => null);
}

export const hasAnalyticsConsent = () => current() === "granted";
