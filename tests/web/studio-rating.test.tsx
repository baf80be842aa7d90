import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OnboardingStep } from "@schema/api/onboarding";
import type { PhotoSessionView } from "@schema/api/photo-session";
import type { RatingView } from "@schema/api/rating";
import { Role } from "@schema/enums";
import { ApiError } from "../../web/src/lib/api-error";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
const post = vi.fn();
const put = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    put: (...args: unknown[]) => put(...args),
  },
}));
const tutor = { id: 21, role: Role.Tutor };
vi.mock("../../web/src/lib/session", () => ({
  session: { liveToken: () => "token" },
  useSession: () => ({ user: tutor }),
}));

const { PhotoSessionStep } = await import("../../web/src/features/studio/photo-session-step");
const { ar } = await import("../../web/src/i18n/ar-EG-all");

const t = ar.ratings;
afterEach(cleanup);
beforeEach(() => {
  for (const mock of [get, post, put]) mock.mockReset();
});

const doneStep: OnboardingStep = {
  state: "passed",
  next: "done",
  id: 4,
  retryAt: null,
  start: null,
  feedback: null,
};
const session = (over: Partial<PhotoSessionView> = {}): PhotoSessionView => ({
  id: 4,
  tutorId: tutor.id,
  tutorName: "مدرس",
  studioId: 6,
  studioName: "استوديو النور",
  scheduledAt: null,
  status: "done",
  image: "/api/v1/assets/uploads/p.png",
  video: "/api/v1/assets/uploads/v.webm",
  thumbnail: "/api/v1/assets/uploads/t.png",
  note: null,
  completedAt: "2026-11-01T10:00:00.000Z",
  createdAt: "2026-10-20T10:00:00.000Z",
  ...over,
});
const rating = (over: Partial<RatingView> = {}): RatingView => ({
  id: 30,
  raterId: tutor.id,
  rateeId: 6,
  value: 3,
  text: null,
  reply: null,
  repliedAt: null,
  replyEditedAt: null,
  createdAt: "2026-11-02T10:00:00.000Z",
  updatedAt: "2026-11-02T10:00:00.000Z",
  ...over,
});

/** Answers GET /photo-session/4 and the tutor's own ratings. */
function answer(view: PhotoSessionView, mine: RatingView[] = []) {
  get.mockImplementation((path: string) =>
    Promise.resolve(
      path === "/photo-session/4"
        ? view
        : path === `/rating/list/rater/${tutor.id}`
          ? { list: mine, total: mine.length }
          : null,
    ),
  );
}

describe("a tutor rating the studio that made their video", () => {
  it("rates the studio from the finished photo-session step", async () => {
    answer(session());
    post.mockResolvedValue(rating({ value: 5 }));
    renderWithApp(<PhotoSessionStep step={doneStep} />);
    expect(screen.getByText(ar.onboarding.photoDone)).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: t.rateStudio }));
    expect(screen.getByRole("dialog", { name: t.dialogTitle("استوديو النور") })).toBeTruthy();
    fireEvent.click(screen.getByLabelText(t.valueOf("٥")));
    fireEvent.change(screen.getByLabelText(t.studioText), { target: { value: "تصوير ممتاز" } });
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/rating/", { rateeId: 6, value: 5, text: "تصوير ممتاز" }),
    );
  });

  it("offers to edit an earlier rating of that studio with PUT", async () => {
    answer(session(), [rating({ value: 2, text: "مقبول" })]);
    put.mockResolvedValue(rating({ value: 4 }));
    renderWithApp(<PhotoSessionStep step={doneStep} />);
    fireEvent.click(await screen.findByRole("button", { name: t.editStudioRating }));
    expect((screen.getByLabelText(t.valueOf("٢")) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText(t.valueOf("٤")));
    fireEvent.click(screen.getByRole("button", { name: t.save }));
    await waitFor(() => expect(put).toHaveBeenCalledWith("/rating/30", { value: 4, text: "مقبول" }));
  });

  it("offers nothing while the studio has not uploaded the video", async () => {
    answer(session({ video: null }));
    renderWithApp(<PhotoSessionStep step={doneStep} />);
    await waitFor(() => expect(get).toHaveBeenCalledWith("/photo-session/4", expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("button", { name: t.rateStudio })).toBeNull();
  });

  it("explains the server's refusal in studio terms", async () => {
    answer(session());
    post.mockRejectedValue(new ApiError("forbidden", 403));
    renderWithApp(<PhotoSessionStep step={doneStep} />);
    fireEvent.click(await screen.findByRole("button", { name: t.rateStudio }));
    fireEvent.click(screen.getByLabelText(t.valueOf("٣")));
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    expect(await screen.findByText(t.studioForbidden)).toBeTruthy();
  });
});
