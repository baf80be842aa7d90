import { describe, expect, it } from "vitest";
import { addDays, weekDays, weekStartOf } from "../../schema/calendar";
import {
  dayStart,
  rowsOnDay,
  snapDown,
  snapUp,
  weekRange,
  zonedInstant,
  zonedParts,
} from "../../web/src/features/availability/week";
import { moveCell, rangeBetween } from "../../web/src/ui/week-calendar";

describe("Saturday-first weeks", () => {
  it("starts every week on the Saturday on or before the day", () => {
    expect(weekStartOf("2026-11-21")).toBe("2026-11-21"); // a Saturday
    expect(weekStartOf("2026-11-22")).toBe("2026-11-21");
    expect(weekStartOf("2026-11-27")).toBe("2026-11-21"); // Friday ends the week
    expect(weekStartOf("2026-11-28")).toBe("2026-11-28");
    expect(weekStartOf("2027-01-01")).toBe("2026-12-26"); // across a year
  });

  it("lists 7 days and moves across months", () => {
    expect(weekDays("2026-11-28")).toEqual([
      "2026-11-28",
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
    ]);
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
  });
});

describe("Africa/Cairo wall clock", () => {
  it("turns a Cairo time into the UTC instant (winter, UTC+2)", () => {
    expect(zonedInstant("2026-11-30", 10 * 60)?.toISOString()).toBe("2026-11-30T08:00:00.000Z");
    expect(zonedInstant("2026-11-30", 24 * 60)?.toISOString()).toBe("2026-11-30T22:00:00.000Z");
    expect(zonedParts(new Date("2026-11-30T22:30:00Z"))).toEqual({ day: "2026-12-01", minute: 30 });
  });

  it("uses summer time (UTC+3) and skips the hour the clock jumps over", () => {
    expect(zonedInstant("2026-07-01", 10 * 60)?.toISOString()).toBe("2026-07-01T07:00:00.000Z");
    // Last Friday of April 2026: 00:00 becomes 01:00.
    expect(zonedInstant("2026-04-24", 0)).toBeNull();
    expect(zonedInstant("2026-04-24", 30)).toBeNull();
    expect(zonedInstant("2026-04-24", 60)?.toISOString()).toBe("2026-04-23T22:00:00.000Z");
    expect(dayStart("2026-04-24").toISOString()).toBe("2026-04-23T22:00:00.000Z");
  });

  it("gives the first of the repeated hour when summer time ends", () => {
    // Last Thursday of October 2026: 24:00 becomes 23:00 again.
    expect(zonedInstant("2026-10-29", 23 * 60)?.toISOString()).toBe("2026-10-29T20:00:00.000Z");
    expect(dayStart("2026-10-30").toISOString()).toBe("2026-10-29T22:00:00.000Z");
  });

  it("queries the week from Saturday's midnight to the next Saturday's", () => {
    expect(weekRange("2026-11-28")).toEqual({
      after: "2026-11-27T22:00:00.000Z",
      before: "2026-12-04T22:00:00.000Z",
    });
  });
});

describe("15-minute grid", () => {
  it("snaps instants down and up to the grid", () => {
    expect(snapDown(new Date("2026-11-30T08:07:59Z")).toISOString()).toBe("2026-11-30T08:00:00.000Z");
    expect(snapUp(new Date("2026-11-30T08:07:59Z")).toISOString()).toBe("2026-11-30T08:15:00.000Z");
    expect(snapUp(new Date("2026-11-30T08:15:00Z")).toISOString()).toBe("2026-11-30T08:15:00.000Z");
  });

  it("places a slot on the rows of each day it touches", () => {
    expect(rowsOnDay("2026-11-30", "2026-11-30T08:00:00Z", "2026-11-30T09:15:00Z")).toEqual({
      startRow: 40,
      endRow: 45,
      cut: false,
    });
    // 23:00–01:00 Cairo runs over midnight: two pieces.
    expect(rowsOnDay("2026-11-30", "2026-11-30T21:00:00Z", "2026-11-30T23:00:00Z")).toEqual({
      startRow: 92,
      endRow: 96,
      cut: true,
    });
    expect(rowsOnDay("2026-12-01", "2026-11-30T21:00:00Z", "2026-11-30T23:00:00Z")).toEqual({
      startRow: 0,
      endRow: 4,
      cut: true,
    });
    expect(rowsOnDay("2026-12-02", "2026-11-30T21:00:00Z", "2026-11-30T23:00:00Z")).toBeNull();
  });
});

describe("keyboard selection", () => {
  const size = { columns: 7, rows: 96 };
  it("moves forward in time with ArrowLeft in right-to-left, and stays inside the grid", () => {
    expect(moveCell({ column: 0, row: 10 }, "ArrowLeft", size)).toEqual({ column: 1, row: 10 });
    expect(moveCell({ column: 0, row: 10 }, "ArrowRight", size)).toEqual({ column: 0, row: 10 });
    expect(moveCell({ column: 0, row: 10 }, "ArrowRight", size, false)).toEqual({ column: 1, row: 10 });
    expect(moveCell({ column: 6, row: 95 }, "ArrowDown", size)).toEqual({ column: 6, row: 95 });
    expect(moveCell({ column: 3, row: 0 }, "ArrowUp", size)).toEqual({ column: 3, row: 0 });
    expect(moveCell({ column: 3, row: 10 }, "PageDown", size)).toEqual({ column: 3, row: 14 });
    expect(moveCell({ column: 3, row: 10 }, "End", size)).toEqual({ column: 3, row: 95 });
    expect(moveCell({ column: 3, row: 10 }, "a", size)).toBeNull();
  });

  it("selects the rows between the two Enter presses, in either direction", () => {
    expect(rangeBetween({ column: 2, row: 40 }, { column: 2, row: 43 })).toEqual({
      column: 2,
      startRow: 40,
      endRow: 44,
    });
    expect(rangeBetween({ column: 2, row: 43 }, { column: 5, row: 40 })).toEqual({
      column: 2,
      startRow: 40,
      endRow: 44,
    });
  });
});
