import { describe, expect, it } from "vitest";
import { arabicMinutes, arabicMoney, arabicNumber } from "@schema/arabic-numbers";
import { formatMoney, formatNumber } from "../../web/src/lib/format";
import { countOf } from "../../web/src/lib/plural";
import { durationCounts } from "../../web/src/i18n/ar-EG-durations";

/** The Worker's messages (schema/arabic-numbers.ts) write numbers exactly as the screens do. */
describe("numbers in messages and on screens", () => {
  it.each([0, 7, 15, 1234, 4321, 1_000_000, 2.5])("number %d", (value) => {
    expect(arabicNumber(value)).toBe(formatNumber(value));
  });

  it.each([0, 15_000, 25_550, 1_234_567])("money %d piasters", (piasters) => {
    expect(arabicMoney(piasters)).toBe(formatMoney(piasters));
  });

  it.each([11, 15, 45, 240])("minutes %d in the same digits", (minutes) => {
    expect(arabicMinutes(minutes)).toBe(countOf(durationCounts.minutes, minutes));
  });
});
