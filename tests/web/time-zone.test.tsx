import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { userWith } from "./fixtures";
import { renderWithApp } from "./render-with-app";

const put = vi.fn();
const get = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    put: (...args: unknown[]) => put(...args),
    get: (...args: unknown[]) => get(...args),
    post: vi.fn(),
    delete: vi.fn(),
  },
}));

const { formatDateTime, formatTime, setViewerTimeZone, viewerClock, viewerTimeZone } =
  await import("../../web/src/lib/format");
const { session } = await import("../../web/src/lib/session");
const { dayKey } = await import("../../web/src/features/lessons/calendar");
const { localDay, weekRange, zonedInstant } = await import("../../web/src/features/availability/week");
const { TimeZoneForm } = await import("../../web/src/features/user/time-zone-form");
const { timeZoneOptions } = await import("../../web/src/features/user/time-zone-options");
const { ar } = await import("../../web/src/i18n/ar-EG-all");
const { useTutorListQuery } = await import("../../web/src/features/tutors/use-tutors");

function TutorList({ day }: { day?: string }) {
  useTutorListQuery({ day }, 1);
  return null;
}

const t = ar.settings;

beforeEach(() => {
  put.mockReset();
  get.mockReset();
  get.mockResolvedValue({ list: [], total: 0 });
});
afterEach(() => {
  cleanup();
  session.logout("signed-out");
  setViewerTimeZone(null);
});

describe("times on the viewer's clock", () => {
  it("shows Cairo time until a zone is chosen, then the chosen zone's", () => {
    const instant = "2026-11-21T21:30:00.000Z"; // 23:30 in Cairo, 00:30 next day in Riyadh
    expect(viewerTimeZone()).toBe("Africa/Cairo");
    expect(viewerClock()).toBe("بتوقيت القاهرة");
    const cairo = formatTime(instant);
    expect(dayKey(instant)).toBe("2026-11-21");
    setViewerTimeZone("Asia/Riyadh");
    expect(viewerClock()).toBe("بتوقيت الرياض");
    expect(formatTime(instant)).not.toBe(cairo);
    expect(formatTime(instant)).toBe(
      new Intl.DateTimeFormat("ar-EG", { timeStyle: "short", timeZone: "Asia/Riyadh" }).format(
        new Date(instant),
      ),
    );
    expect(dayKey(instant)).toBe("2026-11-22");
    expect(localDay(instant)).toBe("2026-11-22");
  });

  it("builds Saturday-first weeks from the viewer's midnight", () => {
    setViewerTimeZone("Asia/Dubai"); // UTC+4 all year
    expect(zonedInstant("2026-11-21", 0)?.toISOString()).toBe("2026-11-20T20:00:00.000Z");
    expect(weekRange("2026-11-21")).toEqual({
      after: "2026-11-20T20:00:00.000Z",
      before: "2026-11-27T20:00:00.000Z",
    });
  });

  it("falls back to Cairo for a missing or unknown zone", () => {
    setViewerTimeZone("Mars/Olympus");
    expect(viewerTimeZone()).toBe("Africa/Cairo");
    setViewerTimeZone(undefined);
    expect(viewerTimeZone()).toBe("Africa/Cairo");
  });

  it("follows the signed-in user's zone, and Cairo again after sign-out", () => {
    session.signIn({ user: { ...userWith(), timeZone: "Europe/London" }, token: "t" });
    expect(viewerTimeZone()).toBe("Europe/London");
    // The weekday and month by name, the time on London's clock (12:00 UTC is 12:00 in London in November).
    expect(formatDateTime("2026-11-21T12:00:00Z", "2026-11-20T12:00:00Z")).toBe("السبت، ٢١ نوفمبر، ١٢:٠٠ م");
    session.logout("signed-out");
    expect(viewerTimeZone()).toBe("Africa/Cairo");
  });
});

describe("the tutor list's free-day filter", () => {
  it("asks for the viewer's calendar day: no zone sent for Cairo, the zone otherwise", async () => {
    renderWithApp(<TutorList day="2026-11-25" />);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    expect(get.mock.calls[0]![1].query).toEqual({ day: "2026-11-25", page: 1, size: 12 });
    cleanup();
    setViewerTimeZone("Asia/Dubai");
    renderWithApp(<TutorList day="2026-11-25" />);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(get.mock.calls[1]![1].query).toEqual({
      day: "2026-11-25",
      timeZone: "Asia/Dubai",
      page: 1,
      size: 12,
    });
    cleanup();
    renderWithApp(<TutorList />);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(3));
    expect(get.mock.calls[2]![1].query).toEqual({ day: undefined, page: 1, size: 12 });
  });
});

describe("settings: time zone", () => {
  it("offers our users' zones by city with their offset, and keeps a zone outside the list", () => {
    const options = timeZoneOptions("Asia/Tokyo", null, new Date("2026-11-21T12:00:00Z"));
    expect(options[0]).toEqual({ value: "Africa/Cairo", label: "القاهرة (غرينتش+٢)" });
    expect(options.find((option) => option.value === "Asia/Riyadh")?.label).toBe("الرياض (غرينتش+٣)");
    expect(options.at(-1)?.value).toBe("Asia/Tokyo");
    expect(new Set(options.map((option) => option.value)).size).toBe(options.length);
  });

  it("saves the chosen zone and the session follows it", async () => {
    const user = userWith();
    session.signIn({ user, token: "t" });
    put.mockResolvedValue({ ...user, timeZone: "Asia/Riyadh" });
    renderWithApp(<TimeZoneForm user={user} />);
    const save = screen.getByRole("button", { name: ar.ui.save }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(new RegExp(t.timeZone)), { target: { value: "Asia/Riyadh" } });
    expect(screen.getByText(new RegExp(t.nowThere("").trim()))).toBeTruthy();
    fireEvent.click(save);
    await waitFor(() => expect(put).toHaveBeenCalledWith(`/user/${user.id}`, { timeZone: "Asia/Riyadh" }));
    await waitFor(() => expect(viewerTimeZone()).toBe("Asia/Riyadh"));
    expect(session.getState().user?.timeZone).toBe("Asia/Riyadh");
  });
});
