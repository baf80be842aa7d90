import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { userWith } from "./fixtures";
import { renderWithApp } from "./render-with-app";

const put = vi.fn();
let device: string | null = "Asia/Riyadh";
vi.mock("../../web/src/lib/api", () => ({
  api: { put: (...args: unknown[]) => put(...args), get: vi.fn(), post: vi.fn(), delete: vi.fn() },
}));
vi.mock("../../web/src/features/user/time-zone-options", () => ({ deviceTimeZone: () => device }));

const { TimeZoneSuggestion, dismissedKey } = await import("../../web/src/features/user/time-zone-suggestion");
const { ar } = await import("../../web/src/i18n/ar-EG-all");

const t = ar.dashboard;

beforeEach(() => {
  put.mockReset();
  device = "Asia/Riyadh";
  localStorage.clear();
});
afterEach(cleanup);

describe("the dashboard's time-zone suggestion", () => {
  it("offers the device's clock when the account is on another, and saves it", async () => {
    const user = userWith();
    put.mockResolvedValue({ ...user, timeZone: "Asia/Riyadh" });
    renderWithApp(<TimeZoneSuggestion user={user} />);
    expect(screen.getByText(t.zoneSuggestion("الرياض", "القاهرة"))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: t.useZone("الرياض") }));
    await waitFor(() => expect(put).toHaveBeenCalledWith(`/user/${user.id}`, { timeZone: "Asia/Riyadh" }));
  });

  it("remembers «keep my clock» for this device zone", () => {
    const user = userWith();
    renderWithApp(<TimeZoneSuggestion user={user} />);
    fireEvent.click(screen.getByRole("button", { name: t.keepZone("القاهرة") }));
    expect(screen.queryByText(t.zoneSuggestion("الرياض", "القاهرة"))).toBeNull();
    expect(localStorage.getItem(dismissedKey(user.id, "Asia/Riyadh"))).toBe("1");
    cleanup();
    renderWithApp(<TimeZoneSuggestion user={user} />);
    expect(screen.queryByRole("button", { name: t.useZone("الرياض") })).toBeNull();
    expect(put).not.toHaveBeenCalled();
  });

  it("says nothing when the device is on the account's clock or its zone is unknown", () => {
    device = "Africa/Cairo";
    const { container } = renderWithApp(<TimeZoneSuggestion user={userWith()} />);
    expect(container.textContent).toBe("");
    cleanup();
    device = null;
    expect(renderWithApp(<TimeZoneSuggestion user={userWith()} />).container.textContent).toBe("");
  });
});
