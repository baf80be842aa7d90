/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  CAIRO,
  daysBetween,
  dayEnd,
  dayOf,
  dayStart,
  dayStartsJson,
  dayWindow,
  lastSecondOf,
  monthWindow,
  offsetMinutes,
  offsetSpans,
  weekColumn,
  weekDays,
  weekdayOf,
  weekStartOf,
  zonedInstant,
  zonedParts,
} from "../../schema/calendar";
import { Weekday } from "../../schema/enums";

const HOUR = 3_600_000;
const hoursOf = (day: string, zone: string) =>
  (dayEnd(day, zone).getTime() - dayStart(day, zone).getTime()) / HOUR;

/** The last given weekday of a month (month 1–12). */
function lastWeekdayOf(year: number, month: number, weekday: Weekday): string {
  let day = addDays(addMonths(`${year}-${String(month).padStart(2, "0")}-01`, 1), -1);
  while (weekdayOf(day) !== weekday) day = addDays(day, -1);
  return day;
}

describe("plain days", () => {
  it("adds days across months, years and a leap day", () => {
    expect(addDays("2026-11-25", 7)).toBe("2026-12-02");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-11-25", "2027-01-01")).toBe(37);
  });

  it("steps whole calendar months across a year's end", () => {
    expect(addMonths("2026-11-25", 0)).toBe("2026-11-01");
    expect(addMonths("2026-11-25", 2)).toBe("2027-01-01");
    expect(addMonths("2026-01-31", -1)).toBe("2025-12-01");
  });

  it("names weekdays with Sunday as 0 and Saturday as 6", () => {
    expect(weekdayOf("2026-11-25")).toBe(Weekday.Wednesday);
    expect(weekdayOf("2026-11-28")).toBe(Weekday.Saturday);
    expect(weekdayOf("2026-11-29")).toBe(Weekday.Sunday);
  });
});

describe("Saturday-first weeks", () => {
  it("starts a week on the Saturday on or before the day", () => {
    expect(weekStartOf("2026-11-21")).toBe("2026-11-21"); // a Saturday
    expect(weekStartOf("2026-11-27")).toBe("2026-11-21"); // the Friday after it
    expect(weekStartOf("2025-03-02")).toBe("2025-03-01"); // a Sunday, across the month
    expect(weekStartOf("2027-01-01")).toBe("2026-12-26"); // across the year
  });

  it("lays out seven days from Saturday to Friday and puts Saturday in column 0", () => {
    const days = weekDays("2026-11-21");
    expect(days).toHaveLength(7);
    expect(days.map(weekdayOf)).toEqual([6, 0, 1, 2, 3, 4, 5]);
    expect(weekColumn(Weekday.Saturday)).toBe(0);
    expect(weekColumn(Weekday.Friday)).toBe(6);
    expect(weekStartOf("2026-11-25", Weekday.Monday)).toBe("2026-11-23");
  });
});

describe("Africa/Cairo: UTC+2, summer time from the last Friday of April to the last Thursday of October", () => {
  it("is UTC+2 today (November 2026) and UTC+3 in July", () => {
    expect(offsetMinutes("2026-11-25T12:00:00Z", CAIRO)).toBe(120);
    expect(offsetMinutes("2026-07-01T12:00:00Z", CAIRO)).toBe(180);
  });

  for (const year of [2024, 2025, 2026, 2027, 2030]) {
    it(`jumps 00:00 → 01:00 on the last Friday of April ${year} and repeats 23:00 on the last Thursday of October`, () => {
      const spring = lastWeekdayOf(year, 4, Weekday.Friday);
      const autumn = lastWeekdayOf(year, 10, Weekday.Thursday);
      // The day of the jump begins at the jump (22:00 UTC the day before, still the winter offset) and lasts 23 hours.
      expect(dayStart(spring).toISOString()).toBe(`${addDays(spring, -1)}T22:00:00.000Z`);
      expect(zonedParts(dayStart(spring))).toEqual({ day: spring, minute: 60 });
      expect(zonedInstant(spring, 30)).toBeNull();
      expect(hoursOf(spring, CAIRO)).toBe(23);
      // The day the clocks go back lasts 25 hours; its repeated 23:30 is read at its first occurrence.
      expect(dayStart(autumn).toISOString()).toBe(`${addDays(autumn, -1)}T21:00:00.000Z`);
      expect(hoursOf(autumn, CAIRO)).toBe(25);
      expect(zonedInstant(autumn, 23 * 60 + 30)?.toISOString()).toBe(`${autumn}T20:30:00.000Z`);
      expect(dayStart(addDays(autumn, 1)).toISOString()).toBe(`${autumn}T22:00:00.000Z`);
      // Ordinary days on either side.
      expect(hoursOf(addDays(spring, -1), CAIRO)).toBe(24);
      expect(hoursOf(addDays(autumn, 1), CAIRO)).toBe(24);
    });
  }

  it("ends an expiry day at 23:59:59 Cairo in winter and in summer", () => {
    expect(lastSecondOf("2026-11-25")).toBe("2026-11-25T21:59:59.000Z");
    expect(lastSecondOf("2026-07-01")).toBe("2026-07-01T20:59:59.000Z");
    expect(dayOf("2026-11-25T21:59:59.000Z")).toBe("2026-11-25");
    expect(dayOf("2026-11-25T22:00:00.000Z")).toBe("2026-11-26");
  });

  it("gives a month's UTC window from its first Cairo midnight to the next month's", () => {
    const march = monthWindow(new Date("2026-03-15T12:00:00Z"));
    expect(march.start.toISOString()).toBe("2026-02-28T22:00:00.000Z");
    expect(march.end.toISOString()).toBe("2026-03-31T22:00:00.000Z");
    expect(monthWindow(new Date("2026-10-31T22:30:00Z")).start.toISOString()).toBe(
      "2026-10-31T22:00:00.000Z",
    ); // already November in Cairo
  });

  it("finds each offset change to the millisecond and lists day starts as JSON", () => {
    const spans = offsetSpans(Date.parse("2026-01-01T00:00:00Z"), Date.parse("2027-01-01T00:00:00Z"));
    expect(spans).toEqual([
      { until: "2026-04-23T22:00:00.000Z", minutes: 120 },
      { until: "2026-10-29T21:00:00.000Z", minutes: 180 },
      { until: null, minutes: 120 },
    ]);
    expect(JSON.parse(dayStartsJson("2026-04-23", "2026-04-25"))).toEqual({
      "2026-04-23": "2026-04-22T22:00:00.000Z",
      "2026-04-24": "2026-04-23T22:00:00.000Z",
      "2026-04-25": "2026-04-24T21:00:00.000Z",
    });
  });
});

describe("other zones", () => {
  it("Europe/London: 23 hours on the last Sunday of March, 25 on the last Sunday of October (changes at 01:00 UTC)", () => {
    const zone = "Europe/London";
    expect(dayStart("2026-03-29", zone).toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(hoursOf("2026-03-29", zone)).toBe(23);
    expect(zonedInstant("2026-03-29", 90, zone)).toBeNull(); // 01:30 does not exist
    expect(zonedInstant("2026-03-29", 150, zone)?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(hoursOf("2026-10-25", zone)).toBe(25);
    expect(zonedInstant("2026-10-25", 90, zone)?.toISOString()).toBe("2026-10-25T00:30:00.000Z"); // the first 01:30
    expect(dayWindow("2026-07-01", zone).start.toISOString()).toBe("2026-06-30T23:00:00.000Z");
  });

  it("America/New_York: west of UTC, 23 hours on 8 March 2026 and 25 on 1 November 2026", () => {
    const zone = "America/New_York";
    expect(offsetMinutes("2026-11-25T12:00:00Z", zone)).toBe(-300);
    expect(dayStart("2026-03-08", zone).toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(hoursOf("2026-03-08", zone)).toBe(23);
    expect(dayStart("2026-03-09", zone).toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(hoursOf("2026-11-01", zone)).toBe(25);
    expect(dayOf("2026-11-26T03:00:00Z", zone)).toBe("2026-11-25");
  });

  it("Asia/Kolkata: a half-hour offset and no daylight saving", () => {
    const zone = "Asia/Kolkata";
    expect(offsetMinutes("2026-11-25T12:00:00Z", zone)).toBe(330);
    expect(dayStart("2026-11-25", zone).toISOString()).toBe("2026-11-24T18:30:00.000Z");
    expect(lastSecondOf("2026-11-25", zone)).toBe("2026-11-25T18:29:59.000Z");
    expect(zonedParts("2026-11-25T18:29:00Z", zone)).toEqual({ day: "2026-11-25", minute: 23 * 60 + 59 });
    expect(offsetSpans(Date.parse("2026-01-01T00:00:00Z"), Date.parse("2027-01-01T00:00:00Z"), zone)).toEqual(
      [{ until: null, minutes: 330 }],
    );
  });

  it("reads minutes past midnight as the following days' times", () => {
    expect(zonedInstant("2026-11-25", 24 * 60, "Asia/Kolkata")?.toISOString()).toBe(
      "2026-11-25T18:30:00.000Z",
    );
    expect(zonedInstant("2026-11-25", 24 * 60 + 60)?.toISOString()).toBe("2026-11-25T23:00:00.000Z");
  });
});

describe("one calendar", () => {
  const root = process.cwd(); // vitest runs from the repository root
  const sourceFiles = (dir: string): string[] =>
    readdirSync(join(root, dir)).flatMap((name) => {
      const path = join(dir, name);
      if (name === "node_modules") return [];
      if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
      return /\.(ts|tsx)$/.test(name) ? [path] : [];
    });
  const product = ["worker", "durable-objects", "schema", "web/src", "emulators"].flatMap((dir) => {
    try {
      return sourceFiles(dir);
    } catch {
      return []; // a folder that does not exist (yet)
    }
  });

  /** The SPA's viewer-clock adapters: same names, the viewer's zone bound, the maths delegated to schema/calendar.ts. */
  const adapters = new Set([
    "web/src/features/availability/week.ts:dayStart",
    "web/src/features/availability/week.ts:zonedInstant",
    "web/src/pages/admin-audit/audit-page.tsx:dayStart",
  ]);

  it("defines day arithmetic, weekdays, week starts, day bounds and zone offsets only in schema/calendar.ts", () => {
    const helper =
      /\b(?:function|const|let)\s+(addDays|addMonths|weekdayOf|weekStartOf|weekDays|saturdayOf|saturdayWeekStart|dayStart|dayEnd|startOfDay|endOfDay|cairoDayStart|cairoDate|cairoMonthStart|cairoOffsets|cairoOffsetMinutes|offsetMinutes|offsetAt|offsetMsIn|zonedDay|zonedInstant)\b\s*[=(<]/;
    const copies: string[] = [];
    for (const path of product) {
      if (path === join("schema", "calendar.ts")) continue;
      const text = readFileSync(join(root, path), "utf8");
      text.split("\n").forEach((line, i) => {
        const name = helper.exec(line)?.[1];
        if (!name) return;
        const key = `${path.split("\\").join("/")}:${name}`;
        if (adapters.has(key) && text.includes('from "@schema/calendar"')) return;
        copies.push(`${key} (line ${i + 1})`);
      });
    }
    expect(copies).toEqual([]);
  });

  it("writes no fixed Cairo offset (a UTC hour standing for a Cairo midnight or an offset in seconds)", () => {
    const fixed = /T2[01]:59|T2[12]:00:00|\b(7200|10800)\b|getTimezoneOffset/;
    const found = product.flatMap((path) =>
      readFileSync(join(root, path), "utf8")
        .split("\n")
        .flatMap((line, i) => (fixed.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
