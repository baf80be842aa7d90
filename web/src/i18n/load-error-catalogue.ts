let catalogue: Promise<void> | null = null;

/**
 * Loads the whole error catalogue once (web/src/i18n/error-catalogue.ts registers it with
 * errorMessage() in ar-EG.ts): web/src/boot.tsx once the page has loaded, a sign-in before it can show a
 * field's error.
 */
export function loadErrorMessages(): Promise<void> {
  catalogue ??= import("./error-catalogue").then(() => undefined);
  return catalogue;
}
