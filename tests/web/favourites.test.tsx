import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "./render-with-app";

// The heart on a tutor's card and page (web/src/features/learning/favourites/favourite-button.tsx)
// and the usual reply time in words (response-time.tsx).

const get = vi.fn();
const put = vi.fn();
const remove = vi.fn();
let signedIn = true;
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    put: (...args: unknown[]) => put(...args),
    delete: (...args: unknown[]) => remove(...args),
  },
}));
vi.mock("../../web/src/lib/session", () => ({
  useIsSignedIn: () => signedIn,
  useSession: () => ({ user: signedIn ? { id: 5, role: 3 } : null, token: signedIn ? "tok" : null }),
  session: { liveToken: () => "tok", getState: () => ({ token: "tok" }) },
}));

const { FavouriteButton } = await import("../../web/src/features/learning/favourites/favourite-button");
const { ResponseTime, replyTimeWords } =
  await import("../../web/src/features/learning/favourites/response-time");
const { arFavourites } = await import("../../web/src/i18n/ar-EG-favourites");
const { formatDurationWords } = await import("../../web/src/lib/plural");

afterEach(() => {
  cleanup();
  get.mockReset();
  put.mockReset();
  remove.mockReset();
  signedIn = true;
});

describe("the heart", () => {
  it("marks the saved tutors from one request for the ids, shared by every heart", async () => {
    get.mockResolvedValue({ ids: [7] });
    renderWithApp(
      <>
        <FavouriteButton tutorId={7} gender="female" />
        <FavouriteButton tutorId={8} gender="male" />
      </>,
    );
    const saved = await screen.findByRole("button", { name: arFavourites.unsave.female() });
    expect(saved.getAttribute("aria-pressed")).toBe("true");
    const other = screen.getByRole("button", { name: arFavourites.save.male() });
    expect(other.getAttribute("aria-pressed")).toBe("false");
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]![0]).toBe("/favourites/ids");
  });

  it("changes at once, and goes back when the Worker refuses", async () => {
    get.mockResolvedValue({ ids: [] });
    let refuse: (error: Error) => void = () => {};
    put.mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    renderWithApp(<FavouriteButton tutorId={8} gender="male" />);
    const button = await screen.findByRole("button", { name: arFavourites.save.male() });
    await waitFor(() => expect(get).toHaveBeenCalled());
    fireEvent.click(button);
    // Optimistic: pressed before the answer.
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("true"));
    expect(button.getAttribute("aria-label")).toBe(arFavourites.unsave.male());
    expect(put.mock.calls[0]![0]).toBe("/tutor/8/favourite");
    refuse(new Error("offline"));
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("false"));
  });
});

describe("the usual reply time", () => {
  it("rounds up to a quarter hour, half an hour, whole hours, then whole days", () => {
    expect(replyTimeWords(4 * 60)).toBe(formatDurationWords(15));
    expect(replyTimeWords(20 * 60)).toBe(formatDurationWords(30));
    expect(replyTimeWords(45 * 60)).toBe(formatDurationWords(60));
    expect(replyTimeWords(2.5 * 3600)).toBe(formatDurationWords(180));
    expect(replyTimeWords(30 * 3600)).toBe(formatDurationWords(2 * 24 * 60));
  });

  it("says it in the tutor's gender, and nothing without a time", () => {
    const { container } = renderWithApp(
      <>
        <ResponseTime seconds={3000} gender="female" />
        <ResponseTime seconds={null} gender="male" />
      </>,
    );
    expect(container.textContent).toBe(arFavourites.replies.female(formatDurationWords(60)));
  });
});
