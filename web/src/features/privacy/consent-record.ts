import { privacyContracts, type ConsentKind } from "@schema/api/privacy";
import { call } from "../../lib/client";
import { session } from "../../lib/session";

/** The random id this browser keeps for a visitor's consent records (never linked to a person). */
export const DEVICE_ID_KEY = "dars.device-id";

function deviceId(): string | null {
  try {
    let id = localStorage.getItem(DEVICE_ID_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_ID_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

/**
 * Records a consent choice on the server (docs/rules.md, "Your data: export, consents,
 * retention"): the person's when signed in, this device's otherwise. The choice already holds on
 * this browser, so a failure is not shown; the next choice records again.
 */
export async function recordConsentChoice(kind: ConsentKind, granted: boolean): Promise<void> {
  try {
    if (session.hasLiveToken()) await call(privacyContracts.setConsent, { body: { kind, granted } });
    else {
      const id = deviceId();
      if (id)
        await call(privacyContracts.setDeviceConsent, {
          body: { deviceId: id, kind, granted },
          public: true,
        });
    }
  } catch {
    // Offline or refused: the browser's own record stands until the next choice.
  }
}

/**
 * The marketing opt-in ticked on registration, recorded with the new account's token before the
 * session starts (the registration's own request, web/src/features/auth/use-auth.ts), so the page
 * moving on cannot lose it. Never throws: the person can still turn it on in settings.
 */
export async function recordMarketingOptIn(token: string): Promise<void> {
  try {
    await call(privacyContracts.setConsent, {
      body: { kind: "marketing", granted: true },
      public: true,
      headers: { Authorization: `Bearer ${token}` },
    });
  } catch {
    // Shown nowhere: settings show the choice in force.
  }
}
