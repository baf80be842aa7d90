// The date and number data warm-up (web/build/warm-intl.ts, docs/performance.md): a classic script asked for
// right after <meta charset> that makes one date and one number formatter before the page paints,
// and nothing once it has painted.
import { afterEach, describe, expect, it, vi } from "vitest";
import { warmIntl, warmIntlFile, warmIntlSource } from "../../web/build/warm-intl";

const originals = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat };

/** Runs the script as the browser would, counting the formatters it makes. */
function runScript() {
  const made: string[] = [];
  for (const name of ["NumberFormat", "DateTimeFormat"] as const) {
    Object.assign(Intl, {
      [name]: new Proxy(originals[name], {
        construct(target, args: unknown[]) {
          made.push(
            `${name} ${String(args[0])} ${(args[1] as { timeZone?: string } | undefined)?.timeZone ?? ""}`.trim(),
          );
          return new (target as new (...a: unknown[]) => object)(...args);
        },
      }),
    });
  }
  new Function(warmIntlSource)();
  return made;
}

afterEach(() => {
  Object.assign(Intl, originals);
  vi.restoreAllMocks();
});

describe("the Intl warm-up script", () => {
  it("makes a date formatter in the business zone and a money formatter before the first paint", () => {
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([]);
    expect(runScript()).toEqual(["DateTimeFormat ar-EG Africa/Cairo", "NumberFormat ar-EG"]);
  });

  it("does nothing once the page has painted (it came late: no long task on a page already shown)", () => {
    vi.spyOn(performance, "getEntriesByType").mockImplementation((type) =>
      type === "paint"
        ? ([{ name: "first-paint", entryType: "paint", startTime: 900 }] as unknown as PerformanceEntryList)
        : [],
    );
    expect(runScript()).toEqual([]);
  });

  it("never throws, even where Intl refuses the options", () => {
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([]);
    Object.assign(Intl, {
      DateTimeFormat: function refuse() {
        throw new RangeError("no time zone data");
      },
    });
    expect(() => new Function(warmIntlSource)()).not.toThrow();
  });
});

describe("the warm-intl build plugin", () => {
  const plugin = warmIntl();
  const transform = plugin.transformIndexHtml as { handler: (html: string) => string };

  it("asks for the script right after <meta charset>, async and first, by a name that changes with its content", () => {
    const html =
      '<!doctype html><html><head>\n    <meta charset="UTF-8" />\n    <title>درس</title><script type="module" src="/assets/index.js"></script></head></html>';
    const out = transform.handler(html);
    expect(warmIntlFile).toMatch(/^assets\/warm-intl-[0-9a-f]{8}\.js$/);
    expect(out).toContain(
      `<meta charset="UTF-8" />\n    <script async fetchpriority="high" src="/${warmIntlFile}"></script>\n    <title>`,
    );
    expect(out.indexOf(warmIntlFile)).toBeLessThan(out.indexOf("/assets/index.js"));
  });

  it("refuses a page without <meta charset> rather than put the script nowhere", () => {
    expect(() => transform.handler("<html><head><title>x</title></head></html>")).toThrow(/meta charset/);
  });
});
