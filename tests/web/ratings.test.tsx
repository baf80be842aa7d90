import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TutorReviews as TutorReviewsData } from "../../schema/api/rating";
import { ApiError } from "../../web/src/lib/api-error";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
const post = vi.fn();
const put = vi.fn();
const del = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    put: (...args: unknown[]) => put(...args),
    delete: (...args: unknown[]) => del(...args),
  },
}));

const { RatingDialog } = await import("../../web/src/features/ratings/rating-dialog");
const { TutorReviews } = await import("../../web/src/features/ratings/tutor-reviews");
const { ratingFormSchema } = await import("../../web/src/features/ratings/rating-rules");
const { validateForm } = await import("../../web/src/lib/form");
const { ar, errorMessage } = await import("../../web/src/i18n/ar-EG-all");

const t = ar.ratings;

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  put.mockReset();
  del.mockReset();
});
afterEach(cleanup);

describe("rating form rules", () => {
  it.each([
    [{ value: "", text: "" }, { value: "required" }],
    [{ value: "6", text: "" }, { value: "too-high-rating-value" }],
    [{ value: "0", text: "" }, { value: "too-low-rating-value" }],
    [{ value: "4", text: "  لا " }, { text: "short-rating-text" }],
    [{ value: "4", text: "ا".repeat(1001) }, { text: "long-rating-text" }],
  ])("refuses %j with %j", (values, errors) => {
    expect(validateForm(ratingFormSchema, values)).toEqual({ ok: false, errors });
  });

  it("turns blank text into no text and the star into a number", () => {
    expect(validateForm(ratingFormSchema, { value: "5", text: "   " })).toEqual({
      ok: true,
      data: { value: 5, text: null },
    });
    expect(validateForm(ratingFormSchema, { value: "3", text: " جيد جدًا " })).toEqual({
      ok: true,
      data: { value: 3, text: "جيد جدًا" },
    });
  });
});

describe("rating dialog", () => {
  it("asks for a star before sending anything", async () => {
    renderWithApp(<RatingDialog tutorId={7} tutorName="أحمد" existing={null} onClose={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    expect(await screen.findByText(errorMessage("required"))).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it("shows the short-text error under the text and sends nothing", async () => {
    renderWithApp(<RatingDialog tutorId={7} tutorName="أحمد" existing={null} onClose={() => {}} />);
    fireEvent.click(screen.getByLabelText(t.valueOf("٤")));
    fireEvent.change(screen.getByLabelText(t.text), { target: { value: "لا" } });
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    expect(await screen.findByText(errorMessage("short-rating-text"))).toBeTruthy();
    expect(screen.getByLabelText(t.text).getAttribute("aria-invalid")).toBe("true");
    expect(post).not.toHaveBeenCalled();
  });

  it("posts the chosen star and text, then closes", async () => {
    post.mockResolvedValue({ id: 1 });
    const onClose = vi.fn();
    renderWithApp(<RatingDialog tutorId={7} tutorName="أحمد" existing={null} onClose={onClose} />);
    expect(screen.getByRole("dialog", { name: t.dialogTitle("أحمد") })).toBeTruthy();
    fireEvent.click(screen.getByLabelText(t.valueOf("٥")));
    fireEvent.change(screen.getByLabelText(t.text), { target: { value: "مدرس ممتاز" } });
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/rating/", { rateeId: 7, value: 5, text: "مدرس ممتاز" }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("explains a refusal when there was no fulfilled lesson", async () => {
    post.mockRejectedValue(new ApiError("forbidden", 403));
    renderWithApp(<RatingDialog tutorId={7} tutorName="أحمد" existing={null} onClose={() => {}} />);
    fireEvent.click(screen.getByLabelText(t.valueOf("٣")));
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    expect(await screen.findByText(t.forbidden)).toBeTruthy();
  });

  it("edits an existing rating with PUT, prefilled, and can delete it", async () => {
    put.mockResolvedValue({ id: 9 });
    const existing = {
      id: 9,
      raterId: 1,
      rateeId: 7,
      value: 2,
      text: "مقبول",
      reply: null,
      repliedAt: null,
      replyEditedAt: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    };
    renderWithApp(<RatingDialog tutorId={7} tutorName="أحمد" existing={existing} onClose={() => {}} />);
    expect((screen.getByLabelText(t.valueOf("٢")) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(t.text) as HTMLTextAreaElement).value).toBe("مقبول");
    expect(screen.getByRole("button", { name: t.remove })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t.text), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: t.save }));
    await waitFor(() => expect(put).toHaveBeenCalledWith("/rating/9", { value: 2, text: null }));
    del.mockResolvedValue(undefined);
    fireEvent.click(screen.getByRole("button", { name: t.remove }));
    await waitFor(() => expect(del).toHaveBeenCalledWith("/rating/9"));
  });
});

describe("tutor reviews", () => {
  const review = (id: number, value: number, raterName: string | null, text: string | null) => ({
    id,
    raterId: id + 100,
    rateeId: 7,
    value,
    text,
    reply: null as string | null,
    repliedAt: null as string | null,
    replyEditedAt: null as string | null,
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    raterName,
    raterImage: null,
  });

  it("shows the placeholder when the tutor has no reviews", async () => {
    get.mockResolvedValue({ list: [], total: 0, average: null, count: 0 } satisfies TutorReviewsData);
    renderWithApp(<TutorReviews tutorId={7} />);
    expect(await screen.findByText(ar.marketplace.profile.noReviews)).toBeTruthy();
    expect(get).toHaveBeenCalledWith(
      "/rating/list/tutor/7",
      expect.objectContaining({ public: true, query: { page: 1, size: 10 } }),
    );
  });

  it("lists the reviews in the order given, with names, stars, text and the average", async () => {
    get.mockResolvedValue({
      list: [review(2, 5, "سارة", "ممتاز"), review(1, 2, null, null)],
      total: 2,
      average: 3.5,
      count: 2,
    } satisfies TutorReviewsData);
    renderWithApp(<TutorReviews tutorId={7} />);
    expect(await screen.findByText(t.reviewsSummary("٣٫٥", "٢"))).toBeTruthy();
    const items = [...document.querySelectorAll("[data-review]")].map((li) => li.getAttribute("data-review"));
    expect(items).toEqual(["2", "1"]);
    expect(screen.getByText("سارة")).toBeTruthy();
    expect(screen.getByText(t.anonymous)).toBeTruthy();
    expect(screen.getByText("ممتاز")).toBeTruthy();
    expect(screen.getByRole("img", { name: t.valueOf("٥") })).toBeTruthy();
    expect(screen.getByRole("img", { name: t.valueOf("٢") })).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("pages through many reviews", async () => {
    get.mockImplementation((_path: string, options: { query: { page: number } }) =>
      Promise.resolve({
        list: [review(options.query.page, 4, `طالب ${options.query.page}`, null)],
        total: 15,
        average: 4,
        count: 15,
      }),
    );
    renderWithApp(<TutorReviews tutorId={7} />);
    expect(await screen.findByText("طالب 1")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: ar.ui.next }));
    expect(await screen.findByText("طالب 2")).toBeTruthy();
  });
});
