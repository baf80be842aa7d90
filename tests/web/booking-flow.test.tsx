import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../web/src/lib/api-error";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
const post = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: { get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args) },
}));

const { BookedNotice, BookingFlow } = await import("../../web/src/features/lessons/booking-flow");
const { ar } = await import("../../web/src/i18n/ar-EG-all");
const { dayKey } = await import("../../web/src/features/lessons/calendar");
const { session } = await import("../../web/src/lib/session");
const { userWith } = await import("./fixtures");

// A signed-in student: the booking reads their plan (GET /sub/user) to offer only what fits.
function liveToken(): string {
  const now = Math.floor(Date.now() / 1000);
  return `header.${btoa(JSON.stringify({ id: 7, iat: now, exp: now + 30 * 86400 })).replace(/=+$/, "")}.signature`;
}
beforeEach(() => session.signIn({ user: userWith(), token: liveToken() }));
afterEach(() => {
  cleanup();
  session.logout("signed-out");
});

/** Free starts tomorrow 16:00 and 16:30 Cairo (14:00, 14:30 UTC) for 30 minutes; 15-minute starts add 16:15. */
type Sub = {
  info: { weeklyMinutes: number } | null;
  remainingWeeklyMinutes: number;
  week: { index: number; start: string; end: string } | null;
};
const noPlan: Sub = { info: null, remainingWeeklyMinutes: 0, week: null };
/** A plan of 60 minutes a week, `left` of them left this week (the week holds the next 14 days). */
const plan = (left: number): Sub => ({
  info: { weeklyMinutes: 60 },
  remainingWeeklyMinutes: left,
  week: {
    index: 0,
    start: new Date(Date.now() - 86_400_000).toISOString(),
    end: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  },
});

function freeStarts(subscription: Sub = plan(60)) {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const day = dayKey(tomorrow);
  const at = (time: string) => new Date(`${day}T${time}:00.000+02:00`).toISOString();
  get.mockImplementation((path: string, options: { query: { duration: number } }) => {
    if (path === "/lesson/free-times") {
      const starts =
        options.query.duration === 15 ? [at("16:00"), at("16:15"), at("16:30")] : [at("16:00"), at("16:30")];
      return Promise.resolve({ tutorId: 5, duration: options.query.duration, starts });
    }
    if (path === "/sub/user") return Promise.resolve(subscription);
    return Promise.reject(new ApiError("not-found", 404));
  });
  return { day, at };
}

describe("booking flow", () => {
  it("walks date → duration → time → confirmation and posts the chosen lesson", async () => {
    const { day, at } = freeStarts();
    post.mockResolvedValue({ id: 1 });
    const onDone = vi.fn();
    renderWithApp(<BookingFlow tutorId={5} tutorName="أحمد" onDone={onDone} />);

    const dayButton = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>(`[data-day="${day}"]`);
      expect(button).not.toBeNull();
      return button!;
    });
    expect(dayButton.disabled).toBe(false);
    // Days without free time cannot be chosen.
    const others = [...document.querySelectorAll<HTMLButtonElement>("[data-day]")].filter(
      (button) => button !== dayButton,
    );
    expect(others.length).toBe(13);
    expect(others.every((button) => button.disabled)).toBe(true);

    fireEvent.click(dayButton);
    fireEvent.click(screen.getByLabelText(ar.marketplace.booking.minutes("٣٠")));
    fireEvent.click(screen.getByRole("button", { name: ar.ui.next }));
    const times = await screen.findAllByRole("button", { pressed: false });
    expect(times).toHaveLength(2);
    fireEvent.click(times[1]!);

    expect(await screen.findByText(ar.marketplace.booking.confirmTitle)).toBeTruthy();
    expect(screen.getByText("أحمد")).toBeTruthy();
    // The confirmation says which clock its time is on.
    expect(screen.getByText("بتوقيت القاهرة")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: ar.marketplace.booking.confirm }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/lesson/", { tutorId: 5, start: at("16:30"), duration: 30 }),
    );
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it("shows the Arabic message of a refused booking", async () => {
    const { day } = freeStarts();
    post.mockRejectedValue(new ApiError("no-enough-minutes", 422));
    renderWithApp(<BookingFlow tutorId={5} tutorName="أحمد" />);
    const dayButton = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>(`[data-day="${day}"]`);
      expect(button).not.toBeNull();
      return button!;
    });
    fireEvent.click(dayButton);
    fireEvent.click(screen.getByRole("button", { name: ar.ui.next }));
    const times = await screen.findAllByRole("button", { pressed: false });
    fireEvent.click(times[0]!);
    fireEvent.click(await screen.findByRole("button", { name: ar.marketplace.booking.confirm }));
    expect(await screen.findByText("دقائقك الأسبوعية المتبقية لا تكفي")).toBeTruthy();
  });

  it("says before confirming, and again once booked, that a lesson inside the cancel window cannot be cancelled or moved", async () => {
    // A free start 70 minutes from now (on the quarter-hour grid): inside the default 6-hour window.
    const soon = new Date(Math.ceil((Date.now() + 70 * 60_000) / 900_000) * 900_000).toISOString();
    get.mockImplementation((path: string, options: { query: { duration: number } }) => {
      if (path === "/lesson/free-times")
        return Promise.resolve({ tutorId: 5, duration: options.query.duration, starts: [soon] });
      if (path === "/sub/user") return Promise.resolve(plan(60));
      return Promise.reject(new ApiError("not-found", 404));
    });
    renderWithApp(<BookingFlow tutorId={5} tutorName="أحمد" />);
    const dayButton = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>(`[data-day="${dayKey(soon)}"]`);
      expect(button?.disabled).toBe(false);
      return button!;
    });
    fireEvent.click(dayButton);
    fireEvent.click(screen.getByRole("button", { name: ar.ui.next }));
    fireEvent.click((await screen.findAllByRole("button", { pressed: false }))[0]!);
    expect(await screen.findByText(ar.marketplace.booking.confirmTitle)).toBeTruthy();
    expect(screen.getByText(ar.market.changes.lockedTitle)).toBeTruthy();
    cleanup();

    // The success screen repeats it; a lesson two days away says nothing of the kind.
    renderWithApp(<BookedNotice lesson={{ start: soon }} title={ar.marketplace.booking.booked} />);
    expect(screen.getByText(ar.marketplace.booking.booked)).toBeTruthy();
    expect(document.querySelector("[data-booked-notice]")?.textContent).toMatch(/مقفولة/);
    cleanup();
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    renderWithApp(<BookedNotice lesson={{ start: later }} title={ar.marketplace.booking.booked} />);
    expect(document.querySelector("[data-booked-notice]")?.textContent).not.toMatch(/مقفولة/);
  });

  it("does not warn about the cancel window for a lesson that can still be changed", async () => {
    const { day } = freeStarts();
    renderWithApp(<BookingFlow tutorId={5} tutorName="أحمد" />);
    const dayButton = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>(`[data-day="${day}"]`);
      expect(button?.disabled).toBe(false);
      return button!;
    });
    fireEvent.click(dayButton);
    fireEvent.click(screen.getByRole("button", { name: ar.ui.next }));
    fireEvent.click((await screen.findAllByRole("button", { pressed: false }))[0]!);
    expect(await screen.findByText(ar.marketplace.booking.confirmTitle)).toBeTruthy();
    expect(screen.queryByText(ar.market.changes.lockedTitle)).toBeNull();
  });

  /** Picks the free day and answers the duration radios. */
  async function openDurations(day: string) {
    const dayButton = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>(`[data-day="${day}"]`);
      expect(button?.disabled).toBe(false);
      return button!;
    });
    fireEvent.click(dayButton);
    const short = screen.getByRole<HTMLInputElement>("radio", {
      name: new RegExp(`^${ar.marketplace.booking.minutes("١٥")}`),
    });
    const long = screen.getByRole<HTMLInputElement>("radio", {
      name: new RegExp(`^${ar.marketplace.booking.minutes("٣٠")}`),
    });
    return { short, long };
  }

  it("offers a student without a plan only the 15-minute trial, preselected, and says why 30 minutes is not offered", async () => {
    const { day, at } = freeStarts(noPlan);
    post.mockResolvedValue({ id: 1 });
    renderWithApp(<BookingFlow tutorId={5} tutorName="أحمد" />);
    const { short, long } = await openDurations(day);
    await waitFor(() => expect(short.checked).toBe(true));
    expect(long.disabled).toBe(true);
    expect(screen.getByText(ar.market.booking.trialOnly("ربع ساعة"))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: ar.ui.next }));
    const times = await screen.findAllByRole("button", { pressed: false });
    expect(times).toHaveLength(3);
    fireEvent.click(times[0]!);
    fireEvent.click(await screen.findByRole("button", { name: ar.marketplace.booking.confirm }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/lesson/", { tutorId: 5, start: at("16:00"), duration: 15 }),
    );
  });

  it("does not offer 30 minutes with 15 minutes left this week, and says how many are left", async () => {
    const { day } = freeStarts(plan(15));
    renderWithApp(<BookingFlow tutorId={5} tutorName="أحمد" />);
    const { short, long } = await openDurations(day);
    await waitFor(() => expect(long.disabled).toBe(true));
    expect(short.checked).toBe(true);
    expect(screen.getByText(ar.market.booking.notEnoughMinutes("١٥ دقيقة"))).toBeTruthy();
  });

  it("offers no duration and no next step when the week's minutes are used up", async () => {
    const { day } = freeStarts(plan(0));
    renderWithApp(<BookingFlow tutorId={5} tutorName="أحمد" />);
    const { short, long } = await openDurations(day);
    await waitFor(() => expect(short.disabled).toBe(true));
    expect(long.disabled).toBe(true);
    expect(screen.getByText(ar.market.booking.noDurationFits)).toBeTruthy();
    expect(screen.queryByRole("button", { name: ar.ui.next })).toBeNull();
  });
});
