import { describe, expect, it } from "vitest";
import { addDays, weekdayOf } from "../../schema/calendar";
import {
  bookingWindow,
  dayKey,
  startsByDay,
  upcomingDays,
  weeksOf,
} from "../../web/src/features/lessons/calendar";
import { bookingErrorMessage } from "../../web/src/features/lessons/booking-flow";
import { ar, errorMessage } from "../../web/src/i18n/ar-EG-all";
import { setViewerTimeZone } from "../../web/src/lib/format";

describe("booking calendar (Africa/Cairo days)", () => {
  it("files a moment under its Cairo day, not its UTC day", () => {
    // 22:30 UTC on 21 Nov is 00:30 on 22 Nov in Cairo (UTC+2).
    expect(dayKey("2026-11-21T22:30:00.000Z")).toBe("2026-11-22");
    expect(dayKey("2026-11-21T21:45:00.000Z")).toBe("2026-11-21");
  });

  it("counts days across month ends and knows weekdays", () => {
    expect(addDays("2026-11-28", 5)).toBe("2026-12-03");
    expect(weekdayOf("2026-11-21")).toBe(6); // a Saturday
    expect(upcomingDays(new Date("2026-11-21T10:00:00Z"), 14)).toHaveLength(14);
    expect(upcomingDays(new Date("2026-11-21T23:00:00Z"), 1)).toEqual(["2026-11-22"]);
  });

  it("lays 14 days out in Saturday-first weeks", () => {
    // Starting on a Monday: two blank cells (Saturday, Sunday) first.
    const days = upcomingDays(new Date("2026-11-23T10:00:00Z"), 14);
    const weeks = weeksOf(days);
    expect(weeks[0]?.slice(0, 3)).toEqual([null, null, "2026-11-23"]);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.flat().filter(Boolean)).toEqual(days);
    // Starting on a Saturday: no padding.
    expect(weeksOf(upcomingDays(new Date("2026-11-21T10:00:00Z"), 14))).toHaveLength(2);
  });

  it("groups free starts by Cairo day in order", () => {
    const byDay = startsByDay([
      "2026-11-22T16:00:00.000Z",
      "2026-11-21T22:00:00.000Z",
      "2026-11-22T14:00:00.000Z",
    ]);
    expect([...byDay.keys()]).toEqual(["2026-11-22"]);
    expect(byDay.get("2026-11-22")).toEqual([
      "2026-11-21T22:00:00.000Z",
      "2026-11-22T14:00:00.000Z",
      "2026-11-22T16:00:00.000Z",
    ]);
  });

  it("asks the server from now to the viewer's midnight after the last day shown", () => {
    const now = new Date("2026-11-21T10:00:00Z");
    // 14 days from 21 Nov: up to 00:00 on 5 Dec in Cairo (UTC+2).
    expect(bookingWindow(now, 14)).toEqual({ from: now.toISOString(), to: "2026-12-04T22:00:00.000Z" });
    // West of UTC the last day ends after 00:00 UTC, and its evening is asked for too.
    setViewerTimeZone("America/New_York");
    try {
      expect(bookingWindow(now, 14)).toEqual({ from: now.toISOString(), to: "2026-12-05T05:00:00.000Z" });
    } finally {
      setViewerTimeZone(null);
    }
  });
});

describe("booking messages", () => {
  it("has an Arabic message for every booking code", () => {
    for (const code of [
      "lesson-time-passed",
      "tutor-not-found",
      "busy-tutor",
      "conflicting-lessons",
      "no-enough-minutes",
      "reached-booking-limit",
      "subscription-required",
    ]) {
      expect(bookingErrorMessage(code)).toBe(errorMessage(code));
      expect(bookingErrorMessage(code)).not.toBe(errorMessage("unexpected"));
    }
  });

  it("reads email-not-verified as a call to verify before booking, and the 6-hour rule in Arabic", () => {
    expect(bookingErrorMessage("email-not-verified")).toBe(ar.marketplace.booking.verifyEmailFirst);
    expect(bookingErrorMessage("lesson-cancel-window-passed")).toBe(
      errorMessage("lesson-cancel-window-passed"),
    );
    expect(bookingErrorMessage("lesson-cancel-window-passed")).toMatch(/ست ساعات/);
  });
});
