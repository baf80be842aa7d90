import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { NextLesson } from "@schema/api/stats";
import { NextLessonCard } from "../../web/src/features/dashboard/next-lesson-card";
import { formatCountdown, joinState } from "../../web/src/features/stats/countdown";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { renderWithApp } from "./render-with-app";

const MINUTE = 60_000;
const start = "2026-03-16T09:00:00.000Z";
const startsAt = Date.parse(start);
const lesson: NextLesson = {
  id: 42,
  start,
  duration: 30,
  otherMember: { id: 7, name: "Sara Ali", image: null },
};

describe("the join window", () => {
  it("is closed until 10 minutes before the start", () => {
    expect(joinState(lesson, startsAt - 10 * MINUTE - 1)).toMatchObject({
      kind: "closed",
      startsInMs: 10 * MINUTE + 1,
    });
    expect(joinState(lesson, startsAt - 2 * 24 * 60 * MINUTE).kind).toBe("closed");
  });

  it("opens 10 minutes before the start", () => {
    expect(joinState(lesson, startsAt - 10 * MINUTE)).toEqual({
      kind: "open",
      startsInMs: 10 * MINUTE,
      endsInMs: 40 * MINUTE,
      started: false,
    });
  });

  it("stays open while the lesson is happening, counting the time left", () => {
    expect(joinState(lesson, startsAt + 5 * MINUTE)).toEqual({
      kind: "open",
      startsInMs: 0,
      endsInMs: 25 * MINUTE,
      started: true,
    });
  });

  it("closes at the end of the lesson", () => {
    expect(joinState(lesson, startsAt + 30 * MINUTE)).toEqual({ kind: "ended" });
    expect(joinState({ start, duration: 15 }, startsAt + 15 * MINUTE)).toEqual({ kind: "ended" });
  });
});

describe("the countdown", () => {
  it("says days and hours in Arabic digits and plurals", () => {
    expect(formatCountdown((2 * 24 * 60 + 3 * 60) * MINUTE)).toBe("يومين و٣ ساعات");
    expect(formatCountdown(11 * 24 * 60 * MINUTE)).toBe("١١ يوم");
  });

  it("says hours and minutes under a day", () => {
    expect(formatCountdown((60 + 5) * MINUTE)).toBe("ساعة و٥ دقايق");
    expect(formatCountdown(2 * 60 * MINUTE)).toBe("ساعتين");
  });

  it("rounds up to the minute and never says zero", () => {
    expect(formatCountdown(9 * MINUTE + 1)).toBe("١٠ دقايق");
    expect(formatCountdown(20_000)).toBe("دقيقة واحدة");
    expect(formatCountdown(0)).toBe("دقيقة واحدة");
  });
});

describe("the next lesson card", () => {
  afterEach(cleanup);

  it("disables «انضم للحصة» with the note before the room opens", () => {
    renderWithApp(<NextLessonCard lesson={lesson} isTutor={false} now={startsAt - 60 * MINUTE} />);
    const button = screen.getByRole("button", { name: ar.stats.join });
    expect(button).toHaveProperty("disabled", true);
    expect(screen.getByText(ar.stats.roomOpensNote)).toBeTruthy();
    expect(screen.getByRole("timer").textContent).toBe(`${ar.stats.startsIn}: ساعة`);
  });

  it("links «انضم للحصة» to the lesson room once it is open", () => {
    renderWithApp(<NextLessonCard lesson={lesson} isTutor={false} now={startsAt - 5 * MINUTE} />);
    expect(screen.getByRole("link", { name: ar.stats.join }).getAttribute("href")).toBe("/lesson/42");
    expect(screen.queryByText(ar.stats.roomOpensNote)).toBeNull();
  });

  it("offers booking to a student without a next lesson", () => {
    renderWithApp(<NextLessonCard lesson={null} isTutor={false} />);
    expect(screen.getByText(ar.stats.noNextLesson)).toBeTruthy();
    expect(screen.getByRole("link", { name: ar.stats.bookLesson }).getAttribute("href")).toBe("/tutors");
  });
});
