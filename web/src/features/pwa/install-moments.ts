/**
 * When the install prompt may be offered (docs/phone.md): from a second visit on, or after a first
 * booking; never again once dismissed or accepted. Kept in localStorage; no imports, so the booking
 * flow can note a booking without loading anything.
 */
export const installStorageKeys = {
  /** How many visits (browser sessions) this device has made. */
  visits: "dars.pwa.visits",
  /** "1" once a lesson was booked on this device. */
  booked: "dars.pwa.booked",
  /** "1" once the prompt was dismissed or the app installed: never offered again. */
  done: "dars.pwa.install-done",
} as const;
const visitMarkKey = "dars.pwa.visit-counted";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused (a browser's privacy settings): the prompt is simply not offered.
  }
}

/** Counts this visit once per browser session (a tab's sessionStorage). */
export function countVisit(): void {
  try {
    if (sessionStorage.getItem(visitMarkKey)) return;
    sessionStorage.setItem(visitMarkKey, "1");
  } catch {
    return;
  }
  write(installStorageKeys.visits, String(Number(read(installStorageKeys.visits) ?? 0) + 1));
}

/** Notes a booking (web/src/features/lessons/booking-flow.tsx). */
export function rememberBooking(): void {
  write(installStorageKeys.booked, "1");
}

/** Never offer the prompt again on this device. */
export function finishInstallPrompt(): void {
  write(installStorageKeys.done, "1");
}

/** Whether the prompt may be offered now: a second visit or a booking, and not dismissed. */
export function mayOfferInstall(): boolean {
  if (read(installStorageKeys.done) === "1") return false;
  return read(installStorageKeys.booked) === "1" || Number(read(installStorageKeys.visits) ?? 0) >= 2;
}
