// Reviews after they are written (docs/rules.md, Reviews): the tutor's reply under a rating, the
// flag button (signed in, not on one's own rating) and its dialog, and the tutor's reply box.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "@schema/enums";
import { RATING_REPLY_EDIT_MS } from "@schema/reviews";
import { userWith } from "./fixtures";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
const post = vi.fn();
const put = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    put: (...args: unknown[]) => put(...args),
    delete: vi.fn(),
  },
}));

const { TutorReviews } = await import("../../web/src/features/ratings/tutor-reviews");
const { MyReviews } = await import("../../web/src/features/ratings/my-reviews");
const { session } = await import("../../web/src/lib/session");
const { ar } = await import("../../web/src/i18n/ar-EG-all");

const r = ar.reviews;

const review = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  raterId: 50 + id,
  rateeId: 7,
  value: 4,
  text: `تقييم رقم ${id}`,
  reply: null as string | null,
  repliedAt: null as string | null,
  replyEditedAt: null as string | null,
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
  raterName: `طالب ${id}`,
  raterImage: null,
  ...over,
});
const page = (list: ReturnType<typeof review>[]) => ({
  list,
  total: list.length,
  average: 4,
  count: list.length,
});

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  put.mockReset();
});
afterEach(() => {
  cleanup();
  session.logout();
});

describe("the public reviews", () => {
  it("shows the tutor's reply under its rating, marked when edited", async () => {
    get.mockResolvedValue(
      page([
        review(1, {
          reply: "شكرًا ليك",
          repliedAt: "2026-03-02T10:00:00.000Z",
          replyEditedAt: "2026-03-02T11:00:00.000Z",
        }),
        review(2),
      ]),
    );
    renderWithApp(<TutorReviews tutorId={7} />);
    const first = await screen.findByText("تقييم رقم 1");
    const item = first.closest("[data-review]") as HTMLElement;
    expect(within(item).getByText(r.reply.heading)).toBeTruthy();
    expect(within(item).getByText("شكرًا ليك")).toBeTruthy();
    expect(within(item).getByText(r.reply.edited)).toBeTruthy();
    const second = screen.getByText("تقييم رقم 2").closest("[data-review]") as HTMLElement;
    expect(within(second).queryByText(r.reply.heading)).toBeNull();
  });

  it("offers the flag to a signed-in user on others' ratings only, and sends the reason", async () => {
    session.setUser({ ...userWith(Role.Student), id: 51 });
    get.mockResolvedValue(page([review(1), review(2)]));
    post.mockResolvedValue({ flagged: true });
    renderWithApp(<TutorReviews tutorId={7} />);
    await screen.findByText("تقييم رقم 1");
    // Rating 1 is the signed-in user's own (rater 51): no flag there.
    expect(screen.getAllByRole("button", { name: new RegExp(`^${r.flag.open}`) })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: `${r.flag.open} ${r.flag.of("طالب 2")}` }));
    const dialog = await screen.findByRole("dialog", { name: r.flag.title });
    fireEvent.click(within(dialog).getByRole("radio", { name: r.flag.reasons.spam }));
    fireEvent.change(within(dialog).getByLabelText(r.flag.textLabel), { target: { value: " إعلان " } });
    fireEvent.click(within(dialog).getByRole("button", { name: r.flag.send }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/rating/2/flag", { reason: "spam", text: "إعلان" }),
    );
    expect(await screen.findByText(r.flag.already)).toBeTruthy();
  });

  it("shows no flag to a visitor", async () => {
    get.mockResolvedValue(page([review(1)]));
    renderWithApp(<TutorReviews tutorId={7} />);
    await screen.findByText("تقييم رقم 1");
    expect(screen.queryByRole("button", { name: new RegExp(`^${r.flag.open}`) })).toBeNull();
  });
});

describe("«تقييماتي»", () => {
  it("sends a first reply, and locks a reply older than 24 hours", async () => {
    const old = new Date(Date.now() - RATING_REPLY_EDIT_MS - 60_000).toISOString();
    get.mockResolvedValue(page([review(1), review(2, { reply: "رد قديم", repliedAt: old })]));
    put.mockResolvedValue(review(1, { reply: "شكرًا", repliedAt: new Date().toISOString() }));
    renderWithApp(<MyReviews tutorId={7} />);
    await screen.findByText("تقييم رقم 1");
    const locked = screen.getByText("تقييم رقم 2").closest("[data-my-review]") as HTMLElement;
    expect(within(locked).getByText(r.mine.locked)).toBeTruthy();
    expect(within(locked).queryByRole("button", { name: r.mine.save })).toBeNull();
    const open = screen.getByText("تقييم رقم 1").closest("[data-my-review]") as HTMLElement;
    fireEvent.change(within(open).getByLabelText(new RegExp(r.mine.replyLabel)), {
      target: { value: "شكرًا" },
    });
    fireEvent.click(within(open).getByRole("button", { name: r.mine.send }));
    await waitFor(() => expect(put).toHaveBeenCalledWith("/rating/1/reply", { text: "شكرًا" }));
  });
});
