import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../web/src/lib/api-error";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
const post = vi.fn();
vi.mock("../../web/src/lib/api", () => ({ api: { get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args) } }));

const { BookingFlow } = await import("../../web/src/features/lessons/booking-flow");
const { ar } = await import("../../web/src/i18n/ar-EG");
const { dayKey } = await import("../../web/src/features/lessons/calendar");

afterEach(cleanup);

/** Free starts tomorrow 16:00 and 16:30 Cairo (14:00, 14:30 UTC) for 30 minutes; 15-minute starts add 16:15. */
function freeStarts() {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const day = dayKey(tomorrow);
  const at = (time: string) => new Date(`${day}T${time}:00.000+02:00`).toISOString();
  get.mockImplementation((path: string, options: { query: { duration: number } }) => {
    if (path === "/lesson/free-times") {
      const starts = options.query.duration === 15 ? [at("16:00"), at("16:15"), at("16:30")] : [at("16:00"), at("16:30")];
      return Promise.resolve({ tutorId: 5, duration: options.query.duration, starts });
    }
    if (path === "/sub/user") return Promise.resolve({ info: null, remainingWeeklyMinutes: 0, week: null });
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
    const others = [...document.querySelectorAll<HTMLButtonElement>("[data-day]")].filter((button) => button !== dayButton);
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
    await waitFor(() => expect(post).toHaveBeenCalledWith("/lesson/", { tutorId: 5, start: at("16:30"), duration: 30 }));
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
});
