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

  it("falls back to the generic message for an unknown code", () => {
    expect(errorMessage("no-such-code")).toBe(errorMessages.unexpected);
    expect(errorMessage("wrong-password")).toBe(errorMessages["wrong-password"]);
  });
});
