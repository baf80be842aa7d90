import { describe, expect, it, vi } from "vitest";
import { Governorate } from "@schema/enums";
import { errorMessage as errorMessages } from "@schema/error-messages";
import { errorCodes } from "@schema/errors";
import { errorMessage, governorateNames } from "../../web/src/i18n/ar-EG";
import { loadErrorMessages } from "../../web/src/i18n/load-error-catalogue";

const arabicLetter = /[\u0621-\u064A]/;

describe("Arabic messages", () => {
  it.each(errorCodes)("has a non-empty Arabic message for the error code %s", (code) => {
    const message = errorMessages[code];
    expect(message?.trim()).toBeTruthy();
    expect(message).toMatch(arabicLetter);
  });

  it("has no message for a code the catalogue does not have", () => {
    expect(Object.keys(errorMessages).sort()).toEqual([...errorCodes].sort());
  });

  it("names all 30 governorates in Arabic", () => {
    const values = Object.values(Governorate);
    expect(values).toHaveLength(30);
    for (const value of values) expect(governorateNames[value]).toMatch(arabicLetter);
  });

  it("names Egypt's 27 governorates once each, as a form offers them", async () => {
    const { egyptGovernorates } = await import("@schema/enums");
    const names = egyptGovernorates.map((value) => governorateNames[value]);
    expect(names).toHaveLength(27);
    expect(new Set(names).size).toBe(27);
    for (const name of names) expect(name).not.toMatch(/[A-Za-z]/);
  });

  it("falls back to the generic message for an unknown code", async () => {
    await loadErrorMessages();
    expect(errorMessage("no-such-code")).toBe(errorMessages.unexpected);
    expect(errorMessage("wrong-password")).toBe(errorMessages["wrong-password"]);
  });
});

// The catalogue is not in the first load (docs/performance.md): before it arrives, a code shows the message the
// API sent with it, or the shell's words for the codes the app raises itself; never an English code.
describe("messages before the catalogue loads", () => {
  it("shows the shell's words, then the API's own message, then the catalogue's, which wins", async () => {
    vi.resetModules();
    const fresh = await import("../../web/src/i18n/ar-EG");
    const { loadErrorMessages: loadFresh } = await import("../../web/src/i18n/load-error-catalogue");
    expect(fresh.errorMessage("service-unavailable")).toBe(fresh.ar.errors.offline);
    expect(fresh.errorMessage("no-enough-minutes")).toBe(fresh.ar.errors.unknown);
    fresh.rememberApiMessage("no-enough-minutes", "رسالة من الخادم");
    expect(fresh.errorMessage("no-enough-minutes")).toBe("رسالة من الخادم");
    // The shell's own words for a code the app raises are not replaced by a message from the wire.
    fresh.rememberApiMessage("service-unavailable", "رسالة أخرى");
    expect(fresh.errorMessage("service-unavailable")).toBe(fresh.ar.errors.offline);
    await loadFresh();
    expect(fresh.errorMessage("no-enough-minutes")).toBe(errorMessages["no-enough-minutes"]);
    expect(fresh.errorMessage("service-unavailable")).toBe(errorMessages["service-unavailable"]);
  });

  it("learns a code's message from an API error body", async () => {
    vi.resetModules();
    const i18n = await import("../../web/src/i18n/ar-EG");
    const { apiErrorFromBody } = await import("../../web/src/lib/api-error");
    expect(i18n.errorMessage("coupon-not-found")).toBe(i18n.ar.errors.unknown);
    apiErrorFromBody(404, { code: "coupon-not-found", message: errorMessages["coupon-not-found"] });
    expect(i18n.errorMessage("coupon-not-found")).toBe(errorMessages["coupon-not-found"]);
  });
});
