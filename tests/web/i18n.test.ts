import { describe, expect, it } from "vitest";
import { Governorate } from "@schema/enums";
import { errorCodes } from "@schema/errors";
import { errorMessage, errorMessages, governorateNames } from "../../web/src/i18n/ar-EG";

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

  it("falls back to the generic message for an unknown code", () => {
    expect(errorMessage("no-such-code")).toBe(errorMessages.unexpected);
    expect(errorMessage("wrong-password")).toBe(errorMessages["wrong-password"]);
  });
});
