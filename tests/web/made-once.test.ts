// Intl formatters are made on first use, not when their module is evaluated (web/src/lib/made-once.ts):
// the first one loads the locale's number data, a long task on a phone (docs/performance.md).
import { afterEach, describe, expect, it, vi } from "vitest";
import { madeOnce } from "../../web/src/lib/made-once";

describe("madeOnce", () => {
  it("makes the value on the first call only, and keeps a falsy value", () => {
    const make = vi.fn(() => null);
    const value = madeOnce(make);
    expect(make).not.toHaveBeenCalled();
    expect(value()).toBeNull();
    expect(value()).toBeNull();
    expect(make).toHaveBeenCalledTimes(1);
  });
});

describe("lib/format and lib/plural", () => {
  const originals = {
    NumberFormat: Intl.NumberFormat,
    PluralRules: Intl.PluralRules,
    DateTimeFormat: Intl.DateTimeFormat,
  };
  afterEach(() => {
    Object.assign(Intl, originals);
    vi.resetModules();
  });

  it("make no Intl formatter when imported, and one per kind when used", async () => {
    const made = { NumberFormat: 0, PluralRules: 0, DateTimeFormat: 0 };
    for (const name of Object.keys(made) as Array<keyof typeof made>) {
      Object.assign(Intl, {
        [name]: new Proxy(originals[name], {
          construct(target, args: unknown[]) {
            made[name] += 1;
            return Reflect.construct(target, args) as object;
          },
        }),
      });
    }
    vi.resetModules();
    const format = await import("../../web/src/lib/format");
    const plural = await import("../../web/src/lib/plural");
    expect(made).toEqual({ NumberFormat: 0, PluralRules: 0, DateTimeFormat: 0 });

    expect(format.formatNumber(1234)).toBe("١٬٢٣٤");
    expect(format.formatNumber(5)).toBe("٥");
    expect(plural.pluralCategory(3)).toBe("few");
    expect(plural.pluralCategory(11)).toBe("many");
    expect(made).toEqual({ NumberFormat: 1, PluralRules: 1, DateTimeFormat: 0 });
  });
});
